/**
 * Hands the plugin's parsed options to the global setup. Both run in
 * Vitest's main process but may load as different module instances, and the
 * options can hold a function (the adb `filter`), so they travel on
 * `globalThis` rather than in the serialized config.
 */
import { type DroidproofOptions, parseOptions } from '../options.js';

const OPTIONS = Symbol.for('droidproof.vitest-options');
type Registry = { [OPTIONS]?: DroidproofOptions };

export function registerOptions(options: DroidproofOptions): void {
  (globalThis as Registry)[OPTIONS] = options;
}

/** The plugin's options, else `environmentOptions.droidproof` (environment set by hand), else the defaults. */
export function registeredOptions(
  environmentOptions: Record<string, unknown> | undefined,
): DroidproofOptions {
  return (globalThis as Registry)[OPTIONS] ?? parseOptions(environmentOptions?.droidproof);
}
