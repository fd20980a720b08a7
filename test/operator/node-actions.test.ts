import { afterEach, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { exec, fixtureDevice, listState, stepData } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

const WIFI = { resourceId: 'com.example.list:id/wifi' };
const SEARCH = { resourceId: 'com.example.list:id/search' };

describe('click', () => {
  it('a selector click reports target, candidate_count, dispatch_method, dispatch_accepted, elapsed_ms (003:1738-1760)', async () => {
    device = fixtureDevice();
    const data = stepData(await exec(device, [{ id: 'c', type: 'click', params: { matcher: WIFI } }]));
    expect(data).toMatchObject({
      candidate_count: '1',
      dispatch_method: 'accessibility_action',
      dispatch_accepted: 'true',
    });
    expect(JSON.parse(data.target)).toMatchObject({ resourceId: WIFI.resourceId, role: 'switch' });
    expect(data.elapsed_ms).toMatch(/^\d+$/);
    expect(listState(device).wifi).toBe(true);
  });

  it('first-match selection among duplicates clicks the first and warns (003:3807-3827)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Open' } } }]),
    );
    expect(data.selection_warning).toContain('target: 2');
    expect(listState(device).clicks).toEqual(['alpha']);
  });

  it('strict mode rejects duplicates with NODE_AMBIGUOUS and dispatches nothing (003:3845-3853)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'c', type: 'click', params: { matcher: { textEquals: 'Open' }, strict: true } },
    ]);
    expect(stepData(envelope)).toMatchObject({
      errorCode: 'NODE_AMBIGUOUS',
      candidate_count: '2',
      dispatch_method: 'none',
    });
    expect(JSON.parse(stepData(envelope).candidates).nodes).toHaveLength(2);
    expect(listState(device).clicks).toEqual([]);
  });

  it('a relational matcher disambiguates duplicates (003:3777-3797)', async () => {
    device = fixtureDevice();
    const matcher = { textEquals: 'Open', ancestor: { resourceId: 'com.example.list:id/row_beta' } };
    await exec(device, [{ id: 'c', type: 'click', params: { matcher, strict: true } }]);
    expect(listState(device).clicks).toEqual(['beta']);
  });

  it('a container scopes the target to its strict descendants (003:3836-3843)', async () => {
    device = fixtureDevice();
    const params = {
      matcher: { textEquals: 'Open' },
      container: { resourceId: 'com.example.list:id/row_beta' },
      strict: true,
    };
    const data = stepData(await exec(device, [{ id: 'c', type: 'click', params }]));
    expect(data.candidate_count).toBe('1');
    expect(listState(device).clicks).toEqual(['beta']);
  });

  it('a strict container that matches several nodes is CONTAINER_AMBIGUOUS (003:3851-3853)', async () => {
    device = fixtureDevice();
    const params = {
      matcher: { textEquals: 'Open' },
      container: { resourceId: 'com.example.list:id/name', descendant: undefined },
      strict: true,
    };
    const envelope = await exec(device, [
      { id: 'c', type: 'click', params: { ...params, container: { textContains: 'a' } } },
    ]);
    expect(envelope.errorCode).toBe('CONTAINER_AMBIGUOUS');
  });

  it('a click on a label dispatches to the clickable ancestor and reports matched_target (003:1749-1753)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Item 1' } } }]),
    );
    expect(JSON.parse(data.target).label).toBe('Item 1');
    expect(listState(device).clicks).toEqual(['item1']);
  });

  it('a non-clickable node without a clickable ancestor is tapped by coordinates (003:1749-1753)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Wi-Fi' } } }]),
    );
    expect(data.dispatch_method).toBe('coordinate_gesture');
    expect(data.target).toBeUndefined();
    expect(JSON.parse(data.matched_target).label).toBe('Wi-Fi');
  });

  it('a coordinate click reports the JSON coordinate and omits target and candidate_count (003:1755-1757)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'click', params: { coordinate: { x: 800, y: 550 } } }]),
    );
    expect(data).toMatchObject({
      coordinate: '{"x":800,"y":550}',
      dispatch_method: 'coordinate_gesture',
      dispatch_accepted: 'true',
    });
    expect(data.target).toBeUndefined();
    expect(data.candidate_count).toBeUndefined();
    expect(listState(device).wifi).toBe(true);
  });

  it('an absent first-match target after retries is a returned NODE_NOT_FOUND with dispatch none (003:1758-1760)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Ghost' } } }]),
    );
    expect(data).toMatchObject({
      error: 'NODE_NOT_FOUND',
      dispatch_method: 'none',
      dispatch_accepted: 'false',
    });
  });

  it('retries find a target that appears after the first attempt (003:1787-1813)', async () => {
    device = fixtureDevice();
    device.android.activities.start({ packageName: 'com.example.launcher' });
    device.android.clock.schedule(300, () =>
      device.android.activities.start({ packageName: 'com.example.list' }),
    );
    const params = {
      matcher: WIFI,
      retry: { maxAttempts: 5, initialDelayMs: 200, maxDelayMs: 200, backoffMultiplier: 1, jitterRatio: 0 },
    };
    const envelope = await exec(device, [{ id: 'c', type: 'click', params }]);
    expect(envelope.status).toBe('success');
    expect(listState(device).wifi).toBe(true);
  });

  it('long_click uses ACTION_LONG_CLICK where the node supports it (003:2115)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'click', params: { matcher: SEARCH, clickType: 'long_click' } }]),
    );
    expect(data.dispatch_method).toBe('accessibility_action');
  });

  it('clickType focus focuses the node (003:2115)', async () => {
    device = fixtureDevice();
    await exec(device, [{ id: 'c', type: 'click', params: { matcher: SEARCH, clickType: 'focus' } }]);
    const query = await exec(device, [{ id: 'q', type: 'query_ui', params: { matcher: SEARCH } }]);
    expect(query.status).toBe('success');
    expect(device.android.ui.hierarchy().roots[0].children[0].children[4].focused).toBe(true);
  });

  it('coordinate clicks with clickType focus are rejected before dispatch (003:2119-2121)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'c', type: 'click', params: { coordinate: { x: 1, y: 1 }, clickType: 'focus' } },
    ]);
    expect(envelope.errorCode).toBe('EXECUTION_VALIDATION_FAILED');
  });
});

