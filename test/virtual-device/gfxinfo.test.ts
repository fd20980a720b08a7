/**
 * The virtual device's `dumpsys gfxinfo` and `am start -W` in the real
 * formats, read by the host parsers: the frames test app drops exactly the
 * frames it says it does.
 */
import { describe, expect, it } from 'vitest';
import { parseAmStartWait, parseFrameStats } from '../../src/actuator/device/gfxinfo.js';
import type { UiNode } from '../../src/contract/selector/node.js';
import { execShell } from '../../src/virtual-device/android/exec.js';
import { createVirtualAndroid, type VirtualAndroid } from '../../src/virtual-device/android/index.js';
import { FRAMES_TIMING } from '../../test-apps/frames.js';
import { TEST_APPS } from '../../test-apps/index.js';

const PKG = 'com.droidproof.frames';

function find(nodes: readonly UiNode[], id: string): UiNode | undefined {
  for (const node of nodes) {
    if (node.resourceId === `${PKG}:id/${id}`) return node;
    const inner = find(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

async function tap(d: VirtualAndroid, id: string): Promise<void> {
  const b = find(d.ui.hierarchy().roots, id)?.bounds;
  if (!b) throw new Error(`no ${id}`);
  await execShell(d, `input tap ${(b.left + b.right) >> 1} ${(b.top + b.bottom) >> 1}`);
}

const device = () =>
  createVirtualAndroid({ serial: 'virtual-5560', apps: [...TEST_APPS], clock: { mode: 'manual' } });

describe('virtual dumpsys gfxinfo', () => {
  it('prints the Android 14 PROFILEDATA layout, one frame per UI update of the app', async () => {
    const d = device();
    await execShell(d, `am start -n ${PKG}/.MainActivity`);
    const { output } = await execShell(d, `dumpsys gfxinfo ${PKG} framestats`);
    expect(output).toMatch(new RegExp(`^\\*\\* Graphics info for pid \\d+ \\[${PKG}\\] \\*\\*$`, 'm'));
    expect(output).toContain(
      '---PROFILEDATA---\nFlags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,CommandSubmissionCompleted,\n1,',
    );
    expect(output).toMatch(/^Total frames rendered: 1$/m);
  });

  it('a janky run: 10 of the 31 frames take 48 ms, and the summary agrees with the rows', async () => {
    const d = device();
    await execShell(d, `am start -n ${PKG}/.MainActivity`);
    await execShell(d, `dumpsys gfxinfo ${PKG} reset`);
    await tap(d, 'animate_jank');
    d.clock.advance(FRAMES_TIMING.frames * FRAMES_TIMING.intervalMs + 100);
    const { output } = await execShell(d, `dumpsys gfxinfo ${PKG} framestats`);
    const stats = parseFrameStats(output, PKG);
    expect(stats.frameCount).toBe(31);
    expect(stats.jankyFrames).toBe(10);
    expect(stats.jankPercent).toBe(32.26);
    expect(stats.p50Ms).toBe(6);
    expect(stats.p90Ms).toBe(48);
    expect(stats.summary).toMatchObject({ totalFrames: 31, jankyFrames: 10, p90Ms: 48 });
    // Frames sit on distinct vsyncs.
    const vsyncs = stats.frames.map((f) => f.intendedVsyncNs);
    expect(new Set(vsyncs).size).toBe(vsyncs.length);
  });

  it('a smooth run has no jank; reset starts the statistics again', async () => {
    const d = device();
    await execShell(d, `am start -n ${PKG}/.MainActivity`);
    await tap(d, 'animate');
    d.clock.advance(1000);
    expect(
      parseFrameStats((await execShell(d, `dumpsys gfxinfo ${PKG} framestats`)).output, PKG).jankyFrames,
    ).toBe(0);
    await execShell(d, `dumpsys gfxinfo ${PKG} reset`);
    const after = parseFrameStats((await execShell(d, `dumpsys gfxinfo ${PKG} framestats`)).output, PKG);
    expect(after.frameCount).toBe(0);
    expect(after.summary.totalFrames).toBe(0);
  });

  it('an app that is not running: "No process found for:"', async () => {
    const { output } = await execShell(device(), `dumpsys gfxinfo ${PKG}`);
    expect(output).toMatch(new RegExp(`^No process found for: ${PKG}$`, 'm'));
  });
});

describe('virtual am start -W', () => {
  it('a cold start reports the app startup cost in TotalTime; a second start is HOT', async () => {
    const d = device();
    const cmd = `am start -W -S -a android.intent.action.MAIN -c android.intent.category.LAUNCHER ${PKG}`;
    const cold = parseAmStartWait((await execShell(d, cmd)).output);
    expect(cold.launchState).toBe('COLD');
    expect(cold.totalTimeMs).toBeGreaterThanOrEqual(FRAMES_TIMING.startupMs);
    expect(cold.activity).toBe(`${PKG}/.MainActivity`);
    const hot = parseAmStartWait((await execShell(d, `am start -W ${PKG}`)).output);
    expect(hot.launchState).toBe('HOT');
    // -S force-stops the running app first: cold again.
    expect(parseAmStartWait((await execShell(d, cmd)).output).launchState).toBe('COLD');
  });
});
