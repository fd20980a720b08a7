/**
 * The compact snapshot projection (seed 003 "Compact Output and Raw Artifacts"):
 * a whole-node preorder prefix of the hierarchy with XML child-index paths,
 * decoded strings (null when absent), native booleans (null when unknown) and
 * text/description cut to `maxTextChars` Unicode code points.
 */
import { formatBounds } from '../../contract/selector/attributes.js';
import type { UiHierarchy, UiNode } from '../../contract/selector/node.js';

export interface CompactNode {
  nodePath: string;
  parentPath: string | null;
  resourceId: string | null;
  className: string | null;
  text: string | null;
  contentDescription: string | null;
  bounds: string | null;
  checked: boolean | null;
  checkable: boolean | null;
  selected: boolean | null;
  enabled: boolean | null;
  clickable: boolean | null;
  scrollable: boolean | null;
  visibleToUser: boolean | null;
  accessibilityDataSensitive: boolean | null;
  textTruncated: boolean;
  contentDescriptionTruncated: boolean;
}

export interface CompactSnapshot {
  schemaVersion: 1;
  commandId: string;
  taskId: string;
  rawArtifactPath?: string;
  totalNodes: number;
  returnedNodes: number;
  omittedNodes: number;
  truncated: boolean;
  nodes: CompactNode[];
}

export const COMPACT_DEFAULTS = { maxNodes: 100, maxTextChars: 256 } as const;

function cut(value: string | undefined, max: number): { value: string | null; truncated: boolean } {
  if (value === undefined) return { value: null, truncated: false };
  const points = Array.from(value);
  return points.length > max
    ? { value: points.slice(0, max).join(''), truncated: true }
    : { value, truncated: false };
}

function project(
  node: UiNode,
  nodePath: string,
  parentPath: string | null,
  maxTextChars: number,
): CompactNode {
  const text = cut(node.text, maxTextChars);
  const desc = cut(node.contentDesc, maxTextChars);
  return {
    nodePath,
    parentPath,
    resourceId: node.resourceId ?? null,
    className: node.className ?? null,
    text: text.value,
    contentDescription: desc.value,
    bounds: node.bounds ? formatBounds(node.bounds) : null,
    checked: node.checked ?? null,
    checkable: node.checkable ?? null,
    selected: node.selected ?? null,
    enabled: node.enabled ?? null,
    clickable: node.clickable ?? null,
    scrollable: node.scrollable ?? null,
    visibleToUser: node.visibleToUser ?? null,
    accessibilityDataSensitive: node.accessibilityDataSensitive ?? null,
    textTruncated: text.truncated,
    contentDescriptionTruncated: desc.truncated,
  };
}

export function compactSnapshot(
  hierarchy: UiHierarchy,
  ids: { commandId: string; taskId: string; rawArtifactPath?: string },
  limits: { maxNodes?: number; maxTextChars?: number } = {},
): CompactSnapshot {
  const maxNodes = limits.maxNodes ?? COMPACT_DEFAULTS.maxNodes;
  const maxTextChars = limits.maxTextChars ?? COMPACT_DEFAULTS.maxTextChars;
  const nodes: CompactNode[] = [];
  let total = 0;
  const visit = (node: UiNode, path: string, parent: string | null) => {
    total += 1;
    if (nodes.length < maxNodes) nodes.push(project(node, path, parent, maxTextChars));
    node.children.forEach((child, i) => {
      visit(child, `${path}.${i}`, path);
    });
  };
  hierarchy.roots.forEach((root, i) => {
    visit(root, String(i), null);
  });
  const fieldCut = nodes.some((n) => n.textTruncated || n.contentDescriptionTruncated);
  return {
    schemaVersion: 1,
    commandId: ids.commandId,
    taskId: ids.taskId,
    ...(ids.rawArtifactPath !== undefined ? { rawArtifactPath: ids.rawArtifactPath } : {}),
    totalNodes: total,
    returnedNodes: nodes.length,
    omittedNodes: total - nodes.length,
    truncated: total > nodes.length || fieldCut,
    nodes,
  };
}
