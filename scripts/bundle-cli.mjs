/**
 * Bundles the built CLI (`dist/src/cli/main.js`, from `tsc`) into
 * `dist/cli/`, the published bin. A fresh `droidproof snapshot` otherwise
 * resolves and reads ~200 ES modules (95 of them zod's, 60 of those
 * locales), which cost a cold process more than the device round trips;
 * bundled, that is one entry and a few shared chunks. Commands stay lazy:
 * each is its own chunk, loaded by the registry's dynamic `import()`.
 * Packages with native parts or their own heavy trees (sharp, fastify, the
 * MCP SDK, adbkit, ...) stay external and load from node_modules as before;
 * zod is bundled. `dist/src/` stays the library the package exports.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const BUNDLED = new Set(['zod']);
const external = Object.keys({
  ...pkg.dependencies,
  ...pkg.peerDependencies,
  ...pkg.devDependencies,
})
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * zod re-exports all its ~60 locales as a namespace, which keeps every one of
 * them in the bundle (~400 KB that a cold process parses). droidproof never
 * switches zod's locale; zod itself configures English, so the namespace
 * carries English only in the bin.
 */
const englishOnlyZodLocales = {
  name: 'english-only-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales/index.js'), namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))};`,
      resolveDir: dirname(args.path),
    }));
  },
};

const outdir = join(root, 'dist/cli');
// Chunk names carry content hashes: start empty so no stale chunk ships.
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: [join(root, 'dist/src/cli/main.js')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  plugins: [englishOnlyZodLocales],
  // Readable names in stack traces and in the loaded-modules test.
  entryNames: '[name]',
  // Flat, so `import.meta.url`-relative paths (package.json, the APK) sit as deep as from dist/src/*/.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
