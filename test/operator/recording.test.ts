/**
 * The virtual Operator's recording (seed 003 "Recording Format"): events come
 * from the accessibility event stream, so the user's own input (`input tap`,
 * `input text`, `input keyevent`) is recorded like the Operator's clicks, and
 * every event carries the hierarchy XML of its screen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseHierarchyXml } from '../../src/contract/selector/hierarchy-xml.js';
import type { UiNode } from '../../src/contract/selector/node.js';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { driveClock } from '../../src/virtual-device/operator/scripted-platform.js';
import { exec, fixtureDevice, LIST_APP, listState, stepData } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

// biome-ignore lint/suspicious/noExplicitAny: NDJSON lines are asserted field by field.
function recorded(path: string): any[] {
  const text = device.android.fs.read(path)?.toString() ?? '';
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

function find(nodes: readonly UiNode[], resourceId: string): UiNode {
  const stack = [...nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.resourceId === resourceId) return node;
    stack.push(...node.children);
  }
  throw new Error(`no node ${resourceId}`);
}

/** A shell command as `adb shell` runs it (the user's input commands); input taps hold for the tap time. */
async function shell(line: string): Promise<void> {
  const io = {
    stdout: () => undefined,
    stderr: () => undefined,
    stdin: (async function* () {})(),
    signal: new AbortController().signal,
  };
  expect(await driveClock(device.android.clock, device.shell(line, io))).toBe(0);
}

describe('virtual Operator recording', () => {
  it('records user taps, text, back and window changes with their screens, in seq order', async () => {
    device = fixtureDevice();
    const start = await exec(device, [{ id: 'a1', type: 'start_recording', params: { sessionId: 'demo' } }]);
    expect(stepData(start)).toEqual({
      sessionId: 'demo',
      filePath: '/sdcard/Android/data/com.androperator.operator/files/recordings/demo.ndjson',
    });
    const row = find(device.android.ui.hierarchy().roots, `${LIST_APP.packageName}:id/row_alpha`);
    const open = row.children[1]!;
    const b = open.bounds!;
    // The user's finger: a tap on Alpha's "Open" button, then typing into the search field.
    await shell(`input tap ${(b.left + b.right) >> 1} ${(b.top + b.bottom) >> 1}`);
    expect(listState(device).clicks).toEqual(['alpha']);
    await exec(device, [
      { id: 'c', type: 'click', params: { matcher: { resourceId: `${LIST_APP.packageName}:id/search` } } },
    ]);
    await shell('input text wifi');
    await shell('input keyevent KEYCODE_HOME');
    await exec(device, [{ id: 'o', type: 'open_app', params: { applicationId: LIST_APP.packageName } }]);
    const stop = await exec(device, [{ id: 'a1', type: 'stop_recording' }]);
    const lines = recorded(stepData(stop).filePath!);
    expect(lines[0]).toMatchObject({ type: 'recording_header', schemaVersion: 1, sessionId: 'demo' });
    const events = lines.slice(1);
    expect(stepData(stop).eventCount).toBe(String(events.length));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(events.map((e) => e.type)).toEqual([
      'click',
      'click',
      'text_change',
      'window_change',
      'window_change',
    ]);
    for (const event of events) expect(Object.keys(event).slice(0, 3)).toEqual(['ts', 'seq', 'type']);
    const [tap, focus, typed, home, back] = events;
    expect(tap).toMatchObject({
      packageName: LIST_APP.packageName,
      resourceId: `${LIST_APP.packageName}:id/open`,
      text: 'Open',
      contentDesc: null,
      bounds: b,
    });
    // The click's snapshot is the screen that was clicked: the button is in it, at those bounds.
    const screen = parseHierarchyXml(tap.snapshot);
    expect(JSON.stringify(screen)).toContain(`"resourceId":"${LIST_APP.packageName}:id/row_alpha"`);
    expect(focus.resourceId).toBe(`${LIST_APP.packageName}:id/search`);
    expect(typed).toMatchObject({ resourceId: `${LIST_APP.packageName}:id/search`, text: 'wifi' });
    expect(home).toMatchObject({ packageName: 'com.example.launcher' });
    expect(back).toMatchObject({
      packageName: LIST_APP.packageName,
      className: 'com.example.list.MainActivity',
    });
    expect(typeof back.snapshot).toBe('string');
  });

  it('records back presses as press_key and scrolls with their offsets', async () => {
    device = fixtureDevice();
    await exec(device, [{ id: 'a1', type: 'start_recording', params: { sessionId: 'keys' } }]);
    await exec(device, [
      {
        id: 's',
        type: 'scroll',
        params: { container: { resourceId: `${LIST_APP.packageName}:id/list` }, direction: 'down' },
      },
    ]);
    await shell('input keyevent KEYCODE_BACK');
    const stop = await exec(device, [{ id: 'a1', type: 'stop_recording', params: { sessionId: 'keys' } }]);
    const events = recorded(stepData(stop).filePath!).slice(1);
    expect(events.map((e) => e.type)).toEqual(['scroll', 'press_key', 'window_change']);
    expect(events[0]).toMatchObject({ resourceId: `${LIST_APP.packageName}:id/list`, scrollX: 0 });
    expect(events[0].scrollY).toBeGreaterThan(0);
    expect(events[0].maxScrollY).toBeGreaterThanOrEqual(events[0].scrollY);
    expect(events[1]).toMatchObject({ key: 'back' });
  });

  it('nothing is recorded before start or after stop; a restart of the process loses the recording', async () => {
    device = fixtureDevice();
    await shell('input keyevent KEYCODE_BACK');
    await exec(device, [{ id: 'a1', type: 'start_recording', params: { sessionId: 'short' } }]);
    const stop = await exec(device, [{ id: 'a1', type: 'stop_recording' }]);
    await shell('input keyevent KEYCODE_BACK');
    expect(recorded(stepData(stop).filePath!)).toHaveLength(1);
    expect(
      device.android.fs
        .read('/sdcard/Android/data/com.androperator.operator/files/recordings/latest')
        ?.toString(),
    ).toBe('short\n');
    await exec(device, [{ id: 'a1', type: 'start_recording', params: { sessionId: 'lost' } }]);
    device.operator().restart();
    const again = await exec(device, [{ id: 'a1', type: 'stop_recording' }]);
    expect(stepData(again).error).toBe('RECORDING_NOT_IN_PROGRESS');
  });

  it('a second start names the active session (003:12027-12052)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'r1', type: 'start_recording', params: { sessionId: 'first' } },
      { id: 'r2', type: 'start_recording', params: { sessionId: 'second' } },
    ]);
    expect(stepData(envelope, 1)).toMatchObject({
      error: 'RECORDING_ALREADY_IN_PROGRESS',
      sessionId: 'first',
      filePath: '/sdcard/Android/data/com.androperator.operator/files/recordings/first.ndjson',
    });
  });
});
