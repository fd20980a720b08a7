import { fileURLToPath } from 'node:url';

/**
 * The absolute path of a sibling module, with this file's own extension, so
 * the plugin points Vitest at `dist/**.js` when built and `src/**.ts` when run from source.
 */
export function siblingModule(name: string): string {
  const own = fileURLToPath(import.meta.url);
  const extension = own.slice(own.lastIndexOf('.'));
  return fileURLToPath(new URL(`./${name}${extension}`, import.meta.url));
}
