/**
 * The node matchers as runner-independent `MatcherRun`s: shown, text, checked,
 * enabled, count. Each attempt observes afresh and resolves the query.
 */
import { nodeLabel } from '../contract/selector/label.js';
import type { UiNode } from '../contract/selector/node.js';
import { closestCandidates } from './candidates.js';
import type { MatcherRun } from './core.js';
import { describeQuery, describeSnapshot, formatText } from './describe.js';
import { type NodeQuery, type NodeSnapshot, observeQuery } from './node-query.js';
import type { MatcherTarget } from './ports.js';

export interface WaitSettings {
  timeout?: number;
  interval?: number;
}

interface NodeRunSpec {
  name: string;
  receivedLabel: string;
  target: MatcherTarget;
  query: NodeQuery;
  wait: WaitSettings;
  /** The condition in one usable snapshot; null when it cannot be decided. */
  holds(snapshot: NodeSnapshot): boolean | null;
  expected(isNot: boolean): string;
  observed?(snapshot: NodeSnapshot, first: UiNode | undefined): string;
  expectedText?: string;
}

/** The first match, or undefined; in strict mode several matches are undecided (null). */
function firstMatch(query: NodeQuery, snapshot: NodeSnapshot): UiNode | undefined | null {
  if (query.strict && snapshot.matches.length > 1) return null;
  const i = snapshot.matches[0];
  return i === undefined || !snapshot.index ? undefined : snapshot.index.entries[i].node;
}

function nodeRun(spec: NodeRunSpec): MatcherRun<NodeSnapshot> {
  const { query } = spec;
  return {
    name: spec.name,
    receivedLabel: spec.receivedLabel,
    selector: query.matcher,
    options: { ...spec.wait, visibility: query.visibility, strict: query.strict, container: query.container },
    async check(notBeforeMs) {
      const snapshot = await observeQuery(() => spec.target.observe(), query, notBeforeMs);
      return { holds: snapshot.error ? null : spec.holds(snapshot), detail: snapshot };
    },
    expected: spec.expected,
    observed(snapshot) {
      const base = describeSnapshot(query, snapshot);
      const first = firstMatch(query, snapshot);
      const extra = !snapshot.error && spec.observed ? spec.observed(snapshot, first ?? undefined) : '';
      return extra ? `${base}; ${extra}` : base;
    },
    foreground: (snapshot) => snapshot.observation?.foregroundPackage ?? null,
    candidates: (snapshot) => closestCandidates(query, snapshot, spec.expectedText),
    matchCount: (snapshot) => snapshot.matches.length,
  };
}

type Common = Pick<NodeRunSpec, 'receivedLabel' | 'target' | 'query' | 'wait'>;

export function showNodeRun(name: string, c: Common): MatcherRun<NodeSnapshot> {
  return nodeRun({
    ...c,
    name,
    holds: (s) => (s.matches.length === 0 ? false : firstMatch(c.query, s) === null ? null : true),
    expected: (isNot) =>
      `${isNot ? 'no node' : c.query.strict ? 'exactly one node' : 'a node'} matching ${describeQuery(c.query)}`,
  });
}

export function textMatches(actual: string, expected: string | RegExp): boolean {
  if (typeof expected === 'string') return actual === expected;
  expected.lastIndex = 0;
  return expected.test(actual);
}

export function hasTextRun(c: Common & { text: string | RegExp }): MatcherRun<NodeSnapshot> {
  return nodeRun({
    ...c,
    name: 'toHaveText',
    holds: (s) => {
      const first = firstMatch(c.query, s);
      return first === null ? null : first !== undefined && textMatches(nodeLabel(first), c.text);
    },
    expected: (isNot) =>
      `the node ${describeQuery(c.query)} ${isNot ? 'not ' : ''}to have text ${formatText(c.text)}`,
    observed: (_s, first) => (first ? `its text is ${JSON.stringify(nodeLabel(first))}` : ''),
    expectedText: typeof c.text === 'string' ? c.text : undefined,
  });
}

/** A boolean node state (`checked`, `enabled`): the node must exist; unknown state is undecided. */
export function stateRun(c: Common & { state: 'checked' | 'enabled' }): MatcherRun<NodeSnapshot> {
  const name = c.state === 'checked' ? 'toBeChecked' : 'toBeEnabled';
  return nodeRun({
    ...c,
    name,
    holds: (s) => {
      const first = firstMatch(c.query, s);
      return first ? (first[c.state] ?? null) : null;
    },
    expected: (isNot) => `the node ${describeQuery(c.query)} to be ${isNot ? 'not ' : ''}${c.state}`,
    observed: (_s, first) => (first ? `${c.state} is ${first[c.state] ?? 'unknown'}` : ''),
  });
}

export function countRun(c: Common & { count: number }): MatcherRun<NodeSnapshot> {
  return nodeRun({
    ...c,
    name: 'toHaveCount',
    holds: (s) => s.matches.length === c.count,
    expected: (isNot) =>
      `${isNot ? 'not ' : ''}exactly ${c.count} node(s) matching ${describeQuery(c.query)}`,
  });
}
