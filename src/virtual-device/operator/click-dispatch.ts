/**
 * How Android dispatches a click on a resolved node (seed 003:1738-1760):
 * the node itself when it is clickable, else its nearest clickable ancestor
 * (`matched_target` keeps the originally selected node), else a coordinate tap
 * at the node's centre. Shared by `click` and the click after a scroll search.
 */
import type { UiNode } from '../../contract/selector/node.js';
import type { ActionContext } from './context.js';
import type { StepData } from './envelope.js';
import type { NodeAction, Point } from './platform.js';
import { dispatchGesture, noteDispatch, receipt } from './receipts.js';
import { entryOf, type Observation, summaryOf } from './selection.js';

export type ClickType = 'default' | 'long_click' | 'focus';

export const CLICK_TYPES: readonly ClickType[] = ['default', 'long_click', 'focus'];

/** How long a coordinate long press holds. */
const LONG_PRESS_MS = 600;
const TAP_MS = 50;

export interface ClickOutcome {
  accepted: boolean;
  /** Failure code when not accepted. */
  code?: 'NODE_NOT_CLICKABLE' | 'GESTURE_FAILED';
  data: StepData;
}

function centre(node: UiNode): Point | undefined {
  const b = node.bounds;
  if (!b) return undefined;
  return { x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) };
}

/** The node or its nearest ancestor with `flag` set. */
function nearestWith(
  observation: Observation,
  node: UiNode,
  flag: 'clickable' | 'longClickable',
): UiNode | undefined {
  const { entries } = observation.index;
  for (let i = entries.indexOf(entryOf(observation.index, node)); i >= 0; i = entries[i].parent) {
    if (entries[i].node[flag] === true) return entries[i].node;
  }
  return undefined;
}

/** A coordinate tap (or long press) at `point`. */
export async function tapAt(ctx: ActionContext, point: Point, long: boolean): Promise<boolean> {
  const outcome = await dispatchGesture(ctx, {
    start: point,
    end: point,
    holdMs: long ? LONG_PRESS_MS : 0,
    moveMs: TAP_MS,
  });
  return outcome === 'completed';
}

/** Dispatches the click; the returned data holds `target`/`matched_target` and the receipt. */
export async function dispatchClick(
  ctx: ActionContext,
  observation: Observation,
  node: UiNode,
  clickType: ClickType,
): Promise<ClickOutcome> {
  const matched = JSON.stringify(summaryOf(observation.index, node));
  if (node.enabled === false) {
    return { accepted: false, code: 'NODE_NOT_CLICKABLE', data: { target: matched, ...receipt(ctx) } };
  }
  const action: NodeAction = { kind: clickType === 'default' ? 'click' : clickType };
  const dispatchNode =
    clickType === 'focus'
      ? node
      : nearestWith(observation, node, clickType === 'long_click' ? 'longClickable' : 'clickable');
  if (dispatchNode) {
    const accepted = ctx.platform.performAction(dispatchNode, action);
    noteDispatch(ctx, 'accessibility_action', accepted);
    const target = JSON.stringify(summaryOf(observation.index, dispatchNode));
    const data = { target, ...(dispatchNode === node ? {} : { matched_target: matched }), ...receipt(ctx) };
    return accepted ? { accepted, data } : { accepted, code: 'NODE_NOT_CLICKABLE', data };
  }
  const point = centre(node);
  if (!point)
    return {
      accepted: false,
      code: 'NODE_NOT_CLICKABLE',
      data: { matched_target: matched, ...receipt(ctx) },
    };
  const completed = await tapAt(ctx, point, clickType === 'long_click');
  const data = { matched_target: matched, ...receipt(ctx) };
  return completed ? { accepted: true, data } : { accepted: false, code: 'GESTURE_FAILED', data };
}
