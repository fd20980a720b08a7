/**
 * `NodeSummary`: the per-node shape of `query_ui` results, action receipts
 * (`target`, `matched_target`) and ambiguity `candidates` (seed 003:1917-1945,
 * 1749-1753, 3866-3868). Unknown state is `null`, never `false`.
 */
import { z } from 'zod';
import { nodeLabel } from './label.js';
import { roleOfClass } from './role.js';
import type { IndexedNode } from './tree-index.js';

const nullableBoolean = z.boolean().nullable();

export const BoundsSchema = z.strictObject({
  left: z.number().int(),
  top: z.number().int(),
  right: z.number().int(),
  bottom: z.number().int(),
});

export const NodeSummarySchema = z.strictObject({
  nodePath: z.string(),
  parentPath: z.string().nullable(),
  resourceId: z.string().nullable(),
  className: z.string().nullable(),
  role: z.string(),
  label: z.string(),
  contentDescription: z.string().nullable(),
  bounds: BoundsSchema.nullable(),
  visibleToUser: nullableBoolean,
  onScreen: z.boolean(),
  enabled: nullableBoolean,
  clickable: nullableBoolean,
  checkable: nullableBoolean,
  checked: nullableBoolean,
  selected: nullableBoolean,
  scrollable: nullableBoolean,
  accessibilityDataSensitive: nullableBoolean,
});
export type NodeSummary = z.infer<typeof NodeSummarySchema>;

/** Candidate summaries cap their strings at this many characters (seed 003:3867). */
export const CANDIDATE_STRING_LIMIT = 512;

function cap(value: string, limit: number | undefined): string {
  return limit === undefined || value.length <= limit ? value : value.slice(0, limit);
}

function capNullable(value: string | undefined, limit: number | undefined): string | null {
  return value === undefined ? null : cap(value, limit);
}

/**
 * Summarizes an indexed node. `parentPath` is taken from the entry's own path.
 * `stringLimit` caps every string field (ambiguity candidates); omit it for
 * query results.
 */
export function summarizeNode(entry: IndexedNode, stringLimit?: number): NodeSummary {
  const { node, path } = entry;
  const dot = path.lastIndexOf('.');
  return {
    nodePath: path,
    parentPath: dot === -1 ? null : path.slice(0, dot),
    resourceId: capNullable(node.resourceId, stringLimit),
    className: capNullable(node.className, stringLimit),
    role: roleOfClass(node.className),
    label: cap(nodeLabel(node), stringLimit),
    contentDescription: capNullable(node.contentDesc, stringLimit),
    bounds: node.bounds === undefined ? null : { ...node.bounds },
    visibleToUser: node.visibleToUser ?? null,
    onScreen: entry.onScreen,
    enabled: node.enabled ?? null,
    clickable: node.clickable ?? null,
    checkable: node.checkable ?? null,
    checked: node.checked ?? null,
    selected: node.selected ?? null,
    scrollable: node.scrollable ?? null,
    accessibilityDataSensitive: node.accessibilityDataSensitive ?? null,
  };
}
