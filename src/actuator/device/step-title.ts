/** How a `device.*` call is named in the trace: its action types and parameters, shortened. */
import { isReadOnlyAction } from '../../contract/action-types.js';
import type { StepInit } from '../execution/timeline.js';

const MAX_TITLE = 160;

interface ActionLike {
  type?: unknown;
  params?: unknown;
}

function actionsOf(payload: unknown): ActionLike[] {
  const actions = (payload as { actions?: unknown } | null)?.actions;
  return Array.isArray(actions) ? (actions as ActionLike[]) : [];
}

function describeAction(action: ActionLike): string {
  const type = typeof action.type === 'string' ? action.type : '?';
  const params = action.params && typeof action.params === 'object' ? action.params : undefined;
  if (!params || Object.keys(params).length === 0) return type;
  const { matcher, ...rest } = params as Record<string, unknown>;
  const parts = [matcher ? JSON.stringify(matcher) : '', Object.keys(rest).length ? JSON.stringify(rest) : '']
    .filter(Boolean)
    .join(' ');
  return `${type} ${parts}`;
}

/** The step a raw execution payload opens; unknown shapes still get a title. */
export function executionStep(payload: unknown): Omit<StepInit, 'callSite'> {
  const actions = actionsOf(payload);
  const title = actions.map(describeAction).join(', ') || 'execution';
  return {
    kind: 'action',
    title: title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title,
    mutating: actions.some((a) => typeof a.type !== 'string' || !isReadOnlyAction(a.type)),
  };
}
