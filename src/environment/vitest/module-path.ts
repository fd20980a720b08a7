import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const OWN_FILE = fileURLToPath(import.meta.url);

/**
 * The absolute path of a sibling module, with this file's own extension, so
 * the plugin points Vitest at `dist/**.js` when built and `src/**.ts` when run from source.
 */
export function siblingModule(name: string): string {
  return resolve(dirname(OWN_FILE), `${name}${OWN_FILE.slice(OWN_FILE.lastIndexOf('.'))}`);
}

/** The built package's `dist/` folder when running from it, else undefined (running from source). */
export function builtPackageDir(): string | undefined {
  const marker = `${sep}dist${sep}src${sep}`;
  const at = OWN_FILE.lastIndexOf(marker);
  return at === -1 ? undefined : OWN_FILE.slice(0, at + marker.length - `src${sep}`.length);
}
