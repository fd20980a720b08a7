/**
 * `failure.json`: what a matcher expected, what it observed, and the closest
 * candidates, with their screen bounds so `annotated.png` and the HTML report
 * can draw them.
 */
import { z } from 'zod';
import { NodeSummarySchema } from '../contract/selector/node-summary.js';

/** Why a node is shown next to a failure. */
export const CandidateReasonSchema = z.enum([
  /** A node the matcher selected (for `.not` forms and state matchers). */
  'match',
  /** Same text or description apart from letter case. */
  'case_mismatch',
  /** The text matches but the node lies outside the requested container or relation. */
  'other_container',
  /** A match that is not on screen (needs `visibility: 'all'` or a scroll). */
  'offscreen',
  /** A match that is disabled. */
  'disabled',
  /** Text or description contains the expected value, or the other way round. */
  'similar_text',
  /** Same resource id, different text. */
  'same_resource_id',
]);
export type CandidateReason = z.infer<typeof CandidateReasonSchema>;

/** A node shown next to a failure: its `query_ui` summary and why it is shown. */
export const CandidateSchema = NodeSummarySchema.extend({ reason: CandidateReasonSchema });
export type Candidate = z.infer<typeof CandidateSchema>;

export const FailureReportSchema = z.object({
  /** Matcher name, e.g. `toShowNode`. */
  matcher: z.string(),
  isNot: z.boolean(),
  /** The NodeMatcher or other expectation argument, as given. */
  selector: z.unknown(),
  options: z.record(z.string(), z.unknown()),
  expected: z.string(),
  observed: z.string(),
  foregroundPackage: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  elapsedMs: z.number().nonnegative(),
  /** Ambiguity count: how many nodes the matcher selected in the last observation. */
  matchCount: z.number().int().nonnegative(),
  candidates: z.array(CandidateSchema),
});
export type FailureReport = z.infer<typeof FailureReportSchema>;
