import { afterEach, describe, expect, it } from 'vitest';
import { parseHierarchyXml } from '../../src/contract/selector/index.js';
import { column, defineApp, text } from '../../src/virtual-device/android/index.js';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { exec, fixtureDevice, LAUNCHER, stepData } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

describe('snapshot', () => {
  it('returns UI Automator XML in data.text that parses back to the screen (003:2726-2758, 003:5065-5095)', async () => {
    device = fixtureDevice();
    const data = stepData(await exec(device, [{ id: 'snap', type: 'snapshot' }]));
    expect(
      data.text.startsWith(
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">",
      ),
    ).toBe(true);
    const hierarchy = parseHierarchyXml(data.text);
    expect(JSON.stringify(hierarchy)).toContain('"text":"Wi-Fi"');
  });

  it('adds the runtime keys actual_format, foreground_package, has_overlay, window_count (003:5143-5166)', async () => {
    device = fixtureDevice();
    const data = stepData(await exec(device, [{ id: 'snap', type: 'snapshot' }]));
    expect(data).toMatchObject({
      actual_format: 'hierarchy_xml',
      foreground_package: 'com.example.list',
      has_overlay: 'false',
      window_count: '1',
    });
  });

  it('operator_overlay_visible follows the on-screen log panel (003:3644-3657, 003:3610-3615)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'set', type: 'set_on_screen_log', params: { text: 'FLOW-001' } },
      { id: 'snap1', type: 'snapshot' },
      { id: 'clear', type: 'clear_on_screen_log' },
      { id: 'snap2', type: 'snapshot' },
    ]);
    expect(stepData(envelope, 1).operator_overlay_visible).toBe('true');
    expect(stepData(envelope, 1).text).toContain('FLOW-001');
    expect(stepData(envelope, 3).operator_overlay_visible).toBe('false');
  });

  it('the removed format parameter is rejected (003:2738)', async () => {
    device = fixtureDevice();
    expect((await exec(device, [{ id: 's', type: 'snapshot', params: { format: 'xml' } }])).errorCode).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
  });
});

describe('query_ui', () => {
  it('returns a schemaVersion 1 payload with preorder node paths (003:1917-1975)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'q', type: 'query_ui', params: { matcher: { role: 'switch' } } }]),
    );
    const query = JSON.parse(data.query);
    expect(query).toMatchObject({ schemaVersion: 1, totalMatches: 1, returnedCount: 1, truncated: false });
    expect(query.nodes[0]).toMatchObject({ role: 'switch', checkable: true, checked: false, onScreen: true });
    expect(query.capturedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('without a matcher it lists every eligible node, and limit truncates whole nodes (003:1890-1893, 003:1935-1940)', async () => {
    device = fixtureDevice();
    const query = JSON.parse(
      stepData(await exec(device, [{ id: 'q', type: 'query_ui', params: { limit: 3 } }])).query,
    );
    expect(query.returnedCount).toBe(3);
    expect(query.truncated).toBe(true);
    expect(query.totalMatches).toBeGreaterThan(3);
  });

  it('visibility all includes offscreen nodes with onScreen false (003:1982-1983)', async () => {
    device = fixtureDevice();
    const params = { matcher: { textEquals: 'Item 60' }, visibility: 'all' };
    const query = JSON.parse(stepData(await exec(device, [{ id: 'q', type: 'query_ui', params }])).query);
    expect(query.nodes[0]).toMatchObject({ label: 'Item 60', onScreen: false });
    const onScreen = JSON.parse(
      stepData(
        await exec(device, [{ id: 'q', type: 'query_ui', params: { matcher: { textEquals: 'Item 60' } } }]),
      ).query,
    );
    expect(onScreen.totalMatches).toBe(0);
  });

  it('zero matches is a success (003:1936)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'q', type: 'query_ui', params: { matcher: { textEquals: 'Nope' } } },
    ]);
    expect(envelope.status).toBe('success');
  });

  it('a payload above 256 KiB fails with PAYLOAD_TOO_LARGE and stops the execution (003:1985-1987)', async () => {
    const big = defineApp({
      packageName: 'com.example.big',
      label: 'Big',
      initialState: () => ({}),
      screens: {
        main: () =>
          column(Array.from({ length: 1000 }, (_, i) => text(`Row ${i} ${'x'.repeat(300)}`, { height: 1 }))),
      },
    });
    device = fixtureDevice({ apps: [LAUNCHER, big] });
    device.android.activities.start({ packageName: 'com.example.big' });
    const envelope = await exec(device, [
      { id: 'q', type: 'query_ui', params: { visibility: 'all', limit: 1000 } },
      { id: 's', type: 'snapshot' },
    ]);
    expect(envelope.errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(envelope.stepResults).toHaveLength(1);
  });

  it('an explicit empty matcher is invalid (003:1890)', async () => {
    device = fixtureDevice();
    expect((await exec(device, [{ id: 'q', type: 'query_ui', params: { matcher: {} } }])).errorCode).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
  });
});

