/**
 * The lazy command registry: each entry's words are exactly its module's
 * `name` and `aliases` (so dispatch without loading cannot drift from help),
 * no word is claimed twice, and the built CLI's `snapshot` path loads none of
 * the heavy modules other commands need.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS, loadCommands } from '../../src/cli/registry.js';

const root = join(import.meta.dirname, '../..');
const builtCli = join(root, 'dist/src/cli/main.js');
const bundledBin = join(
  root,
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { droidproof: string } }).bin
    .droidproof,
);

describe('command registry', () => {
  it('names every command by its module name first, then its aliases', async () => {
    const loaded = await loadCommands();
    loaded.forEach((command, index) => {
      expect(COMMANDS[index]!.names).toEqual([command.name, ...(command.aliases ?? [])]);
    });
    const words = COMMANDS.flatMap((entry) => entry.names);
    expect(new Set(words).size).toBe(words.length);
  });

  it.skipIf(!existsSync(builtCli))(
    'the built CLI runs `snapshot` without loading sharp, fastify, the MCP SDK, adbkit, the virtual device or other commands',
    async () => {
      const loaded = await modulesLoadedBy(builtCli);
      expect(loaded.some((url) => url.includes('/cli/commands/snapshot.js'))).toBe(true);
      const heavy = loaded.filter((url) =>
        /node_modules\/(sharp|fastify|@modelcontextprotocol|@devicefarmer)\/|\/virtual-device\/|\/evidence\/report\/|\/cli\/commands\/(?!snapshot|device-flags|selector-flags)/.test(
          url,
        ),
      );
      expect(heavy).toEqual([]);
    },
  );

  it.skipIf(!existsSync(bundledBin))(
    'the published bin (bundled) runs `snapshot` from a few files, without the heavy packages, the virtual device or other commands',
    async () => {
      const loaded = await modulesLoadedBy(bundledBin);
      const own = loaded.filter((url) => url.startsWith(pathToFileURL(dirname(bundledBin)).href));
      // zod is bundled: nothing of it, nor anything else heavy, comes from node_modules.
      expect(loaded.filter((url) => url.includes('/node_modules/'))).toEqual([]);
      expect(own.length).toBeLessThan(20);
      const commandChunks = own
        .map((url) => /\/([a-z-]+)-[A-Z0-9]{8}\.js$/.exec(url)?.[1])
        .filter((name) => name !== undefined && COMMANDS.some((entry) => entry.names[0] === name));
      expect(commandChunks).toEqual(['snapshot']);
      // Code of the virtual device and of the report writer lives in no loaded chunk.
      for (const url of own) {
        const code = await readFile(fileURLToPath(url), 'utf8');
        expect(code).not.toMatch(/class VirtualDevice\b|class DroidproofReporter\b/);
      }
    },
  );
});

/** The URL of every module a `snapshot --no-daemon` against a closed port loads. */
async function modulesLoadedBy(cli: string): Promise<string[]> {
  // A loader hook preloaded before the entry appends the URL of every module the process loads.
  const dir = await mkdtemp(join(tmpdir(), 'droidproof-loaded-'));
  const log = join(dir, 'loaded.txt');
  await writeFile(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`,
  );
  await writeFile(
    join(dir, 'register.mjs'),
    "import { register } from 'node:module'; register('./hooks.mjs', import.meta.url);",
  );
  try {
    await new Promise<void>((resolve) => {
      execFile(
        process.execPath,
        // A closed port: the command fails fast after loading everything it needs.
        ['--import', join(dir, 'register.mjs'), cli, 'snapshot', '--no-daemon', '--adb-port', '1'],
        { cwd: root },
        () => resolve(),
      );
    });
    return (await readFile(log, 'utf8')).split('\n').filter((url) => url !== '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
