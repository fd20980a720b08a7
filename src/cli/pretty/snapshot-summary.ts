/**
 * `snapshot --format pretty`: the screen as an indented outline of the nodes
 * a person would name in a test (text, description or resource id), with the
 * states that matter for tapping and asserting.
 */
import type { UiHierarchy, UiNode } from '../../contract/selector/node.js';

const FLAGS = ['clickable', 'checked', 'selected', 'scrollable', 'focused'] as const;

function describe(node: UiNode): string | undefined {
  const parts: string[] = [];
  if (node.text) parts.push(JSON.stringify(node.text));
  if (node.contentDesc) parts.push(`desc=${JSON.stringify(node.contentDesc)}`);
  if (node.resourceId) parts.push(`#${node.resourceId}`);
  if (parts.length === 0) return undefined;
  const states: string[] = FLAGS.filter((flag) => node[flag] === true);
  if (node.enabled === false) states.push('disabled');
  const kind = node.className?.split('.').pop() ?? 'node';
  return `${kind} ${parts.join(' ')}${states.length > 0 ? ` (${states.join(', ')})` : ''}`;
}

export function snapshotSummary(hierarchy: UiHierarchy, deviceId: string): string {
  const lines: string[] = [];
  let total = 0;
  const packages = new Set<string>();
  const walk = (node: UiNode, depth: number) => {
    total++;
    if (node.packageName) packages.add(node.packageName);
    const text = describe(node);
    const next = text === undefined ? depth : depth + 1;
    if (text !== undefined) lines.push(`${'  '.repeat(depth + 1)}${text}`);
    for (const child of node.children) walk(child, next);
  };
  for (const node of hierarchy.roots) walk(node, 0);
  return [
    `${deviceId}: ${total} nodes, ${lines.length} named (${[...packages].join(', ') || 'no package'})`,
    ...lines,
    '',
  ].join('\n');
}
