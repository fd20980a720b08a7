/**
 * Both runners' report subclasses turn the run's worker deaths into report
 * incidents: the HTML banner and the JUnit `<system-err>` name the test.
 * (The Vitest path is also covered end to end by the kill -9 test.)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AggregatedResult } from '@jest/reporters';
import { afterEach, describe, expect, it } from 'vitest';
import DroidproofRunJestReporter from './jest/reporter.js';
import type { WorkerDeath } from './pool/device-pool.js';
import { type RunHandle, runIncidents } from './run.js';
import { DroidproofRunReporter } from './vitest/reporter.js';

const RUN = Symbol.for('droidproof.run');
type Registry = { [RUN]?: RunHandle };

const death: WorkerDeath = {
  serial: 'virtual-5554',
  pid: 4242,
  worker: 'jest worker 1 (pid 4242)',
  test: 'login > signs in',
  atMs: 1000,
  leasedAgainAtMs: 1012,
};

let dir: string | undefined;
afterEach(async () => {
  delete (globalThis as Registry)[RUN];
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function withDeath(): Promise<string> {
  (globalThis as Registry)[RUN] = {
    pool: { deaths: [death], sourceIncidents: () => [] },
  } as unknown as RunHandle;
  dir = await mkdtemp(join(tmpdir(), 'droidproof-incidents-'));
  return dir;
}

async function expectNamed(outputDir: string): Promise<void> {
  const named =
    'jest worker 1 (pid 4242) died during test "login > signs in" on virtual-5554; it was leased again 12 ms later';
  const html = await readFile(join(outputDir, 'index.html'), 'utf8');
  expect(html).toContain(`class="incidents"`);
  expect(html).toContain('died during test &quot;login &gt; signs in&quot; on virtual-5554');
  const junit = await readFile(join(outputDir, 'junit.xml'), 'utf8');
  expect(junit).toContain(`<system-err><![CDATA[${named}]]></system-err>`);
}

describe('worker deaths in the report', () => {
  it('runIncidents lists each death with its test, and nothing without a run', async () => {
    expect(runIncidents()).toEqual([]);
    await withDeath();
    expect(runIncidents()).toEqual([
      { kind: 'worker-died', test: 'login > signs in', message: expect.stringContaining('(pid 4242) died') },
    ]);
  });

  it('the Jest reporter writes them into index.html and junit.xml', async () => {
    const outputDir = await withDeath();
    const reporter = new DroidproofRunJestReporter({ rootDir: outputDir }, { outputDir });
    await reporter.onRunComplete(undefined, { startTime: Date.now() } as AggregatedResult);
    expect(reporter.getLastError()).toBeUndefined();
    await expectNamed(outputDir);
  });

  it('the Vitest reporter writes them into index.html and junit.xml', async () => {
    const outputDir = await withDeath();
    await new DroidproofRunReporter({ outputDir }).onTestRunEnd([]);
    await expectNamed(outputDir);
  });
});
