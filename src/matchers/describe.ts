/** Human-readable pieces of failure messages. */
import type { NodeMatcher } from '../contract/matcher.js';
import type { Candidate, CandidateReason } from '../evidence/failure.js';
import type { NodeQuery, NodeSnapshot } from './node-query.js';

const REASONS: Record<CandidateReason, string> = {
  match: 'matched',
  case_mismatch: 'same text, different case',
  other_container: 'right node, outside the container or relation',
  offscreen: 'matches but is offscreen or hidden (try visibility: "all" or scroll)',
  disabled: 'matches but is disabled',
  similar_text: 'similar text',
  same_resource_id: 'same resource id, other text',
};

export function formatMatcher(matcher: NodeMatcher): string {
  return JSON.stringify(matcher);
}

export function formatText(expected: string | RegExp): string {
  return typeof expected === 'string' ? JSON.stringify(expected) : String(expected);
}

export function describeQuery(query: NodeQuery): string {
  const extras = [
    `visibility ${query.visibility}`,
    ...(query.strict ? ['strict'] : []),
    ...(query.container ? [`inside ${formatMatcher(query.container)}`] : []),
  ];
  return `${formatMatcher(query.matcher)} (${extras.join(', ')})`;
}

function formatBounds(candidate: Candidate): string {
  const b = candidate.bounds;
  return b ? `[${b.left},${b.top}][${b.right},${b.bottom}]` : 'no bounds';
}

export function formatCandidate(candidate: Candidate): string {
  const what = [
    JSON.stringify(candidate.label),
    candidate.className?.split('.').pop(),
    candidate.resourceId || undefined,
    formatBounds(candidate),
    `path ${candidate.nodePath}`,
  ].filter(Boolean);
  return `${REASONS[candidate.reason]}: ${what.join(' ')}`;
}

/** "no node matched", "3 nodes matched", or why the observation was unusable. */
export function describeSnapshot(query: NodeQuery, snapshot: NodeSnapshot): string {
  if (snapshot.error) return snapshot.error;
  if (query.container && snapshot.containerCount === 0)
    return `no container matched ${formatMatcher(query.container)}`;
  const n = snapshot.matches.length;
  const containers =
    (snapshot.containerCount ?? 0) > 1 ? ` (first of ${snapshot.containerCount} containers used)` : '';
  return `${n === 0 ? 'no node' : n === 1 ? '1 node' : `${n} nodes`} matched${containers}`;
}