describe('enter_text', () => {
  it('sets the text, reports text_entry accepted and keeps the requested values (003:2580-2592)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 't', type: 'enter_text', params: { matcher: SEARCH, text: 'battery' } }]),
    );
    expect(data).toMatchObject({
      text: 'battery',
      clear: 'false',
      submit: 'false',
      text_entry: 'accepted',
      submission: 'not_requested',
      submit_method: 'not_requested',
    });
    expect(listState(device).typed).toBe('battery');
  });

  it('clear=true clears first, then sets the replacement text (003:2562-2564)', async () => {
    device = fixtureDevice();
    await exec(device, [{ id: 't', type: 'enter_text', params: { matcher: SEARCH, text: 'old' } }]);
    await exec(device, [
      { id: 't', type: 'enter_text', params: { matcher: SEARCH, text: 'new', clear: true } },
    ]);
    expect(listState(device).typed).toBe('new');
  });

  it('submit=true prefers the IME action and reports ime_action (003:2574-2579, 2593-2596)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 't', type: 'enter_text', params: { matcher: SEARCH, text: 'x', submit: true } },
      ]),
    );
    expect([data.submission, data.submit_method]).toEqual(['accepted', 'ime_action']);
    expect(listState(device).submitted).toBe(1);
  });

  it('a node that cannot take text fails with failure_point set_text_failed (003:2598-2600)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 't', type: 'enter_text', params: { matcher: { textEquals: 'Items' }, text: 'x' } },
      ]),
    );
    expect(data).toMatchObject({ failure_point: 'set_text_failed', dispatch_accepted: 'false' });
  });

  it('blank text is rejected before dispatch (003:2596-2597)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 't', type: 'enter_text', params: { matcher: SEARCH, text: '' } }]))
        .errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });
});