describe('toasts', () => {
  it('show_toast returns exactly submitted and duration, and shows the toast (003:2790-2793)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 't', type: 'show_toast', params: { text: 'Starting test run' } }]),
    );
    expect(data).toEqual({ submitted: 'true', duration: 'short' });
    expect(device.android.toasts.history().at(-1)).toMatchObject({
      text: 'Starting test run',
      durationMs: 2000,
    });
  });

  it('duration long maps to a long toast (003:2769)', async () => {
    device = fixtureDevice();
    await exec(device, [{ id: 't', type: 'show_toast', params: { text: 'Done', duration: 'long' } }]);
    expect(device.android.toasts.history().at(-1)?.durationMs).toBe(3500);
  });

  it('blank text, unknown fields and numeric durations are rejected (003:2771-2773)', async () => {
    device = fixtureDevice();
    for (const params of [{ text: '  ' }, { text: 'x', position: 'top' }, { text: 'x', duration: 2000 }]) {
      expect((await exec(device, [{ id: 't', type: 'show_toast', params }])).errorCode).toBe(
        'EXECUTION_VALIDATION_FAILED',
      );
    }
  });

  it('cancel_toast is idempotent and returns exactly submitted (003:2817-2833)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'c1', type: 'cancel_toast' },
      { id: 'c2', type: 'cancel_toast', params: {} },
    ]);
    expect(envelope.stepResults.map((s) => s.data)).toEqual([{ submitted: 'true' }, { submitted: 'true' }]);
  });
});

