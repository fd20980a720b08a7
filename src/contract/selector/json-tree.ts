/**
 * The JSON tree format of the conformance vectors (conformance/selectors/README.md
 * "Trees"): a node is a flat object of UI Automator XML attribute names with
 * their XML string values, plus optional `children`. Easy to write by hand and
 * to read from Kotlin; read through the same attribute rules as the XML parser.
 */
import { nodeFromAttributes } from './attributes.js';
import type { UiNode } from './node.js';

export interface JsonTreeNode {
  children?: JsonTreeNode[];
  [attribute: string]: unknown;
}

/** Builds a `UiNode` tree; non-string attribute values are read as their `String()`. */
export function nodeFromJsonTree(json: JsonTreeNode): UiNode {
  const { children = [], ...attributes } = json;
  const strings = Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [name, String(value)]),
  );
  return nodeFromAttributes(strings, children.map(nodeFromJsonTree));
}
