/**
 * Recordings as test steps (src/codegen): real recordings made by the virtual
 * Operator on the operator fixtures' list app, turned into steps and source.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { generateTest, stepsFromRecording } from '../../src/codegen/index.js';
import { parseRecording } from '../../src/contract/recording/index.js';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { driveClock } from '../../src/virtual-device/operator/scripted-platform.js';
import { exec, fixtureDevice, LIST_APP, stepData } from '../operator/fixtures.js';

const id = (name: string) => `${LIST_APP.packageName}:id/${name}`;
let device: VirtualDevice;
afterEach(() => device?.dispose());

async function shell(line: string): Promise<void> {
  const io = {
    stdout: () => undefined,
    stderr: () => undefined,
    stdin: (async function* () {})(),
    signal: new AbortController().signal,
  };
  await driveClock(device.android.clock, device.shell(line, io));
}

/** Records what `act` does and returns the parsed recording. */
async function record(act: () => Promise<void>) {
  await exec(device, [{ id: 'a1', type: 'start_recording', params: { sessionId: 'unit' } }]);
  await act();
  const stop = await exec(device, [{ id: 'a1', type: 'stop_recording' }]);
  return parseRecording(device.android.fs.read(stepData(stop).filePath!)!.toString());
}

describe('stepsFromRecording', () => {
  it('scoped clicks, typed text, a click after a scroll, a back press', async () => {
    device = fixtureDevice();
    device.android.activities.start({ packageName: 'com.example.launcher' });
    const recording = await record(async () => {
      await exec(device, [{ id: 'o', type: 'open_app', params: { applicationId: LIST_APP.packageName } }]);
      const click = (matcher: object) => exec(device, [{ id: 'c', type: 'click', params: { matcher } }]);
      await click({ resourceId: id('open'), ancestor: { resourceId: id('row_beta') } });
      await click({ resourceId: id('search') });
      await shell('input text wifi');
      await exec(device, [
        { id: 's', type: 'scroll', params: { container: { resourceId: id('list') }, direction: 'down' } },
      ]);
      await click({ textEquals: 'Item 12' });
      await shell('input keyevent KEYCODE_BACK');
    });
    const { steps, warnings, applicationId } = stepsFromRecording(recording);
    expect(applicationId).toBe(LIST_APP.packageName);
    expect(warnings).toEqual([]);
    expect(steps).toEqual([
      { kind: 'closeApp', applicationId: LIST_APP.packageName },
      { kind: 'openApp', applicationId: LIST_APP.packageName },
      { kind: 'expectShown', matcher: { resourceId: id('title') } },
      { kind: 'click', matcher: { resourceId: id('open'), ancestor: { resourceId: id('row_beta') } } },
      { kind: 'enterText', matcher: { resourceId: id('search') }, text: 'wifi' },
      {
        kind: 'scrollUntil',
        matcher: { textEquals: 'Item 12' },
        container: { resourceId: id('list') },
        click: true,
      },
      { kind: 'press', key: 'back' },
      { kind: 'expectShown', matcher: { resourceId: 'com.example.launcher:id/title' } },
    ]);
  });

  it('a click its own snapshot does not show is placed on the screen before it', () => {
    const header =
      '{"type":"recording_header","schemaVersion":1,"sessionId":"s","startedAt":1,"operatorPackage":"p"}';
    const screen = (inner: string) =>
      `<hierarchy rotation="0"><node package="com.x" bounds="[0,0][100,200]">${inner}</node></hierarchy>`;
    const before = screen(
      '<node resource-id="com.x:id/go" text="Go" clickable="true" bounds="[0,0][100,50]"/>',
    );
    const after = screen('<node resource-id="com.x:id/done" text="Done" bounds="[0,0][100,50]"/>');
    const lines = [
      header,
      JSON.stringify({
        ts: 1,
        seq: 0,
        type: 'window_change',
        packageName: 'com.x',
        className: null,
        title: null,
        snapshot: before,
      }),
      JSON.stringify({
        ts: 2,
        seq: 1,
        type: 'click',
        packageName: 'com.x',
        resourceId: 'com.x:id/go',
        text: 'Go',
        contentDesc: null,
        bounds: { left: 0, top: 0, right: 100, bottom: 50 },
        snapshot: after,
      }),
    ];
    const { steps, warnings } = stepsFromRecording(parseRecording(lines.join('\n')));
    expect(warnings).toEqual([]);
    expect(steps.slice(2)).toEqual([
      { kind: 'expectShown', matcher: { resourceId: 'com.x:id/go' } },
      { kind: 'click', matcher: { resourceId: 'com.x:id/go' } },
    ]);
  });

  it('a click the snapshot cannot place becomes a commented coordinate tap', () => {
    const header =
      '{"type":"recording_header","schemaVersion":1,"sessionId":"s","startedAt":1,"operatorPackage":"p"}';
    const click =
      '{"ts":2,"seq":0,"type":"click","packageName":"com.x","resourceId":null,"text":null,"contentDesc":null,"bounds":{"left":10,"top":20,"right":30,"bottom":60}}';
    const { steps, warnings } = stepsFromRecording(parseRecording(`${header}\n${click}\n`));
    expect(warnings).toEqual(['seq 0: no unique matcher for the clicked node; replayed as a coordinate tap']);
    expect(steps.slice(2)).toEqual([
      { kind: 'comment', text: warnings[0] },
      { kind: 'tap', x: 20, y: 40 },
    ]);
  });

  it('writes Vitest and Jest sources', () => {
    const steps = [
      { kind: 'openApp', applicationId: 'com.x' },
      { kind: 'click', matcher: { textEquals: "Ada's" } },
      { kind: 'expectShown', matcher: { resourceId: 'com.x:id/done' } },
    ] as const;
    expect(generateTest(steps, { name: 'n', origin: 'unit' })).toBe(
      [
        '// Generated by unit.',
        "import { expect, test } from 'droidproof/vitest';",
        '',
        "test('n', async ({ device }) => {",
        "  await device.openApp('com.x');",
        "  await device.node({ textEquals: 'Ada\\'s' }).click();",
        "  await expect(device).toShowNode({ resourceId: 'com.x:id/done' });",
        '});',
        '',
      ].join('\n'),
    );
    const jest = generateTest(steps, { name: 'n', runner: 'jest' });
    expect(jest).not.toContain('import');
    expect(jest).toContain("test('n', async () => {");
  });
});
