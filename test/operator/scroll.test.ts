import { afterEach, describe, expect, it } from 'vitest';
import { button, column, defineApp, scroll, text } from '../../src/virtual-device/android/index.js';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { exec, fixtureDevice, LAUNCHER, listState, stepData } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

const LIST = { resourceId: 'com.example.list:id/list' };

/** Two scroll containers on one screen, for strict container choice. */
const TWO_LISTS = defineApp({
  packageName: 'com.example.two',
  label: 'Two',
  initialState: () => ({}),
  screens: {
    main: () =>
      column([
        scroll(
          'left',
          Array.from({ length: 30 }, (_, i) => button(`L${i}`, undefined, { height: 56 })),
          { height: 300 },
        ),
        scroll(
          'right',
          Array.from({ length: 30 }, (_, i) => text(`R${i}`, { height: 56 })),
          { height: 300 },
        ),
      ]),
  },
});

describe('scroll', () => {
  it('a scroll that moves content reports moved with comparable signatures (003:2322-2334)', async () => {
    device = fixtureDevice();
    const data = stepData(await exec(device, [{ id: 's', type: 'scroll', params: { container: LIST } }]));
    expect(data.scroll_outcome).toBe('moved');
    const progress = JSON.parse(data.progress);
    expect(progress).toMatchObject({ comparable: true });
    expect(progress.beforeSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(progress.afterSignature).not.toBe(progress.beforeSignature);
  });

  it('reports direction, distance_ratio, settle_delay_ms and resolved_container (003:2315-2318)', async () => {
    device = fixtureDevice();
    const params = { container: LIST, distanceRatio: 0.5, settleDelayMs: 100 };
    const data = stepData(await exec(device, [{ id: 's', type: 'scroll', params }]));
    expect(data).toMatchObject({ direction: 'down', distance_ratio: '0.5', settle_delay_ms: '100' });
    expect(JSON.parse(data.resolved_container).resourceId).toBe(LIST.resourceId);
  });

  it('scrolling up at the top reports no_movement and still succeeds (003:2326-2334)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [{ id: 's', type: 'scroll', params: { direction: 'up' } }]);
    expect(envelope.status).toBe('success');
    expect(stepData(envelope).scroll_outcome).toBe('no_movement');
  });

  it('an omitted direction defaults to down (003:2303)', async () => {
    device = fixtureDevice();
    expect(stepData(await exec(device, [{ id: 's', type: 'scroll' }])).direction).toBe('down');
  });

  it('an accepted scroll is a coordinate_gesture receipt (003:1749-1756, 003:2315)', async () => {
    device = fixtureDevice();
    const data = stepData(await exec(device, [{ id: 's', type: 'scroll' }]));
    expect([data.dispatch_method, data.dispatch_accepted]).toEqual(['coordinate_gesture', 'true']);
  });

  it('a non-scrollable container walks down to its first scrollable descendant (003:2307-2309)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 's', type: 'scroll', params: { container: { resourceId: 'android:id/content' } } },
      ]),
    );
    expect(JSON.parse(data.resolved_container).resourceId).toBe(LIST.resourceId);
  });

  it('strict scroll without a container needs exactly one scrollable candidate (003:3858)', async () => {
    device = fixtureDevice({ apps: [LAUNCHER, TWO_LISTS] });
    device.android.activities.start({ packageName: 'com.example.two' });
    const envelope = await exec(device, [{ id: 's', type: 'scroll', params: { strict: true } }]);
    expect(envelope.errorCode).toBe('CONTAINER_AMBIGUOUS');
    expect(JSON.parse(stepData(envelope).candidates).totalMatches).toBe(2);
  });

  it('first-match scroll among two containers scrolls the first and warns about the container (003:3818-3821)', async () => {
    device = fixtureDevice({ apps: [LAUNCHER, TWO_LISTS] });
    device.android.activities.start({ packageName: 'com.example.two' });
    const data = stepData(await exec(device, [{ id: 's', type: 'scroll' }]));
    expect(data.selection_warning).toContain('container: 2');
  });

  it('a container that matches nothing is CONTAINER_NOT_FOUND (003:2336-2339)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 's', type: 'scroll', params: { container: { resourceId: 'x:id/none' } } }]),
    );
    expect(data.error).toBe('CONTAINER_NOT_FOUND');
  });

  it('an invalid direction is rejected before dispatch (003:2336-2338)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 's', type: 'scroll', params: { direction: 'sideways' } }])).errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });
});

