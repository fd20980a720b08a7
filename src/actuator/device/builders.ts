/**
 * One-action execution builders with the seeds' defaults (003 "Builder
 * Inflation Rules", "Snapshot Format"): execution timeout 30000 unless a wait
 * inside needs more (`max(wait + 5000, 30000)`), `sleep` as
 * `max(duration + 5000, timeout, 30000)`, `observe_media` as duration + 10000;
 * snapshot source `androperator-observe` with mode `direct`, others
 * `androperator-action`; commandId `<kind>-<ms>-<7 random chars>`, taskId equal.
 */
import type { ActionParamsOf, ActionType } from '../../contract/actions/index.js';
import type { ExecutionInput } from '../../contract/execution.js';
import {
  observeMediaExecutionTimeout,
  sleepExecutionTimeout,
  TIMEOUTS,
  waitExecutionTimeout,
} from '../../contract/timeouts.js';

export function newCommandId(kind: string): string {
  return `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 9)}`;
}

/** The execution timeout the builder gives one action, honouring an explicit override. */
export function builderTimeout(
  type: ActionType,
  params: Record<string, unknown> | undefined,
  override?: number,
): number {
  const num = (key: string) => (typeof params?.[key] === 'number' ? (params[key] as number) : undefined);
  switch (type) {
    case 'wait_for_node':
    case 'wait_for_navigation':
      return override ?? waitExecutionTimeout(num('timeoutMs'));
    case 'sleep':
      return sleepExecutionTimeout(num('durationMs') ?? 0, override);
    case 'observe_media':
      return override ?? observeMediaExecutionTimeout(num('durationMs') ?? 0);
    default:
      return override ?? TIMEOUTS.DEFAULT_EXECUTION_TIMEOUT_MS;
  }
}

export interface BuildOptions {
  /** Execution-level timeout override (an explicit value stays authoritative, except that `sleep` never goes below its own need). */
  timeoutMs?: number;
  /** Step id; defaults to the seeds' builder ids (`snap`, `wait`, `wait-for-nav`, `sleep`) or the type. */
  id?: string;
}

/**
 * The open and recording builders' exact literals (seed 003:10636-10641
 * `buildOpenAppExecution()`, 003:10738-10743 `buildOpenUriExecution()`,
 * 003:11228-11260 and 11292-11324 record start/stop): commandId `<type>_<ms>`,
 * fixed taskId, source `androperator-cli`, the builder's timeout, step id `a1`.
 */
export const OPEN_BUILDER_TIMEOUT_MS = 15_000;
const FIXED_BUILDERS: Partial<Record<ActionType, { taskId: string; timeoutMs: number }>> = {
  open_app: { taskId: 'cli-action-open-app', timeoutMs: OPEN_BUILDER_TIMEOUT_MS },
  open_uri: { taskId: 'cli-action-open-uri', timeoutMs: OPEN_BUILDER_TIMEOUT_MS },
  start_recording: { taskId: 'cli-record-start', timeoutMs: 10_000 },
  stop_recording: { taskId: 'cli-record-stop', timeoutMs: 15_000 },
};

const BUILDER_IDS: Partial<Record<ActionType, string>> = {
  snapshot: 'snap',
  wait_for_node: 'wait',
  wait_for_navigation: 'wait-for-nav',
  sleep: 'sleep',
};

/** Builds a one-action execution for `type` with `params`. */
export function buildExecution<T extends ActionType>(
  type: T,
  params: ActionParamsOf<T>,
  options: BuildOptions = {},
): ExecutionInput {
  const fixed = FIXED_BUILDERS[type];
  if (fixed) {
    return {
      commandId: `${type}_${Date.now()}`,
      taskId: fixed.taskId,
      source: 'androperator-cli',
      expectedFormat: 'android-ui-automator',
      timeoutMs: options.timeoutMs ?? fixed.timeoutMs,
      actions: [{ id: options.id ?? 'a1', type, ...(params ? { params } : {}) }] as ExecutionInput['actions'],
    };
  }
  const observe = type === 'snapshot';
  const commandId = newCommandId(type.replaceAll('_', '-'));
  const action = {
    id: options.id ?? BUILDER_IDS[type] ?? type.replaceAll('_', '-'),
    type,
    ...(params ? { params } : {}),
  };
  return {
    commandId,
    taskId: commandId,
    source: observe ? 'androperator-observe' : 'androperator-action',
    expectedFormat: 'android-ui-automator',
    timeoutMs: builderTimeout(type, params as Record<string, unknown> | undefined, options.timeoutMs),
    actions: [action] as ExecutionInput['actions'],
    ...(observe ? { mode: 'direct' as const } : {}),
  };
}
