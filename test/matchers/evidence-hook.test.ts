/**
 * The matcher's moment of failure: the device's hook captures a real bundle
 * (failure.json with the candidates, annotated.png), the message names the
 * bundle, and the Vitest test gets an annotation while it is still running.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureEvidence } from '../../src/evidence/capture.js';
import { FailureReportSchema } from '../../src/evidence/failure.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { createLocator } from '../../src/matchers/locator.js';
import { type MatcherFailureContext, withMatcherSettings } from '../../src/matchers/settings.js';
import { installVitestMatchers } from '../../src/matchers/vitest.js';
import { makePng, memorySource, tempRoot } from '../evidence/fixtures.js';
import { FakeDevice } from './fake-device.js';
import { failureOf, QUICK } from './helpers.js';

let png: Buffer;
beforeAll(async () => {
  installVitestMatchers(expect);
  png = await makePng(1080, 2400);
});

describe('evidence at the moment of failure', () => {
  it('captures a bundle, names it in the message and annotates the test', async ({ task }) => {
    const root = await tempRoot();
    const calls: MatcherFailureContext[] = [];
    const device = withMatcherSettings(new FakeDevice(), {
      onFailure: async (context) => {
        calls.push(context);
        return captureEvidence({
          source: memorySource(png),
          root,
          context: {
            testName: context.testName ?? 'unknown',
            testPath: context.testPath,
            attempt: 1,
            originalVerdict: 'failed',
          },
          failure: context.failure,
        });
      },
    });
    const message = await failureOf(expect(device).toShowNode({ textEquals: 'Dark Theme' }, QUICK));

    expect(calls).toHaveLength(1);
    expect(calls[0].received).toBe(device);
    expect(calls[0].testName).toContain('captures a bundle');
    expect(calls[0].task).toBe(task);
    const dir = /Evidence \(complete\): (.+)$/m.exec(message)?.[1];
    expect(dir).toBeDefined();
    expect((await verifyBundle(dir!)).ok).toBe(true);
    const failure = FailureReportSchema.parse(JSON.parse(await readFile(join(dir!, 'failure.json'), 'utf8')));
    expect(failure).toMatchObject({
      matcher: 'toShowNode',
      isNot: false,
      selector: { textEquals: 'Dark Theme' },
      matchCount: 0,
    });
    expect(failure.candidates[0]).toMatchObject({
      reason: 'case_mismatch',
      label: 'Dark theme',
      nodePath: '0.1.2',
    });
    expect((await readFile(join(dir!, 'annotated.png'))).subarray(1, 4).toString()).toBe('PNG');
    const annotation = task.annotations.find((a) => a.type === 'droidproof:evidence');
    expect(annotation?.message).toContain(dir!);
    expect(annotation?.attachment?.contentType).toBe('image/png');
  });

  it('does not capture inside expect.poll, nor when the matcher passes', async () => {
    let calls = 0;
    const device = withMatcherSettings(new FakeDevice(), {
      onFailure: async () => {
        calls++;
        return undefined;
      },
    });
    await expect(device).toShowNode({ textEquals: 'Saved' });
    await failureOf(
      expect.poll(() => device, { timeout: 150, interval: 50 }).toShowNode({ textEquals: 'Nope' }),
    );
    expect(calls).toBe(0);
  });

  it('keeps the assertion message when the hook throws', async () => {
    const device = withMatcherSettings(new FakeDevice(), {
      onFailure: async () => {
        throw new Error('disk full');
      },
    });
    const message = await failureOf(expect(device).toShowNode({ textEquals: 'Nope' }, QUICK));
    expect(message).toContain('Expected: a node matching');
    expect(message).not.toContain('disk full');
  });

  it("calls the hook of the device it was given: a locator its device's, another device none", async () => {
    const received: unknown[] = [];
    const hooked = withMatcherSettings(new FakeDevice(), {
      onFailure: async ({ received: subject }) => {
        received.push(subject);
        return undefined;
      },
    });
    const locator = createLocator(hooked, { textEquals: 'Nope' });
    await failureOf(expect(locator).toBeVisible(QUICK));
    await failureOf(expect(new FakeDevice()).toShowNode({ textEquals: 'Nope' }, QUICK));
    expect(received).toEqual([locator]);
  });
});
