/** Tree search over accessibility nodes (preorder), for tests and in-process drivers. */
import type { AndroidNode } from './accessibility.js';

export type NodePredicate = (node: AndroidNode) => boolean;

/** Every node matching `accept`, in preorder. */
export function findAllNodes(root: AndroidNode, accept: NodePredicate): AndroidNode[] {
  const out: AndroidNode[] = [];
  const visit = (node: AndroidNode) => {
    if (accept(node)) out.push(node);
    for (const child of node.children) visit(child);
  };
  visit(root);
  return out;
}

/** The first node matching `accept`, in preorder. */
export function findNode(root: AndroidNode, accept: NodePredicate): AndroidNode | undefined {
  return findAllNodes(root, accept)[0];
}

/** Predicate helpers: `byId('com.x:id/save')`, `byText('Save')`. */
export const byId =
  (resourceId: string): NodePredicate =>
  (node) =>
    node.resourceId === resourceId;
export const byText =
  (text: string): NodePredicate =>
  (node) =>
    node.text === text;