describe('scroll_until and scroll_and_click', () => {
  it('scroll_until scrolls until the target is visible and counts scrolls (003:2341-2396, 003:1780-1782)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'u', type: 'scroll_until', params: { matcher: { textEquals: 'Item 30' } } }]),
    );
    expect(data.termination_reason).toBe('target_found');
    expect(Number(data.scrolls_executed)).toBeGreaterThan(0);
    expect(JSON.parse(data.target).label).toBe('Item 30');
  });

  it('an initially visible target claims no dispatch (003:1782-1783)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'u', type: 'scroll_until', params: { matcher: { textEquals: 'Item 1' } } }]),
    );
    expect([data.scrolls_executed, data.dispatch_method]).toEqual(['0', 'none']);
  });

  it('maxScrolls caps the gestures; an absent target is NODE_NOT_FOUND (003:2365-2366)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 'u', type: 'scroll_until', params: { matcher: { textEquals: 'Item 60' }, maxScrolls: 2 } },
      ]),
    );
    expect(data).toMatchObject({
      error: 'NODE_NOT_FOUND',
      scrolls_executed: '2',
      termination_reason: 'max_scrolls',
    });
  });

  it('the loop stops after noPositionChangeThreshold unchanged scrolls at the end (003:2367-2371)', async () => {
    device = fixtureDevice();
    const params = { matcher: { textEquals: 'Item 999' }, maxScrolls: 50, noPositionChangeThreshold: 2 };
    const data = stepData(await exec(device, [{ id: 'u', type: 'scroll_until', params }]));
    expect(data.termination_reason).toBe('no_position_change');
    expect(data.scroll_outcome).toBe('no_movement');
  });

  it('without a matcher the loop scrolls until no position change and succeeds (003:2362-2363)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'u', type: 'scroll_until', params: { noPositionChangeThreshold: 1 } },
    ]);
    expect(envelope.status).toBe('success');
    expect(stepData(envelope).termination_reason).toBe('no_position_change');
  });

  it('clickAfter=true requires a matcher (003:2358, 003:2363)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 'u', type: 'scroll_until', params: { clickAfter: true } }])).errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });

  it('scroll_and_click scrolls to the target and clicks it once (003:2397-2446)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 'k', type: 'scroll_and_click', params: { matcher: { textEquals: 'Item 25' } } },
      ]),
    );
    expect(data.dispatch_method).toBe('accessibility_action');
    expect(listState(device).clicks).toEqual(['item25']);
  });

  it('scroll_and_click with clickAfter=false stops after revealing the target (003:2421-2422)', async () => {
    device = fixtureDevice();
    await exec(device, [
      {
        id: 'k',
        type: 'scroll_and_click',
        params: { matcher: { textEquals: 'Item 25' }, clickAfter: false },
      },
    ]);
    expect(listState(device).clicks).toEqual([]);
  });

  it('scroll_and_click clamps maxSwipes to 1..50 (003:2406)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        { id: 'k', type: 'scroll_and_click', params: { matcher: { textEquals: 'Item 60' }, maxSwipes: 0 } },
      ]),
    );
    expect(data.scrolls_executed).toBe('1');
  });

  it('scroll_and_click without a matcher is rejected (003:2430-2432)', async () => {
    device = fixtureDevice();
    expect((await exec(device, [{ id: 'k', type: 'scroll_and_click', params: {} }])).errorCode).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
  });

  it('strict scroll search rejects duplicates inside the container with NODE_AMBIGUOUS (003:3862-3866)', async () => {
    device = fixtureDevice();
    const params = { matcher: { resourceId: 'com.example.list:id/item' }, strict: true, container: LIST };
    expect((await exec(device, [{ id: 'k', type: 'scroll_and_click', params }])).errorCode).toBe(
      'NODE_AMBIGUOUS',
    );
    expect(listState(device).clicks).toEqual([]);
  });

  it('targets outside the chosen container do not satisfy a scoped search (003:2372-2374)', async () => {
    device = fixtureDevice();
    const params = { matcher: { textEquals: 'Wi-Fi' }, container: LIST, maxScrolls: 1 };
    expect(stepData(await exec(device, [{ id: 'u', type: 'scroll_until', params }])).error).toBe(
      'NODE_NOT_FOUND',
    );
  });
});
