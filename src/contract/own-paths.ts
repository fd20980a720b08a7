/**
 * Error messages never show where droidproof itself is installed: an absolute
 * path into droidproof's own `dist/`, `src/`, `operator/` or `node_modules/`
 * (as a path or a file URL) is shown relative to the package, as
 * `droidproof/dist/...`. The user's own files keep their absolute paths.
 */
import { basename, dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeRegExp } from './escape-regexp.js';

/** The package root: this file is `<root>/src/contract/` from source, `<root>/dist/src/contract/` built. */
function packageRoot(): string {
  const above = fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, '');
  return basename(above) === 'dist' ? dirname(above) : above;
}

const ROOT = packageRoot();
const INTERNAL = '(?:dist|src|operator|node_modules)';
const OWN_PATH = new RegExp(
  `(?:${escapeRegExp(pathToFileURL(ROOT).href)}/|${escapeRegExp(ROOT + sep)})(?=${INTERNAL}[\\\\/])`,
  'g',
);

/** `message` with droidproof's own install paths made package-relative (`droidproof/dist/...`). */
export function withoutOwnPaths(message: string): string {
  return message.replace(OWN_PATH, 'droidproof/');
}
