import { readFileSync } from 'node:fs';

/**
 * droidproof's own version, read once from its package.json. The Operator
 * version rule compares against it, and the virtual Operator reports it.
 * The file sits one level above `src/` or two above `dist/src/`.
 */
export function droidproofVersion(): string {
  cached ??= readVersion();
  return cached;
}

let cached: string | undefined;

function readVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'droidproof' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Try the other layout.
    }
  }
  return '0.0.0';
}
