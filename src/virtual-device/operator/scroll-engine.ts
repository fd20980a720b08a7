/**
 * Scroll container choice, one scroll gesture and its progress evidence
 * (seed 003:2273-2340 "scroll", 3871-3878 strict scroll rules).
 *
 * - Container: an explicit `container` matcher, else every on-screen
 *   scrollable node; first in preorder, or exactly one in strict mode. A
 *   non-scrollable match walks down to its first eligible scrollable
 *   descendant when `findFirstScrollableChild` (unique in strict mode).
 * - Gesture: a straight swipe through the container's centre over
 *   `distanceRatio` of its extent, finger moving against the direction
 *   (scrolling down moves the finger up), in `SCROLL_GESTURE_MS`.
 * - Progress: the container is re-resolved by the same rules after the settle
 *   delay. Its identity is `path|class|resource-id`; the signature is the
 *   SHA-256 of its on-screen descendants (relative path, class, resource-id,
 *   label, bounds; at most `SIGNATURE_NODE_LIMIT` nodes), hex.
 */

import { createHash } from 'node:crypto';
import type { ErrorCode } from '../../contract/error-codes.js';
import type { NodeMatcher } from '../../contract/matcher.js';
import { formatBounds } from '../../contract/selector/attributes.js';
import { nodeLabel } from '../../contract/selector/label.js';
import { findMatches } from '../../contract/selector/match.js';
import type { ActionContext } from './context.js';
import { type StepData, StepFailure } from './envelope.js';
import type { Gesture } from './platform.js';
import { dispatchGesture, noteDispatch, receipt } from './receipts.js';
import { candidatesOf, type Observation, observe, summaryOf } from './selection.js';

export type Direction = 'down' | 'up' | 'left' | 'right';
export const DIRECTIONS: readonly Direction[] = ['down', 'up', 'left', 'right'];

export const SCROLL_GESTURE_MS = 300;
export const SIGNATURE_NODE_LIMIT = 500;

export interface ScrollTuning {
  direction: Direction;
  distanceRatio: number;
  settleDelayMs: number;
  findFirstScrollableChild: boolean;
  strict: boolean;
  container: NodeMatcher | undefined;
}

export interface ContainerChoice {
  /** Entry index in the observation's tree index. */
  entry: number;
  /** Number of container candidates at the level that decided (`candidate_count`). */
  candidateCount: number;
  identity: string;
}

export type ScrollOutcome = 'moved' | 'no_movement' | 'unknown' | 'container_lost' | 'gesture_failed';

export interface ScrollStep {
  outcome: ScrollOutcome;
  progress: string;
  /** The capture after the gesture (absent when the hierarchy disappeared). */
  after: Observation | undefined;
  /** The re-resolved container (absent when lost or not comparable). */
  afterChoice: ContainerChoice | undefined;
}

/** A container selection failure: thrown by `chooseContainer`, handled by the action. */
export class ContainerFailure extends StepFailure {}

function containerFailure(
  ctx: ActionContext,
  observation: Observation,
  code: ErrorCode,
  message: string,
  found: number[],
): ContainerFailure {
  const data: StepData = { ...receipt(ctx), candidate_count: String(found.length) };
  if (code === 'CONTAINER_AMBIGUOUS') data.candidates = candidatesOf(observation, found);
  return new ContainerFailure(code, message, data);
}

function identityOf(observation: Observation, entry: number): string {
  const { node, path } = observation.index.entries[entry];
  return `${path}|${node.className ?? ''}|${node.resourceId ?? ''}`;
}

function scrollableWithin(observation: Observation, within: number | undefined): number[] {
  const { entries } = observation.index;
  const from = within === undefined ? 0 : within + 1;
  const to = within === undefined ? entries.length - 1 : entries[within].end;
  const out: number[] = [];
  for (let i = from; i <= to; i++)
    if (entries[i].onScreen && entries[i].node.scrollable === true) out.push(i);
  return out;
}

/** Chooses the scroll container; throws `ContainerFailure` (CONTAINER_NOT_FOUND / _AMBIGUOUS / _NOT_SCROLLABLE). */
export function chooseContainer(
  ctx: ActionContext,
  observation: Observation,
  tuning: ScrollTuning,
): ContainerChoice {
  const found =
    tuning.container === undefined
      ? scrollableWithin(observation, undefined)
      : findMatches(observation.index, tuning.container, 'on_screen');
  if (found.length === 0) {
    throw containerFailure(ctx, observation, 'CONTAINER_NOT_FOUND', 'No scroll container matched', found);
  }
  if (tuning.strict && found.length > 1) {
    throw containerFailure(
      ctx,
      observation,
      'CONTAINER_AMBIGUOUS',
      `${found.length} containers matched`,
      found,
    );
  }
  let entry = found[0];
  let candidateCount = found.length;
  if (observation.index.entries[entry].node.scrollable !== true) {
    const inner = tuning.findFirstScrollableChild ? scrollableWithin(observation, entry) : [];
    if (inner.length === 0) {
      throw containerFailure(
        ctx,
        observation,
        'CONTAINER_NOT_SCROLLABLE',
        'The container is not scrollable',
        found,
      );
    }
    if (tuning.strict && inner.length > 1) {
      throw containerFailure(
        ctx,
        observation,
        'CONTAINER_AMBIGUOUS',
        `${inner.length} scrollable descendants`,
        inner,
      );
    }
    entry = inner[0];
    candidateCount = inner.length;
  }
  return { entry, candidateCount, identity: identityOf(observation, entry) };
}

