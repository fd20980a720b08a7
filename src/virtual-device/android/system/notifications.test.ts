import { describe, expect, it } from 'vitest';
import { NotificationManager } from './notifications.js';

function manager() {
  let now = 1_700_000_000_000;
  const m = new NotificationManager(
    () => now++,
    () => 10123,
  );
  return m;
}

describe('NotificationManager (seed 001)', () => {
  it('posts with a StatusBarNotification-style key and the listed fields', () => {
    const m = manager();
    const key = m.post({
      packageName: 'com.x',
      id: 7,
      title: 'T',
      text: 'body',
      group: 'g',
      progress: { value: 3, max: 10, indeterminate: false },
    });
    expect(key).toBe('0|com.x|7|null|10123');
    expect(m.get(key)).toMatchObject({
      title: 'T',
      text: 'body',
      ongoing: false,
      clearable: true,
      group: 'g',
      groupSummary: false,
      progress: { value: 3, max: 10, indeterminate: false },
      revision: 1,
    });
  });

  it('an update keeps the key, bumps the revision and the postTime (seed 001: updates invalidate references)', () => {
    const m = manager();
    const key = m.post({ packageName: 'com.x', id: 1, title: 'a' });
    const first = m.get(key)!;
    m.post({ packageName: 'com.x', id: 1, title: 'b' });
    expect(m.get(key)).toMatchObject({ title: 'b', revision: 2 });
    expect(m.get(key)!.postTime).toBeGreaterThan(first.postTime);
    expect(m.active()).toHaveLength(1);
  });

  it('invokes an action once for the advertised revision; stale revision, missing key and cancelled intents fail', () => {
    const m = manager();
    let sent = 0;
    const key = m.post({
      packageName: 'com.x',
      id: 1,
      actions: [
        { title: 'Do', onInvoke: () => sent++ },
        { title: 'Gone', cancelled: true },
      ],
    });
    expect(m.invokeAction(key, 1, 0)).toEqual({ status: 'sent' });
    expect(sent).toBe(1);
    expect(m.invokeAction(key, 1, 1)).toEqual({ status: 'cancelled' });
    expect(m.invokeAction(key, 1, 5)).toEqual({ status: 'no_such_action' });
    m.post({ packageName: 'com.x', id: 1, actions: [{ title: 'Do' }] });
    expect(m.invokeAction(key, 1, 0)).toEqual({ status: 'revision_mismatch' });
    m.cancel('com.x', 1);
    expect(m.invokeAction(key, 2, 0)).toEqual({ status: 'expired' });
    expect(sent).toBe(1);
  });

  it('exposes RemoteInput and authentication flags of actions', () => {
    const m = manager();
    const key = m.post({
      packageName: 'com.x',
      id: 1,
      actions: [
        { title: 'Reply', requiresInput: true },
        { title: 'Pay', requiresAuthentication: true },
      ],
    });
    expect(m.get(key)!.actions).toEqual([
      { index: 0, title: 'Reply', requiresInput: true, requiresAuthentication: false },
      { index: 1, title: 'Pay', requiresInput: false, requiresAuthentication: true },
    ]);
  });

  it('dismissal removes clearable notifications only, and the refusal fault keeps them (seed 001: dismissal)', () => {
    const m = manager();
    const ongoing = m.post({ packageName: 'com.x', id: 1, ongoing: true });
    const normal = m.post({ packageName: 'com.x', id: 2 });
    expect(m.get(ongoing)!.clearable).toBe(false);
    expect(m.dismiss(ongoing)).toBe(false);
    m.refuseCancellation = true;
    expect(m.dismiss(normal)).toBe(false);
    m.refuseCancellation = false;
    expect(m.dismiss(normal)).toBe(true);
    expect(m.active().map((n) => n.key)).toEqual([ongoing]);
  });

  it('lists most recent first and filters by package', () => {
    const m = manager();
    m.post({ packageName: 'com.a', id: 1 });
    m.post({ packageName: 'com.b', id: 1 });
    expect(m.active().map((n) => n.packageName)).toEqual(['com.b', 'com.a']);
    expect(m.active('com.a')).toHaveLength(1);
  });

  it('tracks listener access and connection; a reconnection bumps the generation', () => {
    const m = manager();
    const events: string[] = [];
    m.subscribe((e) => events.push(e.type));
    expect(m.listener('op')).toEqual({ access: true, connected: true, generation: 1 });
    expect(m.setListener('op', { connected: false })).toEqual({
      access: true,
      connected: false,
      generation: 1,
    });
    expect(m.setListener('op', { connected: true }).generation).toBe(2);
    expect(m.setListener('op', { access: false })).toMatchObject({ access: false, connected: false });
    expect(events).toEqual(['listener', 'listener', 'listener']);
  });
});
