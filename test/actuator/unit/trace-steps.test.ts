/**
 * The timeline's steps (what opens one, how calls inside a matcher fold into
 * it, which step an execution belongs to), the call site read from the stack,
 * and the trace recorder's ring of screens around mutating steps.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureCallSite, resolveCallSite } from '../../../src/actuator/execution/call-site.js';
import type { ResultEnvelope } from '../../../src/actuator/execution/envelope.js';
import { Timeline, type TimelineEntry } from '../../../src/actuator/execution/timeline.js';
import { TraceRecorder } from '../../../src/actuator/execution/trace-recorder.js';
import { makePng, SETTINGS_XML } from '../../evidence/fixtures.js';

function execution(timeline: Timeline, envelope?: ResultEnvelope): TimelineEntry {
  const now = Date.now();
  return timeline.append({
    commandId: `c${now}`,
    payload: {},
    envelope,
    dispatchState: 'dispatched',
    startedAt: now,
    finishedAt: now,
    durationMs: 0,
  });
}

const action = (title: string, mutating = true) => ({ kind: 'action' as const, title, mutating });

describe('timeline steps', () => {
  it('gives each execution the step that made it; calls inside a matcher are its polls', async () => {
    const timeline = new Timeline();
    const outside = execution(timeline);
    const click = await timeline.step(action('click'), async () => execution(timeline));
    const polls = await timeline.step({ kind: 'matcher', title: 'expect', mutating: false }, async (step) => {
      const inner = [];
      for (let i = 0; i < 3; i++) {
        inner.push(await timeline.step(action('snapshot', false), async () => execution(timeline)));
      }
      step.setPolls(3);
      step.fail('never shown');
      return inner;
    });
    const steps = timeline.stepsSince(0);
    expect(steps.map((s) => [s.id, s.kind, s.title, s.outcome, s.polls])).toEqual([
      [1, 'action', 'click', 'passed', undefined],
      [2, 'matcher', 'expect', 'failed', 3],
    ]);
    expect(steps[1]!.error).toBe('never shown');
    expect(outside.stepId).toBeUndefined();
    expect(click.stepId).toBe(1);
    expect(polls.map((e) => e.stepId)).toEqual([2, 2, 2]);
  });

  it('nests a call made inside another, records a throw as a failure and rethrows it', async () => {
    const timeline = new Timeline();
    await expect(
      timeline.step(action('locator click'), () =>
        timeline.step(action('click'), async () => {
          throw new Error('NODE_NOT_FOUND');
        }),
      ),
    ).rejects.toThrow('NODE_NOT_FOUND');
    const [outer, inner] = timeline.stepsSince(0);
    expect([outer!.parentId, inner!.parentId]).toEqual([null, outer!.id]);
    expect([outer!.outcome, inner!.outcome]).toEqual(['failed', 'failed']);
    expect(inner!.error).toBe('NODE_NOT_FOUND');
    expect(inner!.finishedAt).toBeGreaterThanOrEqual(inner!.startedAt);
  });

  it('attributes executions of overlapping calls to their own steps', async () => {
    const timeline = new Timeline();
    let release!: () => void;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const slow = timeline.step(action('slow'), async () => {
      await gate;
      return execution(timeline);
    });
    const fast = await timeline.step(action('fast'), async () => execution(timeline));
    release();
    expect([(await slow).stepId, fast.stepId]).toEqual([1, 2]);
  });
});

describe('call sites', () => {
  it('is the first frame outside droidproof and node_modules, file URLs included', () => {
    const stack = [
      'Error: call site',
      '    at captureCallSite (/pkg/dist/src/actuator/execution/call-site.js:30:12)',
      '    at Device.execute (/pkg/dist/src/actuator/device/device.js:150:40)',
      '    at async explainNodeAction (/pkg/dist/src/matchers/action-failure.js:45:16)',
      '    at async file:///app/node_modules/@vitest/runner/dist/index.js:10:3',
      '    at async Proxy.<anonymous> (file:///app/tests/login%20flow.test.ts:12:5)',
    ].join('\n');
    expect(resolveCallSite({ stack }, ['/pkg/dist/src/', '/pkg/src/'])).toEqual({
      file: '/app/tests/login flow.test.ts',
      line: 12,
      column: 5,
    });
    expect(
      resolveCallSite({ stack: stack.split('\n').slice(0, 4).join('\n') }, ['/pkg/dist/src/', '/pkg/src/']),
    ).toBeNull();
    // A runner that maps built frames back to sources (Jest) shows them under src/.
    const mapped = stack.replace(
      '/pkg/dist/src/actuator/device/device.js:150:40',
      '/pkg/src/actuator/device/device.ts:160:5',
    );
    expect(resolveCallSite({ stack: mapped }, ['/pkg/dist/src/', '/pkg/src/'])?.file).toBe(
      '/app/tests/login flow.test.ts',
    );
    expect(resolveCallSite(undefined)).toBeNull();
  });

  it('reads this test line from a real capture', () => {
    const capture = captureCallSite(); // the line below is this one + 1
    const line = Number(new Error().stack!.split('\n')[1]!.match(/:(\d+):\d+\)?$/)![1]) - 1;
    expect(resolveCallSite(capture)).toMatchObject({
      file: join(import.meta.dirname, 'trace-steps.test.ts'),
      line,
    });
  });
});

describe('the trace recorder', () => {
  const snapshotEnvelope = (xml: string) =>
    ({
      commandId: 'c',
      taskId: 't',
      status: 'success',
      stepResults: [{ id: 's', actionType: 'snapshot', success: true, data: { text: xml } }],
    }) as unknown as ResultEnvelope;

  /** `captureMs` stands for a slow device: the screenshot arrives that much later. */
  function recorder(options: { maxScreens?: number; maxScreenBytes?: number; captureMs?: number } = {}) {
    const timeline = new Timeline();
    const captures: number[] = [];
    let png: Buffer | undefined;
    const trace = new TraceRecorder(
      timeline,
      async () => {
        png ??= await makePng(1080, 2400);
        if (options.captureMs) await new Promise((done) => setTimeout(done, options.captureMs));
        captures.push(Date.now());
        return { png, width: 1080, height: 2400 };
      },
      options,
    );
    return { timeline, trace, captures };
  }

  it('takes nothing until an attempt records', async () => {
    const { timeline, trace, captures } = recorder();
    await timeline.step(action('click'), async () => execution(timeline));
    await trace.settled();
    expect(captures).toEqual([]);
    expect(trace.screensSince(0)).toEqual([]);
  });

  it('keeps the screen before the first mutating step and after each one; observations take none', async () => {
    const { timeline, trace } = recorder();
    trace.begin(true);
    await timeline.step(action('open_app'), async () => execution(timeline));
    await timeline.step({ kind: 'matcher', title: 'expect', mutating: false }, async () =>
      timeline.step(action('snapshot', false), async () =>
        execution(timeline, snapshotEnvelope(SETTINGS_XML)),
      ),
    );
    await timeline.step(action('click'), async () => execution(timeline));
    await trace.settled();
    const screens = trace.screensSince(0);
    expect(screens.map((s) => `${s.stepId}:${s.phase}`)).toEqual(['1:before', '1:after', '3:after']);
    expect(screens.every((s) => s.width === 1080 && s.height === 2400)).toBe(true);
    expect(screens[0]!.png.subarray(1, 4).toString()).toBe('PNG');
    expect(trace.hierarchiesSince(0)).toEqual([expect.objectContaining({ stepId: 2, xml: SETTINGS_XML })]);
  });

  it('starts a mutating step only after the previous step\'s "after" screen was taken', async () => {
    const { timeline, trace, captures } = recorder({ captureMs: 30 });
    trace.begin(true);
    await timeline.step(action('first'), async () => execution(timeline));
    const takenBefore = await timeline.step(action('second'), async () => captures.length);
    // "before" of the first step and "after" of the first step were taken before the second ran.
    expect(takenBefore).toBe(2);
    await trace.settled();
    expect(captures).toHaveLength(3);
  });

  it('is a bounded ring, by count and by bytes', async () => {
    const { timeline, trace } = recorder({ maxScreens: 3 });
    trace.begin(true);
    for (let i = 0; i < 5; i++) await timeline.step(action(`tap ${i}`), async () => execution(timeline));
    await trace.settled();
    expect(trace.screensSince(0).map((s) => s.id)).toEqual([4, 5, 6]);

    const bytes = (await makePng(1080, 2400)).byteLength;
    const small = recorder({ maxScreenBytes: bytes * 2 });
    small.trace.begin(true);
    for (let i = 0; i < 4; i++)
      await small.timeline.step(action(`tap ${i}`), async () => execution(small.timeline));
    await small.trace.settled();
    expect(small.trace.screensSince(0).map((s) => s.id)).toEqual([4, 5]);
  });
});
