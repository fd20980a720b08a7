/**
 * Action-type names as data: all canonical types, by family, and the
 * readiness/read-only classifications other layers branch on.
 */
import { ACTION_FAMILIES, type ActionFamily, type ActionType } from './actions/index.js';

function typesOf(family: ActionFamily): readonly ActionType[] {
  return ACTION_FAMILIES[family].map((schema) => schema.shape.type.value);
}

/** Canonical action types per family. */
export const ACTION_TYPES_BY_FAMILY: Readonly<Record<ActionFamily, readonly ActionType[]>> =
  Object.fromEntries(
    (Object.keys(ACTION_FAMILIES) as ActionFamily[]).map((family) => [family, typesOf(family)]),
  ) as Record<ActionFamily, readonly ActionType[]>;

/** All 35 canonical action types. */
export const ACTION_TYPES: readonly ActionType[] = Object.values(ACTION_TYPES_BY_FAMILY).flat();

/** The 23 canonical public types listed by seed 003:1819-1843. */
export const CORE_ACTION_TYPES = [
  'open_app',
  'open_uri',
  'close_app',
  'start_recording',
  'stop_recording',
  'wait_for_node',
  'click',
  'scroll_and_click',
  'scroll',
  'scroll_until',
  'read_text',
  'query_ui',
  'enter_text',
  'snapshot',
  'take_screenshot',
  'sleep',
  'press_key',
  'wait_for_navigation',
  'read_key_value_pair',
  'set_on_screen_log',
  'clear_on_screen_log',
  'show_toast',
  'cancel_toast',
] as const satisfies readonly ActionType[];

/** Actions that take optional `strict` and `container` (003:2095-2097). */
export const NODE_TARGETED_ACTION_TYPES = ACTION_TYPES_BY_FAMILY.nodeTargeted;

/** Notification and media reads (001: "Observation-only execution lists"). */
export const BACKGROUND_OBSERVATION_ACTION_TYPES = [
  'list_notifications',
  'list_media_sessions',
  'get_media_status',
  'observe_media',
] as const satisfies readonly ActionType[];

/**
 * Actions that bypass whole-execution interactive readiness (001; 003:3265-3272):
 * the background reads plus media pause/play/seek, which work with the display
 * off or locked. Notification mutations and UI actions do not bypass it.
 */
export const READINESS_BYPASS_ACTION_TYPES = [
  ...BACKGROUND_OBSERVATION_ACTION_TYPES,
  'media_pause',
  'media_play',
  'media_seek',
] as const satisfies readonly ActionType[];

/**
 * Actions that never change device or app state ("matchers observe, actions
 * only act"): captures, reads, waits, sleep, the doctor ping and the background
 * reads. Overlays (toast, on-screen log) are not read-only: they draw on screen.
 */
export const READ_ONLY_ACTION_TYPES = [
  'snapshot',
  'take_screenshot',
  'query_ui',
  'read_text',
  'read_key_value_pair',
  'wait_for_node',
  'wait_for_navigation',
  'sleep',
  'doctor_ping',
  ...BACKGROUND_OBSERVATION_ACTION_TYPES,
] as const satisfies readonly ActionType[];

function memberOf(list: readonly string[]) {
  const set = new Set(list);
  return (type: string): boolean => set.has(type);
}

/** True for canonical action type names (aliases are not canonical). */
export const isActionType = memberOf(ACTION_TYPES) as (type: string) => type is ActionType;
/** True when the action never changes device or app state. */
export const isReadOnlyAction = memberOf(READ_ONLY_ACTION_TYPES);
/** True when the action may run without interactive readiness. */
export const isReadinessBypassAction = memberOf(READINESS_BYPASS_ACTION_TYPES);

/**
 * Seed 001's readiness-gate rule: a nonempty execution made only of
 * notification/media reads and media pause/play/seek skips interactive readiness
 * (no wake, no unlock, no accessibility needed).
 */
export function isObservationOnly(execution: { actions: readonly { type: string }[] }): boolean {
  return (
    execution.actions.length > 0 && execution.actions.every((action) => isReadinessBypassAction(action.type))
  );
}