/** SHA-256 (hex) of the container's on-screen content; raw text never leaves the hash. */
export function contentSignature(observation: Observation, entry: number): string {
  const { entries } = observation.index;
  const root = entries[entry];
  const hash = createHash('sha256');
  let count = 0;
  for (let i = entry + 1; i <= root.end && count < SIGNATURE_NODE_LIMIT; i++) {
    const { node, path, onScreen } = entries[i];
    if (!onScreen) continue;
    count++;
    const bounds = node.bounds ? formatBounds(node.bounds) : '';
    hash.update(`${path.slice(root.path.length)}\u0001${node.className ?? ''}\u0001${node.resourceId ?? ''}`);
    hash.update(`\u0001${nodeLabel(node)}\u0001${bounds}\u0002`);
  }
  return hash.digest('hex');
}

/** The swipe that scrolls the container's content in `direction`. */
export function scrollGesture(
  observation: Observation,
  entry: number,
  tuning: ScrollTuning,
): Gesture | undefined {
  const b = observation.index.entries[entry].node.bounds;
  if (!b) return undefined;
  const cx = Math.floor((b.left + b.right) / 2);
  const cy = Math.floor((b.top + b.bottom) / 2);
  const vertical = tuning.direction === 'down' || tuning.direction === 'up';
  const extent = vertical ? b.bottom - b.top : b.right - b.left;
  const half = Math.max(1, Math.floor((tuning.distanceRatio * (extent - 2)) / 2));
  // Content moves with the finger: to reveal what is below, the finger moves up.
  const sign = tuning.direction === 'down' || tuning.direction === 'right' ? 1 : -1;
  const start = vertical ? { x: cx, y: cy + sign * half } : { x: cx + sign * half, y: cy };
  const end = vertical ? { x: cx, y: cy - sign * half } : { x: cx - sign * half, y: cy };
  return { start, end, holdMs: 0, moveMs: SCROLL_GESTURE_MS };
}

function progressJson(
  before: string | null,
  after: string | null,
  comparable: boolean,
  reason: string,
): string {
  return JSON.stringify({ beforeSignature: before, afterSignature: after, comparable, reason });
}

/** Dispatches one scroll gesture, settles, re-resolves the container and compares. */
export async function scrollOnce(
  ctx: ActionContext,
  observation: Observation,
  choice: ContainerChoice,
  tuning: ScrollTuning,
): Promise<ScrollStep> {
  const before = contentSignature(observation, choice.entry);
  const gesture = scrollGesture(observation, choice.entry, tuning);
  const outcome = gesture ? await dispatchGesture(ctx, gesture) : 'rejected';
  if (!gesture) noteDispatch(ctx, 'none', false);
  if (outcome !== 'completed') {
    return {
      outcome: 'gesture_failed',
      progress: progressJson(before, null, false, `gesture_${outcome}`),
      after: observation,
      afterChoice: choice,
    };
  }
  await ctx.sleep(tuning.settleDelayMs);
  const after = observe(ctx);
  if (!after) {
    return {
      outcome: 'container_lost',
      progress: progressJson(before, null, false, 'hierarchy_lost'),
      after,
      afterChoice: undefined,
    };
  }
  let again: ContainerChoice;
  try {
    again = chooseContainer(ctx, after, tuning);
  } catch (error) {
    if (!(error instanceof ContainerFailure)) throw error;
    const lost = error.code !== 'CONTAINER_AMBIGUOUS';
    return {
      outcome: lost ? 'container_lost' : 'unknown',
      progress: progressJson(before, null, false, lost ? 'container_lost' : 'container_ambiguous'),
      after,
      afterChoice: undefined,
    };
  }
  if (again.identity !== choice.identity) {
    return {
      outcome: 'unknown',
      progress: progressJson(before, null, false, 'container_identity_changed'),
      after,
      afterChoice: undefined,
    };
  }
  const signature = contentSignature(after, again.entry);
  const moved = signature !== before;
  return {
    outcome: moved ? 'moved' : 'no_movement',
    progress: progressJson(before, signature, true, moved ? 'signature_changed' : 'signature_unchanged'),
    after,
    afterChoice: again,
  };
}

/** Step data describing a scroll (names kept from the runtime, 003:2315-2321). */
export function scrollData(
  observation: Observation,
  choice: ContainerChoice,
  tuning: ScrollTuning,
  step: ScrollStep | undefined,
): StepData {
  const container = JSON.stringify(
    summaryOf(observation.index, observation.index.entries[choice.entry].node),
  );
  return {
    direction: tuning.direction,
    distance_ratio: String(tuning.distanceRatio),
    settle_delay_ms: String(tuning.settleDelayMs),
    resolved_container: container,
    ...(step ? { scroll_outcome: step.outcome, progress: step.progress } : {}),
  };
}
