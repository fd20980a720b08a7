/**
 * The `query_ui` result payload (seed 003:1882-1990): every candidate that
 * matches, in preorder, with totals, truncation and per-node state; serialized
 * as the string `data.query`, which must not exceed 256 KiB of UTF-8
 * (PAYLOAD_TOO_LARGE; JSON is never cut to fit).
 */
import { z } from 'zod';
import { DroidproofError } from '../errors.js';
import type { NodeMatcher } from '../matcher.js';
import { findMatches } from './match.js';
import type { Bounds, UiHierarchy } from './node.js';
import { NodeSummarySchema, summarizeNode } from './node-summary.js';
import { buildTreeIndex, type Visibility } from './tree-index.js';

export const QueryUiPayloadSchema = z.strictObject({
  schemaVersion: z.literal(1),
  snapshotId: z.string(),
  capturedAt: z.string(),
  totalMatches: z.number().int().nonnegative(),
  returnedCount: z.number().int().nonnegative(),
  truncated: z.boolean(),
  nodes: z.array(NodeSummarySchema),
});
export type QueryUiPayload = z.infer<typeof QueryUiPayloadSchema>;

/** Largest serialized `data.query`, in UTF-8 bytes. */
export const MAX_QUERY_PAYLOAD_BYTES = 256 * 1024;
/** `limit` default (seed 003:1892). */
export const DEFAULT_QUERY_LIMIT = 100;

export interface QueryUiRequest {
  /** Omitted: every candidate (seed 003:1890). */
  matcher?: NodeMatcher;
  /** Default `on_screen`. */
  visibility?: Visibility;
  /** 1..1000 (validated by the action schema), default 100. */
  limit?: number;
  /** Observation-local capture id. */
  snapshotId: string;
  /** UTC timestamp taken right after the capture, ISO 8601. */
  capturedAt: string;
  /** Screen rectangle for the eligibility rule; default: the first root's bounds. */
  screen?: Bounds;
}

export interface QueryUiResult {
  payload: QueryUiPayload;
  /** `JSON.stringify(payload)`: the `data.query` string. */
  json: string;
}

/** Builds and serializes the payload; throws PAYLOAD_TOO_LARGE above 256 KiB. */
export function buildQueryUiPayload(hierarchy: UiHierarchy, request: QueryUiRequest): QueryUiResult {
  const index = buildTreeIndex(hierarchy, request.screen);
  const found = findMatches(index, request.matcher, request.visibility ?? 'on_screen');
  const returned = found.slice(0, request.limit ?? DEFAULT_QUERY_LIMIT);
  const payload: QueryUiPayload = {
    schemaVersion: 1,
    snapshotId: request.snapshotId,
    capturedAt: request.capturedAt,
    totalMatches: found.length,
    returnedCount: returned.length,
    truncated: returned.length < found.length,
    nodes: returned.map((i) => summarizeNode(index.entries[i])),
  };
  const json = JSON.stringify(payload);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > MAX_QUERY_PAYLOAD_BYTES) {
    throw new DroidproofError(
      'PAYLOAD_TOO_LARGE',
      `query_ui result is ${bytes} bytes, over the ${MAX_QUERY_PAYLOAD_BYTES}-byte limit; lower limit or narrow the matcher`,
      { bytes, limit: MAX_QUERY_PAYLOAD_BYTES, totalMatches: found.length, returnedCount: returned.length },
    );
  }
  return { payload, json };
}
