/**
 * `scroll`, `scroll_until` and `scroll_and_click` (seed 003:2273-2446,
 * 3871-3878). Container failures and absent targets are returned in
 * first-match mode and thrown in strict mode; ambiguity and a lost container
 * during a search are thrown. Gestures already dispatched are never undone
 * or replayed.
 */
import type { NodeMatcher } from '../../../contract/matcher.js';
import type { RetryPolicy } from '../../../contract/retry.js';
import { findMatches } from '../../../contract/selector/match.js';
import { resolveInIndex, SelectionError } from '../../../contract/selector/resolve.js';
import { type ClickType, dispatchClick } from '../click-dispatch.js';
import { type ActionContext, defineAction, UI_GATES } from '../context.js';
import {
  returnedFailure,
  type StepData,
  StepFailure,
  type StepIdentity,
  type StepResult,
  succeeded,
} from '../envelope.js';
import type { ParamReader } from '../params.js';
import { receipt } from '../receipts.js';
import { readRetry, retryDelayMs } from '../retry.js';
import {
  type ContainerChoice,
  ContainerFailure,
  chooseContainer,
  DIRECTIONS,
  type Direction,
  type ScrollStep,
  type ScrollTuning,
  scrollData,
  scrollOnce,
} from '../scroll-engine.js';
import {
  candidatesOf,
  type Observation,
  observeOrFail,
  summaryOf,
  withSelectionWarning,
} from '../selection.js';
import { readClickType } from './node-targeted.js';

function readTuning(params: ParamReader): ScrollTuning {
  const direction = params.optionalString('direction') ?? 'down';
  if (!(DIRECTIONS as readonly string[]).includes(direction)) {
    params.fail('direction', `params.direction must be one of ${DIRECTIONS.join(', ')}`);
  }
  return {
    direction: direction as Direction,
    distanceRatio: params.number('distanceRatio', 0.7, 0, 1),
    settleDelayMs: params.number('settleDelayMs', 250, 0, 10_000),
    findFirstScrollableChild: params.boolean('findFirstScrollableChild', true),
    strict: params.boolean('strict', false),
    container: params.optionalMatcher('container'),
  };
}

/** Chooses the container under `retry`; a failure after the retries is returned or thrown per strictness. */
async function containerWithRetry(
  ctx: ActionContext,
  step: StepIdentity,
  tuning: ScrollTuning,
  retry: RetryPolicy,
): Promise<{ observation: Observation; choice: ContainerChoice } | StepResult> {
  for (let attempt = 1; ; attempt++) {
    const observation = observeOrFail(ctx);
    try {
      return { observation, choice: chooseContainer(ctx, observation, tuning) };
    } catch (error) {
      if (!(error instanceof ContainerFailure)) throw error;
      const last = attempt >= retry.maxAttempts || error.code === 'CONTAINER_AMBIGUOUS';
      if (!last) {
        await ctx.sleep(retryDelayMs(retry, attempt));
        continue;
      }
      if (tuning.strict || error.code === 'CONTAINER_AMBIGUOUS') throw error;
      return returnedFailure(step, error.code, error.message, error.data);
    }
  }
}

function warningCounts(choice: ContainerChoice, targetCount: number) {
  return { target: targetCount, container: choice.candidateCount };
}

export const scrollAction = defineAction({
  type: 'scroll',
  gates: UI_GATES,
  parse: (params) => ({ tuning: readTuning(params), retry: readRetry(params, 'retry', 'None') }),
  run: async (ctx, step, p) => {
    const chosen = await containerWithRetry(ctx, step, p.tuning, p.retry);
    if (!('choice' in chosen)) return chosen;
    const { observation, choice } = chosen;
    const result = await scrollOnce(ctx, observation, choice, p.tuning);
    const data = withSelectionWarning(
      {
        ...scrollData(observation, choice, p.tuning, result),
        target: JSON.stringify(summaryOf(observation.index, observation.index.entries[choice.entry].node)),
        candidate_count: String(choice.candidateCount),
        ...receipt(ctx),
      },
      warningCounts(choice, 0),
      p.tuning.strict,
    );
    if (result.outcome === 'gesture_failed')
      return returnedFailure(step, 'GESTURE_FAILED', 'Scroll gesture failed', data);
    if (result.outcome === 'container_lost') {
      return returnedFailure(
        step,
        'CONTAINER_LOST',
        'The scroll container disappeared after the gesture',
        data,
      );
    }
    return succeeded(step, data);
  },
});

