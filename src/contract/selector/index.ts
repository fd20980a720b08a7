/**
 * The selector engine: UI Automator hierarchy XML, labels, roles, on-screen
 * eligibility, NodeMatcher resolution and the `query_ui` payload. Pure, no I/O;
 * used host-side by matchers and device-side by the virtual Operator.
 */
export { attributesOfNode, formatBounds, nodeFromAttributes, parseBounds } from './attributes.js';
export { defaultScreen, isSelfEligible } from './eligibility.js';
export {
  HIERARCHY_XML_PROLOG,
  MAX_HIERARCHY_DEPTH,
  MAX_HIERARCHY_XML_BYTES,
  parseHierarchyXml,
  toHierarchyXml,
} from './hierarchy-xml.js';
export { type JsonTreeNode, nodeFromJsonTree } from './json-tree.js';
export { nodeLabel } from './label.js';
export { findMatches, matchesPredicate } from './match.js';
export * from './node.js';
export {
  CANDIDATE_STRING_LIMIT,
  type NodeSummary,
  NodeSummarySchema,
  summarizeNode,
} from './node-summary.js';
export * from './query-ui.js';
export * from './resolve.js';
export { DEFAULT_ROLE, ROLE_RULES, roleOfClass } from './role.js';
export * from './selection-warning.js';
export type { SnapshotRejection } from './snapshot-error.js';
export { suggestMatcher } from './suggest-matcher.js';
export {
  buildTreeIndex,
  type IndexedNode,
  isCandidate,
  type TreeIndex,
  type Visibility,
} from './tree-index.js';
