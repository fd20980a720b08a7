/**
 * Captures and selection for node-targeted actions, over the shared selector
 * engine (`src/contract/selector`): one engine for host and Operator. This
 * module adds what is Android-runtime specific: fresh captures with the
 * display as the screen, `UI_TREE_UNAVAILABLE` diagnostics (003:1762-1767),
 * retries of absent targets under the action's retry policy, and the step
 * data of selection failures (003:3864-3868).
 */
import type { ErrorCode } from '../../contract/error-codes.js';
import type { NodeMatcher } from '../../contract/matcher.js';
import type { RetryPolicy } from '../../contract/retry.js';
import { findMatches } from '../../contract/selector/match.js';
import type { UiHierarchy, UiNode } from '../../contract/selector/node.js';
import {
  CANDIDATE_STRING_LIMIT,
  type NodeSummary,
  summarizeNode,
} from '../../contract/selector/node-summary.js';
import {
  MAX_AMBIGUITY_CANDIDATES,
  type Resolution,
  resolveAllNodes,
  resolveInIndex,
  SelectionError,
} from '../../contract/selector/resolve.js';
import {
  mergeSelectionCounts,
  NO_SELECTION,
  type SelectionCounts,
  selectionWarning,
} from '../../contract/selector/selection-warning.js';
import { buildTreeIndex, type IndexedNode, type TreeIndex } from '../../contract/selector/tree-index.js';
import type { ActionContext } from './context.js';
import { type StepData, StepFailure } from './envelope.js';
import type { UiCapture } from './platform.js';
import { receipt } from './receipts.js';
import { retryDelayMs } from './retry.js';

/** One fresh capture with its index. */
export interface Observation {
  capture: UiCapture;
  /**
   * What node matching sees: the capture without the Operator's own windows
   * (its on-screen log panel is not selectable, seed 003:3562-3565).
   */
  hierarchy: UiHierarchy;
  /** Built on first use: a `snapshot` only serializes the capture and never matches against it. */
  readonly index: TreeIndex;
  /** Observation-local id, also used as `snapshotId` (003:1976-1978). */
  id: string;
  /** ISO-8601 UTC instant right after the capture. */
  capturedAt: string;
}

let observationCounter = 0;

/** A fresh capture, or undefined when Android has no application root. */
export function observe(ctx: ActionContext): Observation | undefined {
  const capture = ctx.platform.capture();
  if (!capture) return undefined;
  const display = ctx.platform.display();
  const screen = { left: 0, top: 0, right: display.width, bottom: display.height };
  const roots = capture.hierarchy.roots.filter((root) => root.packageName !== ctx.state.packageName);
  const hierarchy = { rotation: capture.hierarchy.rotation, roots };
  let index: TreeIndex | undefined;
  return {
    capture,
    hierarchy,
    get index() {
      index ??= buildTreeIndex(hierarchy, screen);
      return index;
    },
    id: `obs-${++observationCounter}`,
    capturedAt: new Date(ctx.platform.wallTime()).toISOString(),
  };
}

/** Root-independent facts of a failed capture, serialized (003:1762-1767). */
export function hierarchyDiagnostics(ctx: ActionContext): string {
  const service = ctx.platform.accessibilityConnected();
  return JSON.stringify({
    serviceAvailable: service,
    rootAvailable: false,
    windowCount: null,
    foregroundPackage: service ? ctx.platform.foregroundPackage() : null,
  });
}

/** A capture or the thrown `code` failure with diagnostics (UI_TREE_UNAVAILABLE by default). */
export function observeOrFail(ctx: ActionContext, code: ErrorCode = 'UI_TREE_UNAVAILABLE'): Observation {
  const observation = observe(ctx);
  if (observation) return observation;
  throw new StepFailure(code, 'No application hierarchy is available', {
    ...receipt(ctx),
    diagnostics: hierarchyDiagnostics(ctx),
  });
}

export function entryOf(index: TreeIndex, node: UiNode): IndexedNode {
  const entry = index.entries.find((candidate) => candidate.node === node);
  if (!entry) throw new StepFailure('ACTION_FAILED', 'Resolved node is not part of the capture');
  return entry;
}