interface SearchParams {
  tuning: ScrollTuning;
  matcher: NodeMatcher | undefined;
  clickAfter: boolean;
  clickType: ClickType;
  maxScrolls: number;
  maxDurationMs: number;
  noPositionChangeThreshold: number;
  retry: RetryPolicy;
}

type Termination = 'target_found' | 'max_scrolls' | 'max_duration' | 'no_position_change' | 'not_scrollable';

/** Targets inside the container (or, for the legacy initial check, anywhere). */
function targetsIn(observation: Observation, matcher: NodeMatcher, within: number | undefined): number[] {
  return findMatches(observation.index, matcher, 'on_screen', within);
}

/** The legacy unscoped initial check: first match anywhere, counted for the warning. */
function initiallyVisible(
  observation: Observation,
  matcher: NodeMatcher,
): { entry: number; count: number } | undefined {
  try {
    const resolution = resolveInIndex(observation.index, matcher, { screen: observation.index.screen });
    const entry = observation.index.entries.findIndex((e) => e.node === resolution.target.node);
    return { entry, count: resolution.candidateCount };
  } catch (error) {
    if (error instanceof SelectionError) return undefined;
    throw error;
  }
}

/** The bounded scroll search shared by `scroll_until` and `scroll_and_click`. */
async function search(ctx: ActionContext, step: StepIdentity, p: SearchParams): Promise<StepResult> {
  const { tuning, matcher } = p;
  const first = observeOrFail(ctx);
  const legacy = matcher !== undefined && !tuning.strict && tuning.container === undefined;
  const visible = legacy ? initiallyVisible(first, matcher) : undefined;
  if (visible) return finish(ctx, step, p, first, undefined, visible.entry, visible.count, 0, undefined);

  const chosen = await containerWithRetry(ctx, step, tuning, p.retry);
  if (!('choice' in chosen)) return chosen;
  let { observation, choice } = chosen;
  let maxTargets = 0;
  let scrolls = 0;
  let stalled = 0;
  let last: ScrollStep | undefined;
  let termination: Termination = 'max_scrolls';
  for (;;) {
    if (matcher) {
      const found = targetsIn(observation, matcher, choice.entry);
      maxTargets = Math.max(maxTargets, found.length);
      if (tuning.strict && found.length > 1) {
        throw new StepFailure('NODE_AMBIGUOUS', `${found.length} nodes matched in strict mode`, {
          ...receipt(ctx),
          candidate_count: String(found.length),
          candidates: candidatesOf(observation, found),
          scrolls_executed: String(scrolls),
        });
      }
      if (found.length === 1 || (found.length > 1 && !tuning.strict)) {
        return finish(ctx, step, p, observation, choice, found[0], maxTargets, scrolls, last);
      }
    }
    if (scrolls >= p.maxScrolls) break;
    if (ctx.platform.now() - ctx.startedAt >= p.maxDurationMs) {
      termination = 'max_duration';
      break;
    }
    if (stalled >= p.noPositionChangeThreshold) {
      termination = 'no_position_change';
      break;
    }
    if (observation.index.entries[choice.entry].node.scrollable !== true) {
      termination = 'not_scrollable';
      break;
    }
    last = await scrollOnce(ctx, observation, choice, tuning);
    scrolls++;
    if (last.outcome === 'container_lost' || (last.outcome === 'unknown' && !last.afterChoice)) {
      throw new StepFailure('CONTAINER_LOST', 'The original scroll container could no longer be identified', {
        ...scrollData(observation, choice, tuning, last),
        scrolls_executed: String(scrolls),
        ...receipt(ctx),
      });
    }
    stalled = last.outcome === 'moved' ? 0 : stalled + 1;
    observation = last.after ?? observation;
    choice = last.afterChoice ?? choice;
  }
  const data = withSelectionWarning(
    {
      ...scrollData(observation, choice, tuning, last),
      scrolls_executed: String(scrolls),
      termination_reason: termination,
      ...receipt(ctx),
    },
    warningCounts(choice, maxTargets),
    tuning.strict,
  );
  if (!matcher) return succeeded(step, data);
  const code = termination === 'not_scrollable' ? 'CONTAINER_NOT_SCROLLABLE' : 'NODE_NOT_FOUND';
  const message =
    code === 'NODE_NOT_FOUND' ? 'Target not found within the scroll bounds' : 'Container stopped scrolling';
  if (tuning.strict) throw new StepFailure(code, message, { ...data, candidate_count: '0' });
  return returnedFailure(step, code, message, { ...data, candidate_count: '0' });
}