describe('on-screen log', () => {
  it('set_on_screen_log returns exactly the documented string keys and draws the panel (003:3526-3548)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'p', type: 'set_on_screen_log', params: { text: 'FLOW-001: Observe' } }]),
    );
    expect(Object.keys(data).sort()).toEqual(
      [
        'anchor',
        'background_color',
        'bounds',
        'edge_offset_dp',
        'font_size_sp',
        'rendered',
        'text_align',
        'text_color',
        'top_offset_dp',
        'truncated',
        'ttl_ms',
        'visible',
        'width_dp',
      ].sort(),
    );
    expect(data).toMatchObject({
      visible: 'true',
      rendered: 'true',
      truncated: 'false',
      anchor: 'left',
      width_dp: '280',
      ttl_ms: '300000',
    });
    expect(data.bounds).toMatch(/^\[\d+,\d+\]\[\d+,\d+\]$/);
    expect(device.android.overlay.state?.lines).toEqual(['FLOW-001: Observe']);
  });

  it('the panel is drawn but its label is not selectable by UI-tree matching (003:3560-3565)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'p', type: 'set_on_screen_log', params: { text: 'PANEL-LABEL' } },
      {
        id: 'r',
        type: 'read_text',
        params: { matcher: { textEquals: 'PANEL-LABEL' }, retry: { maxAttempts: 1 } },
      },
      { id: 'q', type: 'query_ui', params: { matcher: { textEquals: 'PANEL-LABEL' }, visibility: 'all' } },
    ]);
    expect(device.android.overlay.state?.lines).toEqual(['PANEL-LABEL']);
    expect(stepData(envelope, 1).error).toBe('NODE_NOT_FOUND');
    expect(JSON.parse(stepData(envelope, 2).query).totalMatches).toBe(0);
  });

  it('six-digit colors normalize to opaque upper-case #AARRGGBB (003:2866)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        {
          id: 'p',
          type: 'set_on_screen_log',
          params: { text: 'x', textColor: '#a1b2c3', backgroundColor: '#7f0a0b0c' },
        },
      ]),
    );
    expect([data.text_color, data.background_color]).toEqual(['#FFA1B2C3', '#7F0A0B0C']);
  });

  it('a malformed set is rejected and leaves the current panel unchanged (003:2868, 003:3486-3487)', async () => {
    device = fixtureDevice();
    await exec(device, [{ id: 'p', type: 'set_on_screen_log', params: { text: 'keep me' } }]);
    const envelope = await exec(device, [
      { id: 'p', type: 'set_on_screen_log', params: { text: 'x', widthDp: 10 } },
    ]);
    expect(envelope.errorCode).toBe('EXECUTION_VALIDATION_FAILED');
    expect(device.android.overlay.state?.lines).toEqual(['keep me']);
  });

  it('text and template are mutually exclusive; unknown placeholders are rejected (003:2843-2848, 003:3376-3378)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 'p', type: 'set_on_screen_log', params: { text: 'a', template: 'b' } }]))
        .errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
    expect(
      (
        await exec(device, [
          { id: 'p', type: 'set_on_screen_log', params: { template: '{{device.serial}}' } },
        ])
      ).errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });

  it('templates expand from the foreground app and device; escaped braces stay literal (003:3359-3395)', async () => {
    device = fixtureDevice();
    const template =
      '{{foreground_app.package_name}} {{foreground_app.version_name}} ({{foreground_app.version_code}}) {{{{x}}}}';
    await exec(device, [{ id: 'p', type: 'set_on_screen_log', params: { template } }]);
    expect(device.android.overlay.state?.lines.join('')).toBe('com.example.list 2.1 (21) {{x}}');
  });

  it('text that cannot fit is truncated and reports truncated "true" (003:3518-3521)', async () => {
    device = fixtureDevice();
    const params = { text: Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n'), fontSizeSp: 24 };
    expect(stepData(await exec(device, [{ id: 'p', type: 'set_on_screen_log', params }])).truncated).toBe(
      'true',
    );
  });

  it('a panel that cannot fit one line is ON_SCREEN_LOG_LAYOUT_INVALID (003:3520-3521)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'p', type: 'set_on_screen_log', params: { text: 'x', topOffsetDp: 1000 } },
    ]);
    expect(envelope.errorCode).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
  });

  it('the panel expires after ttlMs (003:3489-3493)', async () => {
    device = fixtureDevice();
    await exec(device, [
      { id: 'p', type: 'set_on_screen_log', params: { text: 'short-lived', ttlMs: 1000 } },
    ]);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    device.android.clock.advance(990);
    await settle();
    expect(device.android.overlay.visible).toBe(true);
    device.android.clock.advance(20);
    await settle();
    expect(device.android.overlay.visible).toBe(false);
  });

  it('clear_on_screen_log returns exactly visible false, also when hidden (003:2890-2913, 003:3495-3497)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'c', type: 'clear_on_screen_log' },
      { id: 'c2', type: 'clear_on_screen_log', params: {} },
    ]);
    expect(envelope.stepResults.map((s) => s.data)).toEqual([{ visible: 'false' }, { visible: 'false' }]);
  });

  it('clear_on_screen_log rejects a nonempty params object (003:2894-2895)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 'c', type: 'clear_on_screen_log', params: { text: 'x' } }])).errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });
});
