/**
 * A captured screen's hierarchy as the report's inspector shows it: every node
 * in preorder with its attributes as the XML names them, and the locator
 * droidproof suggests for it (the contract's `suggestMatcher`, the one codegen
 * uses), written as codegen writes it.
 */
import { jsLiteral } from '../../contract/js-literal.js';
import { parseHierarchyXml } from '../../contract/selector/hierarchy-xml.js';
import { nodeLabel } from '../../contract/selector/label.js';
import {
  BOOLEAN_ATTRIBUTES,
  type Bounds,
  STRING_ATTRIBUTES,
  type UiHierarchy,
  type UiNode,
} from '../../contract/selector/node.js';
import { suggestMatcher } from '../../contract/selector/suggest-matcher.js';
import { buildTreeIndex } from '../../contract/selector/tree-index.js';

export interface HtmlNode {
  path: string;
  depth: number;
  label: string;
  className: string | null;
  resourceId: string | null;
  bounds: Bounds | null;
  enabled: boolean | null;
  /** Every attribute the capture holds, by its XML name. */
  attrs: Record<string, string>;
  /** `device.node({ ... })` when a matcher selects exactly this node on its screen. */
  suggestion: string | null;
}

function attributesOf(node: UiNode): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [xml, field] of Object.entries(STRING_ATTRIBUTES)) {
    const value = node[field];
    if (value) attrs[xml] = value;
  }
  for (const [xml, field] of Object.entries(BOOLEAN_ATTRIBUTES)) {
    const value = node[field];
    if (value !== undefined) attrs[xml] = String(value);
  }
  if (node.bounds) {
    const b = node.bounds;
    attrs.bounds = `[${b.left},${b.top}][${b.right},${b.bottom}]`;
  }
  return { ...attrs, ...node.extra };
}

export function inspectorNodes(hierarchy: UiHierarchy): HtmlNode[] {
  return buildTreeIndex(hierarchy).entries.map(({ node, path }) => {
    const matcher = suggestMatcher(hierarchy, node);
    return {
      path,
      depth: path.split('.').length - 1,
      label: nodeLabel(node),
      className: node.className ?? null,
      resourceId: node.resourceId ?? null,
      bounds: node.bounds ?? null,
      enabled: node.enabled ?? null,
      attrs: attributesOf(node),
      suggestion: matcher ? `device.node(${jsLiteral(matcher)})` : null,
    };
  });
}

/** The nodes of a hierarchy XML; none when it does not parse (the raw file stays linked). */
export function inspectorNodesOfXml(xml: string | undefined): HtmlNode[] {
  if (!xml) return [];
  try {
    return inspectorNodes(parseHierarchyXml(xml));
  } catch {
    return [];
  }
}
