/**
 * Input aliases Node normalizes before strict validation (seed 003:1815-1880):
 * action-type aliases and generic parameter-key aliases.
 */
import type { ActionType } from './actions/index.js';
import type { AliasTable } from './key-aliases.js';

/** Exact, case-sensitive action-type aliases (003:1847-1859). */
export const ACTION_TYPE_ALIASES: Readonly<Record<string, ActionType>> = {
  open_url: 'open_uri',
  tap: 'click',
  press: 'click',
  wait_for: 'wait_for_node',
  find: 'wait_for_node',
  find_node: 'wait_for_node',
  read: 'read_text',
  snapshot_ui: 'snapshot',
  screenshot: 'take_screenshot',
  capture_screenshot: 'take_screenshot',
  type_text: 'enter_text',
  text_entry: 'enter_text',
  input_text: 'enter_text',
  key_press: 'press_key',
  on_screen_log_set: 'set_on_screen_log',
  on_screen_log_clear: 'clear_on_screen_log',
};

/** Top-level execution key aliases (003:1427-1432). */
export const EXECUTION_KEY_ALIASES: AliasTable = {
  command_id: 'commandId',
  task_id: 'taskId',
  expected_format: 'expectedFormat',
  timeout_ms: 'timeoutMs',
};

/**
 * Parameter-key aliases (003:1861-1872), plus the snake_case spelling of every
 * camelCase parameter that the released Clawperator Operator also accepts.
 */
export const PARAM_KEY_ALIASES: AliasTable = {
  package: 'applicationId',
  package_id: 'applicationId',
  application_id: 'applicationId',
  app: 'applicationId',
  app_id: 'applicationId',
  url: 'uri',
  selector: 'matcher',
  node: 'matcher',
  element: 'matcher',
  value: 'text',
  file: 'path',
  filePath: 'path',
  output_path: 'path',
  expected_package: 'expectedPackage',
  expected_node: 'expectedNode',
  timeout_ms: 'timeoutMs',
  skip_navigation_wait: 'skipNavigationWait',
  navigation_timeout_ms: 'navigationTimeoutMs',
  label_matcher: 'labelMatcher',
  label_selector: 'labelMatcher',
  session_id: 'sessionId',
  duration_ms: 'durationMs',
  click_type: 'clickType',
  max_swipes: 'maxSwipes',
  distance_ratio: 'distanceRatio',
  settle_delay_ms: 'settleDelayMs',
  max_scrolls: 'maxScrolls',
  max_duration_ms: 'maxDurationMs',
  no_position_change_threshold: 'noPositionChangeThreshold',
  find_first_scrollable_child: 'findFirstScrollableChild',
  click_after: 'clickAfter',
  validator_pattern: 'validatorPattern',
};

/** Params keys whose values are NodeMatchers (matcher-field aliases apply inside). */
export const MATCHER_PARAM_KEYS = ['matcher', 'container', 'expectedNode', 'labelMatcher'] as const;

/** Actions whose params accept no aliases at all (003:1874-1880, 003:2790). */
export const ALIAS_FREE_ACTION_TYPES: readonly ActionType[] = [
  'show_toast',
  'cancel_toast',
  'set_on_screen_log',
  'clear_on_screen_log',
];

/** The canonical type for a raw `type` string; unknown strings are returned unchanged. */
export function canonicalActionType(type: string): string {
  return Object.hasOwn(ACTION_TYPE_ALIASES, type) ? ACTION_TYPE_ALIASES[type]! : type;
}