/** The target is visible: report it, and click it when asked. */
async function finish(
  ctx: ActionContext,
  step: StepIdentity,
  p: SearchParams,
  observation: Observation,
  choice: ContainerChoice | undefined,
  targetEntry: number,
  targetCount: number,
  scrolls: number,
  last: ScrollStep | undefined,
): Promise<StepResult> {
  const node = observation.index.entries[targetEntry].node;
  const counts = { target: targetCount, container: choice?.candidateCount ?? 0 };
  let data: StepData = {
    ...(choice ? scrollData(observation, choice, p.tuning, last) : {}),
    scrolls_executed: String(scrolls),
    termination_reason: 'target_found',
    target: JSON.stringify(summaryOf(observation.index, node)),
    candidate_count: String(targetCount),
    ...receipt(ctx),
  };
  if (p.clickAfter) {
    const outcome = await dispatchClick(ctx, observation, node, p.clickType);
    data = { ...data, ...outcome.data };
    if (!outcome.accepted) {
      return returnedFailure(
        step,
        outcome.code ?? 'NODE_NOT_CLICKABLE',
        'Click after scroll was not accepted',
        withSelectionWarning(data, counts, p.tuning.strict),
      );
    }
  }
  return succeeded(step, withSelectionWarning(data, counts, p.tuning.strict));
}

export const scrollUntilAction = defineAction({
  type: 'scroll_until',
  gates: UI_GATES,
  parse: (params): SearchParams => {
    const clickAfter = params.boolean('clickAfter', false);
    const matcher = clickAfter ? params.requiredMatcher('matcher') : params.optionalMatcher('matcher');
    return {
      tuning: readTuning(params),
      matcher,
      clickAfter,
      clickType: readClickType(params),
      maxScrolls: params.integer('maxScrolls', 20, 1, 200),
      maxDurationMs: params.number('maxDurationMs', 10_000, 0, 120_000),
      noPositionChangeThreshold: params.integer('noPositionChangeThreshold', 3, 1, 20),
      retry: readRetry(params, 'retry', 'UiScroll'),
    };
  },
  run: search,
});

export const scrollAndClickAction = defineAction({
  type: 'scroll_and_click',
  gates: UI_GATES,
  parse: (params): SearchParams => {
    readRetry(params, 'clickRetry', 'UiReadiness');
    return {
      tuning: readTuning(params),
      matcher: params.requiredMatcher('matcher'),
      clickAfter: params.boolean('clickAfter', true),
      clickType: readClickType(params),
      maxScrolls: params.integer('maxSwipes', 10, 1, 50),
      maxDurationMs: 120_000,
      noPositionChangeThreshold: 3,
      retry: readRetry(params, 'scrollRetry', 'UiScroll'),
    };
  },
  run: search,
});
