import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPE_ALIASES,
  ACTION_TYPES,
  ACTION_TYPES_BY_FAMILY,
  CORE_ACTION_TYPES,
  isActionType,
  isObservationOnly,
  isReadOnlyAction,
  READ_ONLY_ACTION_TYPES,
  READINESS_BYPASS_ACTION_TYPES,
  validateExecution,
} from './index.js';

describe('action types', () => {
  it('has the 35 types of the seeds, each once', () => {
    expect(ACTION_TYPES).toHaveLength(35);
    expect(new Set(ACTION_TYPES).size).toBe(35);
    for (const type of [...CORE_ACTION_TYPES, 'swipe', 'drag', 'doctor_ping'])
      expect(isActionType(type)).toBe(true);
    for (const type of ['list_notifications', 'dismiss_notification', 'invoke_notification_action']) {
      expect(ACTION_TYPES_BY_FAMILY.notification).toContain(type);
    }
    expect(ACTION_TYPES_BY_FAMILY.media).toEqual([
      'list_media_sessions',
      'get_media_status',
      'observe_media',
      'media_pause',
      'media_play',
      'media_seek',
    ]);
  });

  it('maps every alias to a canonical type that is not itself an alias', () => {
    for (const [alias, canonical] of Object.entries(ACTION_TYPE_ALIASES)) {
      expect(isActionType(canonical)).toBe(true);
      expect(isActionType(alias)).toBe(false);
    }
  });

  it('classifies read-only actions: captures and reads yes, mutations and overlays no', () => {
    for (const type of READ_ONLY_ACTION_TYPES) expect(isReadOnlyAction(type)).toBe(true);
    for (const type of [
      'click',
      'enter_text',
      'media_pause',
      'dismiss_notification',
      'show_toast',
      'scroll',
    ]) {
      expect(isReadOnlyAction(type)).toBe(false);
    }
  });

  it('applies the readiness-gate rule to whole executions', () => {
    const execution = (...types: string[]) => ({ actions: types.map((type) => ({ type })) });
    expect(isObservationOnly(execution('list_notifications', 'get_media_status', 'media_seek'))).toBe(true);
    expect(isObservationOnly(execution('list_notifications', 'dismiss_notification'))).toBe(false);
    expect(isObservationOnly(execution('list_media_sessions', 'snapshot'))).toBe(false);
    expect(isObservationOnly(execution())).toBe(false);
    expect(READINESS_BYPASS_ACTION_TYPES).not.toContain('invoke_notification_action');
  });

  it('accepts a validated execution in the helpers', () => {
    const validated = validateExecution({
      commandId: 'c',
      taskId: 't',
      source: 's',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 5000,
      actions: [{ id: 'a', type: 'media_play', params: { mediaSessionId: 'm' } }],
    });
    expect(isObservationOnly(validated)).toBe(true);
  });
});
