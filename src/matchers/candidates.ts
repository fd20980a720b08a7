/**
 * The closest candidates shown when a node matcher fails: what a person would
 * look for next. Same text in another case, the right node outside the
 * container or relation, matches that are offscreen or disabled, similar text,
 * the same resource id with other text, and the matches themselves.
 */
import type { NodeMatcher } from '../contract/matcher.js';
import { nodeLabel } from '../contract/selector/label.js';
import { findMatches, foldCase } from '../contract/selector/match.js';
import { summarizeNode } from '../contract/selector/node-summary.js';
import type { TreeIndex } from '../contract/selector/tree-index.js';
import type { Candidate, CandidateReason } from '../evidence/failure.js';
import type { NodeQuery, NodeSnapshot } from './node-query.js';

export const MAX_CANDIDATES = 8;

function scalarPart(matcher: NodeMatcher): NodeMatcher | undefined {
  const { ancestor: _a, descendant: _d, ...scalars } = matcher;
  return Object.values(scalars).some((v) => v !== undefined && v.trim() !== '') ? scalars : undefined;
}

/** The text a node should show according to the matcher (or an explicit expected text). */
function wantedText(matcher: NodeMatcher): string | undefined {
  return (
    matcher.textEquals ?? matcher.contentDescEquals ?? matcher.textContains ?? matcher.contentDescContains
  );
}

function words(value: string): Set<string> {
  return new Set(
    foldCase(value)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );
}

/**
 * Nodes whose label or description equals `text` apart from case, and nodes
 * with similar text: one contains the other, or they share words (most shared first).
 */
function textNeighbours(index: TreeIndex, text: string): { caseOnly: number[]; similar: number[] } {
  const folded = foldCase(text);
  const wanted = words(text);
  const caseOnly: number[] = [];
  const similar: { i: number; score: number }[] = [];
  index.entries.forEach((entry, i) => {
    for (const value of [nodeLabel(entry.node), entry.node.contentDesc ?? '']) {
      if (value === '' || value === text) continue;
      const v = foldCase(value);
      if (v === folded) {
        caseOnly.push(i);
        return;
      }
      const contains = (v.length >= 3 && folded.includes(v)) || v.includes(folded);
      const shared = [...words(value)].filter((w) => wanted.has(w)).length;
      if (contains || shared > 0) {
        similar.push({ i, score: (contains ? 100 : 0) + shared });
        return;
      }
    }
  });
  return { caseOnly, similar: similar.sort((a, b) => b.score - a.score).map((s) => s.i) };
}

/**
 * Candidates for a failed node matcher. `expectedText` is the text a
 * `toHaveText` wanted (string form); otherwise the matcher's own text is used.
 */
export function closestCandidates(
  query: NodeQuery,
  snapshot: NodeSnapshot,
  expectedText?: string,
): Candidate[] {
  const { index } = snapshot;
  if (!index) return [];
  const picked = new Map<number, CandidateReason>();
  const add = (indices: readonly number[], reason: CandidateReason) => {
    for (const i of indices) if (!picked.has(i) && picked.size < MAX_CANDIDATES) picked.set(i, reason);
  };
  add(
    snapshot.matches.filter((i) => index.entries[i].node.enabled === false),
    'disabled',
  );
  add(snapshot.matches, 'match');
  const matched = new Set(snapshot.matches);
  const notMatched = (indices: number[]) => indices.filter((i) => !matched.has(i));
  const within = snapshot.within ?? undefined;
  if (query.visibility === 'on_screen') {
    const hidden = findMatches(index, query.matcher, 'all', within).filter((i) => !index.entries[i].onScreen);
    add(notMatched(hidden), 'offscreen');
  }
  if (query.container)
    add(notMatched(findMatches(index, query.matcher, query.visibility)), 'other_container');
  const scalars = scalarPart(query.matcher);
  if (scalars && (query.matcher.ancestor || query.matcher.descendant)) {
    add(notMatched(findMatches(index, scalars, query.visibility, within)), 'other_container');
  }
  const text = expectedText ?? wantedText(query.matcher);
  if (text) {
    const { caseOnly, similar } = textNeighbours(index, text);
    add(notMatched(caseOnly), 'case_mismatch');
    add(notMatched(similar), 'similar_text');
  }
  if (query.matcher.resourceId) {
    add(notMatched(findMatches(index, { resourceId: query.matcher.resourceId }, 'all')), 'same_resource_id');
  }
  return [...picked].map(([i, reason]) => ({ ...summarizeNode(index.entries[i]), reason }));
}
