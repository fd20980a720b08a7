/** The known key nearest to a mistyped one, for "did you mean" hints in option errors. */
export function closestKey(unknown: string, known: readonly string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = editDistance(unknown.toLowerCase(), key.toLowerCase());
    if (!best || distance < best.distance) best = { key, distance };
  }
  // A suggestion more than half rewritten is noise, not help.
  return best && best.distance <= Math.max(2, Math.floor(unknown.length / 2)) ? best.key : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}
