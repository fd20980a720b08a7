import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp } from '../../contract/escape-regexp.js';

const OWN_FILE = fileURLToPath(import.meta.url);

/**
 * The absolute path of a sibling module, with this file's own extension, so
 * the plugin points Vitest at `dist/**.js` when built and `src/**.ts` when run from source.
 */
export function siblingModule(name: string): string {
  return resolve(dirname(OWN_FILE), `${name}${OWN_FILE.slice(OWN_FILE.lastIndexOf('.'))}`);
}

/** Matches the built package's `dist/` files when running from them; undefined when running from source. */
export function builtPackagePattern(): RegExp | undefined {
  const marker = `${sep}dist${sep}`;
  const at = OWN_FILE.lastIndexOf(`${marker}src${sep}`);
  if (at === -1) return undefined;
  const dist = OWN_FILE.slice(0, at + marker.length);
  return new RegExp(`^${escapeRegExp(dist)}`);
}
