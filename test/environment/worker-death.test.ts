/**
 * kill -9 of a Vitest worker in the middle of a test: the broker frees its
 * device at once, the waiting worker leases it within a second, the run
 * finishes, and the run's output, HTML report and JUnit XML name the test
 * that died.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli, tempDir } from './helpers.js';

beforeAll(ensureBuilt, 180_000);

/** Resolves once the hanging test has announced itself (the whole file parses). */
function victimOf(dir: string): Promise<{ pid: number; test: string; serial: string }> {
  const signal = join(dir, 'victim.json');
  return new Promise((resolve) => {
    const poll = setInterval(async () => {
      // Not there yet, or caught half-written: try again on the next tick.
      const victim = await readFile(signal, 'utf8')
        .then(JSON.parse)
        .catch(() => undefined);
      if (victim) {
        clearInterval(poll);
        resolve(victim);
      }
    }, 20);
  });
}

describe('a worker killed mid-test', () => {
  it('frees its device within 1 s, the run finishes, and the output and both reports name the test', async () => {
    const dir = await tempDir('droidproof-kill-');
    const finished = runCli(
      'vitest',
      ['run', '--config', 'test/environment/fixtures/killed/vitest.config.ts'],
      {
        DROIDPROOF_TEST_SIGNAL: join(dir, 'victim.json'),
        DROIDPROOF_TEST_OUTPUT: join(dir, 'report'),
      },
    );
    const victim = await victimOf(dir);
    process.kill(victim.pid, 'SIGKILL');
    const run = await finished;

    // The surviving file waited for the only device and passed once it was free.
    expect(run.stdout).toMatch(/Tests\s+1 passed \(2\)/);
    expect(run.code).not.toBe(0);
    const death = new RegExp(
      `\\(pid ${victim.pid}\\) died during test "${victim.test}" on ${victim.serial}; it was leased again (\\d+) ms later`,
    ).exec(run.stdout);
    expect(death, run.stdout).not.toBeNull();
    expect(Number(death?.[1])).toBeLessThan(1000);

    // The HTML report's summary banner and the JUnit XML's <system-err> name the same death.
    const named = `(pid ${victim.pid}) died during test &quot;${victim.test}&quot; on ${victim.serial}`;
    const html = await readFile(join(dir, 'report', 'index.html'), 'utf8');
    expect(/<div class="incidents"[^>]*>(.*?)<\/div>/s.exec(html)?.[1]).toContain(named);
    const junit = await readFile(join(dir, 'report', 'junit.xml'), 'utf8');
    const systemErr = /<system-err><!\[CDATA\[(.*?)\]\]><\/system-err>/s.exec(junit)?.[1];
    expect(systemErr).toContain(`(pid ${victim.pid}) died during test "${victim.test}" on ${victim.serial}`);
  }, 120_000);
});
