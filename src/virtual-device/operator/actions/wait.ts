/**
 * `wait_for_node` and `wait_for_navigation` (seed 003:2652-2725,
 * 10802-10901, 11014-11050): poll fresh captures every `POLL_INTERVAL_MS` of
 * device time until the condition holds or the action's own budget ends.
 * Absence keeps polling even in strict mode; strict ambiguity fails at once
 * (003:3853-3856). A missing hierarchy counts as "not yet".
 */
import type { NodeMatcher } from '../../../contract/matcher.js';
import { nodeLabel } from '../../../contract/selector/label.js';
import { resolveInIndex, SelectionError } from '../../../contract/selector/resolve.js';
import { mergeSelectionCounts, NO_SELECTION } from '../../../contract/selector/selection-warning.js';
import { type ActionContext, defineAction, UI_GATES } from '../context.js';
import { returnedFailure, succeeded } from '../envelope.js';
import { elapsedMs } from '../receipts.js';
import { observe, selectionFailure, summaryOf, withSelectionWarning } from '../selection.js';
import { readTarget } from './node-targeted.js';

/** Device time between two captures of a wait. */
export const POLL_INTERVAL_MS = 100;
/** `wait_for_node` budget when `params.timeoutMs` is absent (the seeds leave it to the CLI builder). */
export const DEFAULT_WAIT_TIMEOUT_MS = 10_000;

/** Polls `check` until it returns a value or `timeoutMs` of device time has passed. */
export async function pollUntil<T>(
  ctx: ActionContext,
  timeoutMs: number,
  check: () => T | undefined,
): Promise<T | undefined> {
  const deadline = ctx.platform.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    const left = deadline - ctx.platform.now();
    if (left <= 0) return undefined;
    await ctx.sleep(Math.min(POLL_INTERVAL_MS, left));
  }
}

export const waitForNodeAction = defineAction({
  type: 'wait_for_node',
  gates: UI_GATES,
  parse: (params) => ({
    ...readTarget(params),
    timeoutMs: params.number('timeoutMs', DEFAULT_WAIT_TIMEOUT_MS, 1, 120_000),
  }),
  run: async (ctx, step, p) => {
    let counts = NO_SELECTION;
    const found = await pollUntil(ctx, p.timeoutMs, () => {
      const observation = observe(ctx);
      if (!observation) return undefined;
      try {
        const resolution = resolveInIndex(observation.index, p.matcher, {
          strict: p.strict,
          container: p.container,
          screen: observation.index.screen,
        });
        counts = mergeSelectionCounts(counts, resolution.counts);
        return { observation, resolution };
      } catch (error) {
        if (!(error instanceof SelectionError)) throw error;
        counts = mergeSelectionCounts(counts, error.details.counts);
        if (error.code === 'NODE_AMBIGUOUS' || error.code === 'CONTAINER_AMBIGUOUS') {
          throw selectionFailure(ctx, observation, error);
        }
        return undefined;
      }
    });
    if (!found) {
      return returnedFailure(
        step,
        'WAIT_TIMEOUT',
        `No matching node appeared within ${p.timeoutMs} ms`,
        withSelectionWarning({ elapsed_ms: elapsedMs(ctx) }, counts, p.strict),
      );
    }
    const { observation, resolution } = found;
    return succeeded(
      step,
      withSelectionWarning(
        {
          target: JSON.stringify(summaryOf(observation.index, resolution.target.node)),
          candidate_count: String(resolution.candidateCount),
          text: nodeLabel(resolution.target.node),
          elapsed_ms: elapsedMs(ctx),
        },
        counts,
        p.strict,
      ),
    );
  },
});

/** Whether the foreground package and the optional node satisfy a navigation expectation. */
export function navigationReached(
  ctx: ActionContext,
  expectedPackage: string | undefined,
  expectedNode: NodeMatcher | undefined,
): boolean {
  if (expectedPackage !== undefined && ctx.platform.foregroundPackage() !== expectedPackage) return false;
  if (expectedNode === undefined) return true;
  const observation = observe(ctx);
  if (!observation) return false;
  try {
    resolveInIndex(observation.index, expectedNode, { screen: observation.index.screen });
    return true;
  } catch (error) {
    if (error instanceof SelectionError) return false;
    throw error;
  }
}

export const waitForNavigationAction = defineAction({
  type: 'wait_for_navigation',
  gates: UI_GATES,
  parse: (params) => {
    const expectedPackage = params.optionalString('expectedPackage');
    const expectedNode = params.optionalMatcher('expectedNode');
    if (expectedPackage === undefined && expectedNode === undefined) {
      params.fail('expectedPackage', 'requires params.expectedPackage or params.expectedNode');
    }
    if (!params.has('timeoutMs')) params.fail('timeoutMs', 'requires params.timeoutMs');
    return { expectedPackage, expectedNode, timeoutMs: params.number('timeoutMs', 1, 1, 30_000) };
  },
  run: async (ctx, step, p) => {
    const reached = await pollUntil(ctx, p.timeoutMs, () =>
      navigationReached(ctx, p.expectedPackage, p.expectedNode) ? true : undefined,
    );
    const foreground = ctx.platform.foregroundPackage();
    const elapsed = { elapsed_ms: elapsedMs(ctx) };
    if (!reached) {
      return returnedFailure(step, 'NAVIGATION_TIMEOUT', `Navigation not observed within ${p.timeoutMs} ms`, {
        ...(foreground ? { last_package: foreground } : {}),
        ...elapsed,
      });
    }
    return succeeded(step, { ...(foreground ? { resolved_package: foreground } : {}), ...elapsed });
  },
});
