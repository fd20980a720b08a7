/**
 * `failure.json`: what a matcher expected, what it observed, and the closest
 * candidates, with their screen bounds so `annotated.png` and the HTML report
 * can draw them.
 */
import { z } from 'zod';
import { BoundsSchema, NodeSummarySchema } from '../contract/selector/node-summary.js';

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

/** An audit finding (`toPassAccessibilityAudit`): the rule it breaks and the node, drawn on `annotated.png`. */
export const FindingSchema = z.object({
  /** Rule id, e.g. `touch-target`. */
  rule: z.string(),
  nodePath: z.string(),
  bounds: BoundsSchema.nullable(),
  resourceId: z.string().nullable(),
  className: z.string().nullable(),
  /** What is wrong, with the measured values. */
  message: z.string(),
});
export type Finding = z.infer<typeof FindingSchema>;

/** An image the matcher made (a screenshot comparison's expected, actual and diff), saved into the bundle. */
export const FailureImageSchema = z.object({
  role: z.enum(['expected', 'actual', 'diff']),
  /** Bundle file name, e.g. `screenshot-diff.png`. */
  file: z.string(),
  /** The PNG, in memory on its way to the bundle; never written into failure.json. */
  png: z.custom<Uint8Array>((v) => v instanceof Uint8Array).optional(),
});
export type FailureImage = z.infer<typeof FailureImageSchema>;

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
  /** Accessibility audit findings. */
  findings: z.array(FindingSchema).optional(),
  /** Screenshot comparison images. */
  images: z.array(FailureImageSchema).optional(),
});
export type FailureReport = z.infer<typeof FailureReportSchema>;
