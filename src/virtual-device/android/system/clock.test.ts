import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';

describe('VirtualClock', () => {
  it('manual mode: time moves only with advance, timers fire in due order at their due time', () => {
    const clock = new VirtualClock({ mode: 'manual', elapsedAtStartMs: 1000 });
    const fired: Array<[string, number]> = [];
    clock.schedule(300, () => fired.push(['b', clock.elapsedRealtime()]));
    clock.schedule(100, () => fired.push(['a', clock.elapsedRealtime()]));
    clock.advance(200);
    expect(fired).toEqual([['a', 1100]]);
    expect(clock.elapsedRealtime()).toBe(1200);
    clock.advance(200);
    expect(fired).toEqual([
      ['a', 1100],
      ['b', 1300],
    ]);
  });

  it('a timer scheduled by a timer during advance fires in the same advance when due', () => {
    const clock = new VirtualClock({ mode: 'manual' });
    const fired: number[] = [];
    clock.schedule(10, () => clock.schedule(10, () => fired.push(clock.elapsedRealtime())));
    clock.advance(50);
    expect(fired).toEqual([60_020]);
  });

  it('cancelled timers never fire', () => {
    const clock = new VirtualClock({ mode: 'manual' });
    let fired = false;
    clock.schedule(10, () => (fired = true)).cancel();
    clock.advance(100);
    expect(fired).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('real mode runs timers on host time, and switching to manual keeps pending timers', async () => {
    const clock = new VirtualClock();
    const start = clock.elapsedRealtime();
    await clock.sleep(20);
    expect(clock.elapsedRealtime() - start).toBeGreaterThanOrEqual(19);
    let fired = false;
    clock.schedule(60_000, () => (fired = true));
    clock.setManual();
    clock.advance(60_000);
    expect(fired).toBe(true);
  });

  it('wall time stays consistent with elapsed realtime', () => {
    const clock = new VirtualClock({ mode: 'manual', wallAtStartMs: 1_000_000, elapsedAtStartMs: 500 });
    clock.advance(250);
    expect(clock.wallTime()).toBe(1_000_250);
  });

  it('sleep rejects when its signal aborts', async () => {
    const clock = new VirtualClock({ mode: 'manual' });
    const controller = new AbortController();
    const sleeping = clock.sleep(1000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pendingTimers).toBe(0);
  });
});
