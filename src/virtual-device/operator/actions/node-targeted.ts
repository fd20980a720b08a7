/**
 * `click` and `enter_text` (seed 003:2104-2142, 2528-2622): resolve a target
 * with retries, dispatch once, report the receipt. Absence after the retries
 * is a returned failure in first-match mode and a thrown one in strict mode;
 * strict ambiguity is always thrown (003:3845-3870).
 */
import type { NodeMatcher } from '../../../contract/matcher.js';
import type { RetryPolicy } from '../../../contract/retry.js';
import { CLICK_TYPES, type ClickType, dispatchClick, tapAt } from '../click-dispatch.js';
import { type ActionContext, defineAction, UI_GATES } from '../context.js';
import { returnedFailure, type StepIdentity, type StepResult, succeeded } from '../envelope.js';
import type { ParamReader } from '../params.js';
import { noteDispatch, pointJson, receipt } from '../receipts.js';
import { readRetry } from '../retry.js';
import {
  type Selection,
  selectionFailure,
  selectWithRetry,
  summaryOf,
  withSelectionWarning,
} from '../selection.js';

export interface TargetParams {
  matcher: NodeMatcher;
  strict: boolean;
  container: NodeMatcher | undefined;
  retry: RetryPolicy;
}

/** Reads `matcher`, `strict`, `container` and the `retry` policy of a node-targeted action. */
export function readTarget(params: ParamReader, matcherKey = 'matcher'): TargetParams {
  return {
    matcher: params.requiredMatcher(matcherKey),
    strict: params.boolean('strict', false),
    container: params.optionalMatcher('container'),
    retry: readRetry(params, 'retry', 'UiReadiness'),
  };
}

export function readClickType(params: ParamReader): ClickType {
  const clickType = params.optionalString('clickType') ?? 'default';
  if (!(CLICK_TYPES as readonly string[]).includes(clickType)) {
    params.fail('clickType', `params.clickType must be one of ${CLICK_TYPES.join(', ')}`);
  }
  return clickType as ClickType;
}

/**
 * Resolves the target; on failure returns the failed step (first-match
 * absence) or throws (strict, ambiguity).
 */
export async function selectTarget(
  ctx: ActionContext,
  step: StepIdentity,
  target: TargetParams,
  allTargets = false,
): Promise<Selection | StepResult> {
  const selected = await selectWithRetry(ctx, target.matcher, { ...target, allTargets });
  if ('resolution' in selected) return selected;
  const { observation, error } = selected;
  const ambiguous = error.code === 'NODE_AMBIGUOUS' || error.code === 'CONTAINER_AMBIGUOUS';
  if (target.strict || ambiguous) throw selectionFailure(ctx, observation, error);
  return returnedFailure(
    step,
    error.code,
    error.message,
    withSelectionWarning(
      { ...receipt(ctx), candidate_count: String(error.details.candidateCount) },
      selected.counts,
      false,
    ),
  );
}

type ClickParams =
  | { mode: 'coordinate'; coordinate: { x: number; y: number }; clickType: ClickType }
  | ({ mode: 'matcher'; clickType: ClickType } & TargetParams);

export const clickAction = defineAction({
  type: 'click',
  gates: UI_GATES,
  parse: (params): ClickParams => {
    const clickType = readClickType(params);
    if (params.has('matcher') === params.has('coordinate')) {
      params.fail('matcher', 'requires exactly one of params.matcher or params.coordinate');
    }
    if (params.has('coordinate')) {
      if (clickType === 'focus')
        params.fail('clickType', 'clickType focus is invalid with params.coordinate');
      readRetry(params, 'retry', 'UiReadiness');
      return { mode: 'coordinate', coordinate: params.point('coordinate'), clickType };
    }
    return { mode: 'matcher', clickType, ...readTarget(params) };
  },
  run: async (ctx, step, p) => {
    if (p.mode === 'coordinate') {
      const display = ctx.platform.display();
      const coordinate = pointJson(p.coordinate);
      if (p.coordinate.x >= display.width || p.coordinate.y >= display.height) {
        return returnedFailure(step, 'GESTURE_FAILED', 'Coordinate is outside the display', {
          coordinate,
          ...receipt(ctx),
        });
      }
      const completed = await tapAt(ctx, p.coordinate, p.clickType === 'long_click');
      const data = { coordinate, ...receipt(ctx) };
      return completed
        ? succeeded(step, data)
        : returnedFailure(step, 'GESTURE_FAILED', 'Tap gesture failed', data);
    }
    const selected = await selectTarget(ctx, step, p);
    if (!('resolution' in selected)) return selected;
    const { observation, resolution, counts } = selected;
    const outcome = await dispatchClick(ctx, observation, resolution.target.node, p.clickType);
    const data = withSelectionWarning(
      { ...outcome.data, candidate_count: String(resolution.candidateCount) },
      counts,
      p.strict,
    );
    if (!outcome.accepted)
      return returnedFailure(step, outcome.code ?? 'NODE_NOT_CLICKABLE', 'Click was not accepted', data);
    return succeeded(step, data);
  },
});

export const enterTextAction = defineAction({
  type: 'enter_text',
  gates: UI_GATES,
  parse: (params) => {
    const text = params.optionalString('text') ?? '';
    if (text.length === 0) params.fail('text', 'requires a non-empty params.text');
    return {
      ...readTarget(params),
      text,
      clear: params.boolean('clear', false),
      submit: params.boolean('submit', false),
    };
  },
  run: async (ctx, step, p) => {
    const selected = await selectTarget(ctx, step, p);
    if (!('resolution' in selected)) return selected;
    const { observation, resolution, counts } = selected;
    const node = resolution.target.node;
    const requested = { text: p.text, clear: String(p.clear), submit: String(p.submit) };
    const base = {
      ...requested,
      target: JSON.stringify(summaryOf(observation.index, node)),
      candidate_count: String(resolution.candidateCount),
    };
    // ACTION_SET_TEXT route: an optional clear, then the replacement text (003:2560-2566).
    const cleared = !p.clear || ctx.platform.performAction(node, { kind: 'set_text', text: '' });
    const accepted = cleared && ctx.platform.performAction(node, { kind: 'set_text', text: p.text });
    noteDispatch(ctx, 'accessibility_action', accepted);
    if (!accepted) {
      return returnedFailure(step, 'ACTION_FAILED', 'Text could not be set on the target node', {
        ...base,
        failure_point: 'set_text_failed',
        ...withSelectionWarning(receipt(ctx), counts, p.strict),
      });
    }
    let submitMethod = 'not_requested';
    if (p.submit) {
      if (ctx.platform.performAction(node, { kind: 'ime_enter' })) submitMethod = 'ime_action';
      else if (ctx.platform.performAction(node, { kind: 'click' })) submitMethod = 'click_fallback';
      else submitMethod = 'submit_unavailable';
    }
    const submission =
      submitMethod === 'not_requested'
        ? 'not_requested'
        : submitMethod === 'submit_unavailable'
          ? 'unavailable'
          : 'accepted';
    return succeeded(
      step,
      withSelectionWarning(
        { ...base, text_entry: 'accepted', submission, submit_method: submitMethod, ...receipt(ctx) },
        counts,
        p.strict,
      ),
    );
  },
});
