/**
 * Renaming of input-key aliases to canonical keys, shared by the top-level
 * execution, action params and NodeMatcher normalization.
 *
 * Rule from the seeds ("Canonical payload keys still win"): when both an alias
 * and its canonical key are present, the canonical value is kept and the alias
 * is dropped. Among several aliases of one key, the first in the alias table wins.
 */
export type AliasTable = Readonly<Record<string, string>>;

/** Returns a new object (null prototype never leaks: plain `{}`) with aliases renamed. */
export function renameAliases(
  input: Readonly<Record<string, unknown>>,
  aliases: AliasTable,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(aliases, key)) continue;
    defineOwn(out, key, value);
  }
  for (const [alias, canonical] of Object.entries(aliases)) {
    if (!Object.hasOwn(input, alias) || Object.hasOwn(out, canonical)) continue;
    defineOwn(out, canonical, input[alias]);
  }
  return out;
}

/**
 * Sets an own data property even for keys such as `__proto__`, which a plain
 * assignment would turn into a prototype change.
 */
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
