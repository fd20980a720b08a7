/**
 * The JSON tree format of the conformance vectors (conformance/selectors/README.md
 * "Trees"): UI Automator attribute names with string values, plus `children`.
 */
import { nodeFromAttributes, type UiNode } from '../../src/contract/selector/index.js';

export interface JsonNode {
  children?: JsonNode[];
  [attribute: string]: unknown;
}

export function nodeFromJson(json: JsonNode): UiNode {
  const { children = [], ...attributes } = json;
  return nodeFromAttributes(attributes as Record<string, string>, children.map(nodeFromJson));
}
