/**
 * The lazy command registry: each entry's words are exactly its module's
 * `name` and `aliases` (so dispatch without loading cannot drift from help),
 * no word is claimed twice, and the built CLI's `snapshot` path loads none of
 * the heavy modules other commands need.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, loadCommands } from '../../src/cli/registry.js';

const root = join(import.meta.dirname, '../..');
const builtCli = join(root, 'dist/src/cli/main.js');

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
      // A loader hook preloaded before main.js appends the URL of every module the process loads.
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
            ['--import', join(dir, 'register.mjs'), builtCli, 'snapshot', '--no-daemon', '--adb-port', '1'],
            { cwd: root },
            () => resolve(),
          );
        });
        const loaded = (await readFile(log, 'utf8')).split('\n');
        expect(loaded.some((url) => url.includes('/cli/commands/snapshot.js'))).toBe(true);
        const heavy = loaded.filter((url) =>
          /node_modules\/(sharp|fastify|@modelcontextprotocol|@devicefarmer)\/|\/virtual-device\/|\/evidence\/report\/|\/cli\/commands\/(?!snapshot|device-flags|selector-flags)/.test(
            url,
          ),
        );
        expect(heavy).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
