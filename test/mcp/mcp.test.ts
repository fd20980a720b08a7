/**
 * `droidproof mcp serve --virtual` as an agent uses it: the SDK's client over
 * stdio against a leased virtual device. Drives the settings app through the
 * typed tools, checks a bad call is a typed error result that leaves the
 * server up, and that generate_test writes only the successful actions.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../environment/helpers.js';

const root = join(import.meta.dirname, '../..');
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const SETTINGS = 'com.droidproof.settings';
const FIXTURE = join(import.meta.dirname, 'fixtures/generated');
// biome-ignore lint/suspicious/noExplicitAny: tool results are asserted field by field.
type Json = Record<string, any>;

describe('droidproof mcp serve --virtual', () => {
  let client: Client;
  let dir: string;

  async function tool(name: string, args: Json = {}) {
    const result = (await client.callTool({ name, arguments: args })) as Json;
    const text = result.content.find((c: Json) => c.type === 'text')?.text;
    return { isError: result.isError === true, content: result.content as Json[], text: text as string };
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'droidproof-mcp-test-'));
    client = new Client({ name: 'droidproof-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', tsx, join(root, 'src/cli/main.ts'), 'mcp', 'serve', '--virtual'],
        cwd: dir,
        stderr: 'pipe',
      }),
    );
  });

  afterAll(async () => {
    await client?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('registers the seed tools and the test-author tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'click',
        'configure',
        'devices',
        'enter_text',
        'execute',
        'generate_test',
        'open',
        'press',
        'query',
        'screenshot',
        'scroll_until',
        'snapshot',
        'wait_for',
      ].sort(),
    );
  });

  it('drives the leased virtual device, survives bad calls, and generates a test', async () => {
    const devices = JSON.parse((await tool('devices')).text);
    expect(devices.devices).toHaveLength(1);
    expect(devices.devices[0].state).toBe('device');

    expect((await tool('open', { applicationId: SETTINGS })).isError).toBe(false);
    const search = { id: `${SETTINGS}:id/search` };
    expect((await tool('enter_text', { selector: search, text: 'batt' })).isError).toBe(false);
    expect((await tool('wait_for', { selector: { text: 'Battery' } })).isError).toBe(false);

    // A selector with no fields: typed error result, nothing recorded, server still answers.
    const empty = await tool('click', { selector: {} });
    expect(empty.isError).toBe(true);
    expect(JSON.parse(empty.text).error.code).toBe('EXECUTION_VALIDATION_FAILED');
    // Arguments that do not fit the tool's schema.
    const malformed = await tool('click', { selector: 'Battery' });
    expect(malformed.isError).toBe(true);
    // A node that is not there: the device's typed failure.
    const absent = await tool('wait_for', { selector: { text: 'No such row' }, timeoutMs: 300 });
    expect(absent.isError).toBe(true);
    expect(JSON.parse(absent.text).error.code).toBe('WAIT_TIMEOUT');

    expect((await tool('click', { selector: { text: 'Battery' } })).isError).toBe(false);
    const title = { id: `${SETTINGS}:id/toolbar_title` };
    expect((await tool('wait_for', { selector: title, text: 'Battery' })).isError).toBe(false);

    const query = JSON.parse((await tool('query', { selector: title })).text);
    expect(query.nodes[0].suggestedMatcher).toEqual({ resourceId: `${SETTINGS}:id/toolbar_title` });
    expect(query.nodes[0].suggestedExpect).toContain('.toHaveText("Battery")');

    const shot = await tool('screenshot');
    const image = shot.content.find((c) => c.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const name = `battery-${process.pid}`;
    const written = join(FIXTURE, `${name}.generated.ts`);
    const generated = await tool('generate_test', { name: 'battery settings', path: written });
    expect(generated.isError).toBe(false);
    const file = await readFile(written, 'utf8');
    expect(file).toBe(generated.text);
    expect(file).toContain("import { expect, test } from 'droidproof/vitest';");
    const body = file.split('\n').filter((l) => l.startsWith('  await'));
    expect(body).toEqual([
      `  await device.openApp('${SETTINGS}');`,
      `  await device.node({ resourceId: '${SETTINGS}:id/search' }).enterText('batt');`,
      "  await expect(device.node({ textEquals: 'Battery' })).toBeVisible();",
      "  await device.node({ textEquals: 'Battery' }).click();",
      `  await expect(device.node({ resourceId: '${SETTINGS}:id/toolbar_title' })).toHaveText('Battery');`,
    ]);

    // The generated file is a passing test on a fresh virtual device.
    try {
      await ensureBuilt();
      const run = await runCli('vitest', ['run', '--config', join(FIXTURE, 'vitest.config.ts')], {
        DROIDPROOF_TEST_GENERATED: name,
      });
      expect(run.stdout + run.stderr).toMatch(/1 passed/);
      expect(run.code).toBe(0);
    } finally {
      await rm(written, { force: true });
    }
  }, 120_000);
});