describe('read_text and read_key_value_pair', () => {
  it('read_text returns the node label (003:2447-2491, 003:3786-3788)', async () => {
    device = fixtureDevice();
    expect(
      stepData(
        await exec(device, [{ id: 'r', type: 'read_text', params: { matcher: { textContains: 'wi-' } } }]),
      ).text,
    ).toBe('Wi-Fi');
  });

  it('read_text all=true returns every match as a JSON list and does not warn (003:2470-2471, 003:3823-3824)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        {
          id: 'r',
          type: 'read_text',
          params: { matcher: { resourceId: 'com.example.list:id/name' }, all: true },
        },
      ]),
    );
    expect(JSON.parse(data.text)).toEqual(['Alpha', 'Beta']);
    expect(data.selection_warning).toBeUndefined();
  });

  it('read_text all=true with no match returns an empty list (003:3855)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 'r', type: 'read_text', params: { matcher: { textEquals: 'None' }, all: true } },
      ]),
    );
    expect(data.text).toBe('[]');
  });

  it('the version validator rejects a value that is not dotted numbers (003:2466-2467)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'r', type: 'read_text', params: { matcher: { textEquals: 'Items' }, validator: 'version' } },
    ]);
    expect(stepData(envelope).error).toBe('VALIDATION_FAILED');
  });

  it('an unknown validator name is rejected by the Android parser (003:2466-2467)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'r', type: 'read_text', params: { matcher: { textEquals: 'Items' }, validator: 'email' } },
    ]);
    expect(envelope.errorCode).toBe('EXECUTION_VALIDATION_FAILED');
  });

  it('a regex validator requires validatorPattern (003:2461-2464)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'r', type: 'read_text', params: { matcher: { textEquals: 'Items' }, validator: 'regex' } },
    ]);
    expect(envelope.errorCode).toBe('EXECUTION_VALIDATION_FAILED');
  });

  it('read_key_value_pair reads the value beside the label (003:2492-2527)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 'k', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Battery' } } },
      ]),
    );
    expect(data).toMatchObject({ key: 'Battery', value: '87 %' });
  });

  it('read_key_value_pair without labelMatcher is rejected (003:2520-2522)', async () => {
    device = fixtureDevice();
    expect((await exec(device, [{ id: 'k', type: 'read_key_value_pair', params: {} }])).errorCode).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
  });
});

describe('waits', () => {
  it('wait_for_node returns once a node appears later (003:2652-2689)', async () => {
    device = fixtureDevice();
    device.android.activities.start({ packageName: 'com.example.launcher' });
    device.android.clock.schedule(700, () =>
      device.android.activities.start({ packageName: 'com.example.list' }),
    );
    const data = stepData(
      await exec(device, [{ id: 'w', type: 'wait_for_node', params: { matcher: WIFI, timeoutMs: 3000 } }]),
    );
    expect(data.candidate_count).toBe('1');
    expect(Number(data.elapsed_ms)).toBeGreaterThanOrEqual(700);
  });

  it('wait_for_node that times out returns WAIT_TIMEOUT and lets later steps run (003:7683, 003:1776-1779)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'Never' }, timeoutMs: 400 } },
      { id: 's', type: 'snapshot' },
    ]);
    expect(stepData(envelope).error).toBe('WAIT_TIMEOUT');
    expect(envelope.stepResults[1].success).toBe(true);
  });

  it('wait_for_node clamps its timeout to 1..120000 (003:2658)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'Never' }, timeoutMs: 0 } },
    ]);
    expect(Number(stepData(envelope).elapsed_ms)).toBeLessThan(100); // one clock step, not the 10 s default
  });

  it('wait_for_navigation confirms the expected package and node (003:2690-2725)', async () => {
    device = fixtureDevice();
    const params = {
      expectedPackage: 'com.example.list',
      expectedNode: { textEquals: 'Items' },
      timeoutMs: 1000,
    };
    const data = stepData(await exec(device, [{ id: 'n', type: 'wait_for_navigation', params }]));
    expect(data.resolved_package).toBe('com.example.list');
  });

  it('wait_for_navigation timeout is NAVIGATION_TIMEOUT with last_package (003:11040-11048)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 'n', type: 'wait_for_navigation', params: { expectedPackage: 'com.other', timeoutMs: 300 } },
      ]),
    );
    expect(data).toMatchObject({ error: 'NAVIGATION_TIMEOUT', last_package: 'com.example.list' });
  });

  it('wait_for_navigation without a target or timeout is rejected (003:2696-2700)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 'n', type: 'wait_for_navigation', params: { timeoutMs: 100 } }])).errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
    expect(
      (await exec(device, [{ id: 'n', type: 'wait_for_navigation', params: { expectedPackage: 'x.y' } }]))
        .errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });
});
