/**
 * A node's label (seed 003:3786-3787): its text when available, otherwise its
 * content description, otherwise "". "Available" means present and non-empty,
 * since UI Automator writes an unset text as `text=""`.
 */
import type { UiNode } from './node.js';

export function nodeLabel(node: Pick<UiNode, 'text' | 'contentDesc'>): string {
  if (node.text) return node.text;
  return node.contentDesc ?? '';
}