export function summaryOf(index: TreeIndex, node: UiNode): NodeSummary {
  return summarizeNode(entryOf(index, node));
}

/** Serialized ambiguity candidates: query-result JSON with the (at most 10) given summaries. */
export function candidatesJson(observation: Observation, nodes: NodeSummary[], total: number): string {
  return JSON.stringify({
    schemaVersion: 1,
    snapshotId: observation.id,
    capturedAt: observation.capturedAt,
    totalMatches: total,
    returnedCount: nodes.length,
    truncated: nodes.length < total,
    nodes,
  });
}

/** Ambiguity candidates of entry indices: at most 10 summaries, strings capped (003:3866-3868). */
export function candidatesOf(observation: Observation, found: number[]): string {
  const nodes = found
    .slice(0, MAX_AMBIGUITY_CANDIDATES)
    .map((i) => summarizeNode(observation.index.entries[i], CANDIDATE_STRING_LIMIT));
  return candidatesJson(observation, nodes, found.length);
}

/** The thrown step failure for a selection error, with receipt and candidates. */
export function selectionFailure(
  ctx: ActionContext,
  observation: Observation,
  error: SelectionError,
): StepFailure {
  const data: StepData = { ...receipt(ctx), candidate_count: String(error.details.candidateCount) };
  if (error.code === 'NODE_AMBIGUOUS' || error.code === 'CONTAINER_AMBIGUOUS') {
    data.candidates = candidatesJson(observation, error.details.candidates, error.details.candidateCount);
  }
  return new StepFailure(error.code, error.message, data);
}

export interface Selection {
  observation: Observation;
  resolution: Resolution;
  counts: SelectionCounts;
}

export interface SelectOptions {
  strict: boolean;
  container: NodeMatcher | undefined;
  retry: RetryPolicy;
  allTargets?: boolean;
}

/**
 * Resolves `matcher` on fresh captures, retrying absent targets and
 * containers under `retry`. Ambiguity in strict mode fails at once (no
 * ambiguity retry, 003:3851). After the last attempt, absence is returned as
 * the `SelectionError` with the last observation, for the action to decide
 * between a returned and a thrown failure.
 */
export async function selectWithRetry(
  ctx: ActionContext,
  matcher: NodeMatcher,
  options: SelectOptions,
): Promise<Selection | { observation: Observation; error: SelectionError; counts: SelectionCounts }> {
  let counts = NO_SELECTION;
  for (let attempt = 1; ; attempt++) {
    const observation = observeOrFail(ctx);
    try {
      const resolveOptions = {
        strict: options.strict,
        container: options.container,
        screen: observation.index.screen,
      };
      // A multi-target read may match nothing: its `target` is then absent and only `matches` is used.
      const resolution = options.allTargets
        ? ({ ...resolveAllNodes(observation.hierarchy, matcher, resolveOptions) } as Resolution)
        : resolveInIndex(observation.index, matcher, resolveOptions);
      if (options.allTargets) resolution.target = resolution.matches[0];
      return { observation, resolution, counts: mergeSelectionCounts(counts, resolution.counts) };
    } catch (error) {
      if (!(error instanceof SelectionError)) throw error;
      counts = mergeSelectionCounts(counts, error.details.counts);
      const ambiguous = error.code === 'NODE_AMBIGUOUS' || error.code === 'CONTAINER_AMBIGUOUS';
      if (ambiguous || attempt >= options.retry.maxAttempts) return { observation, error, counts };
      await ctx.sleep(retryDelayMs(options.retry, attempt));
    }
  }
}

/** Adds `selection_warning` for the merged counts of a non-strict action (003:3807-3827). */
export function withSelectionWarning(data: StepData, counts: SelectionCounts, strict: boolean): StepData {
  const warning = strict ? null : selectionWarning(counts);
  return warning === null ? data : { ...data, selection_warning: warning };
}

/** Entry indices of on-screen nodes matching `matcher` inside entry `within` (scroll scoping). */
export function matchesWithin(
  observation: Observation,
  matcher: NodeMatcher,
  within: number | undefined,
): number[] {
  return findMatches(observation.index, matcher, 'on_screen', within);
}
