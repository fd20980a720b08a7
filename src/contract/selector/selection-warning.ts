/**
 * Duplicate-selection hints (seed 003:3806-3827): a non-strict action that saw
 * several candidates and used the first adds `selection_warning` to its step
 * data. Counts are the largest seen per kind of selection over the whole
 * action (retries, scroll searches), so callers merge the counts of each
 * resolution and format one warning at the end.
 */

/** Largest candidate counts seen per kind of selection; 0 when that kind was not selected. */
export interface SelectionCounts {
  target: number;
  container: number;
}

export const NO_SELECTION: SelectionCounts = { target: 0, container: 0 };

/** Keeps the larger count of each kind. */
export function mergeSelectionCounts(a: SelectionCounts, b: SelectionCounts): SelectionCounts {
  return { target: Math.max(a.target, b.target), container: Math.max(a.container, b.container) };
}

/**
 * The `selection_warning` text, or `null` when every selection was unique.
 * Kinds are listed target first, then container, only when their count is above 1.
 */
export function selectionWarning(counts: SelectionCounts): string | null {
  const parts: string[] = [];
  if (counts.target > 1) parts.push(`target: ${counts.target}`);
  if (counts.container > 1) parts.push(`container: ${counts.container}`);
  if (parts.length === 0) return null;
  return (
    'Multiple candidates matched; first-match selection was used. ' +
    `Largest candidate counts observed: ${parts.join(', ')}. ` +
    'Use --strict (params.strict=true) to reject ambiguous matches.'
  );
}
