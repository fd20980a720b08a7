import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestEvidence } from '../../src/evidence/test-evidence.js';
import { makePng, memorySource, tempRoot } from './fixtures.js';

let png: Buffer;
beforeAll(async () => {
  png = await makePng(270, 600);
});

async function bundleCount(root: string): Promise<number> {
  const slugs = await readdir(root).catch(() => []);
  let n = 0;
  for (const slug of slugs) n += (await readdir(`${root}/${slug}`)).length;
  return n;
}

describe('TestEvidence', () => {
  it('on-failure: nothing for a pass, one bundle per failed attempt, none twice', async () => {
    const root = await tempRoot();
    const evidence = new TestEvidence({ source: memorySource(png), root });
    evidence.start({ testName: 'a', attempt: 1 });
    expect(await evidence.finish('passed')).toBeUndefined();
    evidence.start({ testName: 'b', attempt: 1 });
    const first = await evidence.capture('failed');
    expect(await evidence.finish('failed', 'boom')).toBe(first);
    evidence.start({ testName: 'b', attempt: 2 });
    const retry = await evidence.finish('failed', 'boom again');
    expect(retry?.dir).not.toBe(first?.dir);
    expect(await bundleCount(root)).toBe(2);
  });

  it('always: passing tests get a bundle with their passed verdict', async () => {
    const root = await tempRoot();
    const evidence = new TestEvidence({ source: memorySource(png), root, mode: 'always' });
    evidence.start({ testName: 'a', attempt: 1 });
    const result = await evidence.finish('passed');
    expect(result?.status).toBe('complete');
    expect(await bundleCount(root)).toBe(1);
  });

  it('off: never captures, not even for a matcher failure', async () => {
    const root = await tempRoot();
    const evidence = new TestEvidence({ source: memorySource(png), root, mode: 'off' });
    evidence.start({ testName: 'a', attempt: 1 });
    expect(await evidence.capture('failed')).toBeUndefined();
    expect(await evidence.finish('failed')).toBeUndefined();
    expect(await bundleCount(root)).toBe(0);
  });

  it('a capture that fails still resolves (the verdict is the runner’s)', async () => {
    const root = await tempRoot();
    const broken = memorySource(png, {
      screenshot: () => Promise.reject(new Error('gone')),
      hierarchy: () => Promise.reject(new Error('gone')),
    });
    const evidence = new TestEvidence({ source: broken, root });
    evidence.start({ testName: 'a', attempt: 1 });
    expect((await evidence.finish('failed'))?.status).toBe('failed');
  });
});
