/**
 * Android-side reading of one action's `params` (seed 003 "Android payload
 * parsing", AgentCommandParser): lenient where Android is lenient (defaults,
 * clamps), strict where the runtime must refuse (missing required fields,
 * unusable matchers). A refusal is a `ParamError`; the executor turns it into
 * an `EXECUTION_VALIDATION_FAILED` envelope before any action runs.
 */
import type { z } from 'zod';
import { DroidproofError } from '../../contract/errors.js';
import { type NodeMatcher, NodeMatcherSchema, normalizeMatcherInput } from '../../contract/matcher.js';

export class ParamError extends DroidproofError {
  constructor(actionId: string, path: string, message: string) {
    super('EXECUTION_VALIDATION_FAILED', message, { actionId, path });
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Typed, clamping access to one action's params. */
export class ParamReader {
  readonly raw: Readonly<Record<string, unknown>>;

  constructor(
    readonly actionId: string,
    readonly actionType: string,
    raw: unknown,
  ) {
    this.raw =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  }

  fail(key: string, message: string): never {
    throw new ParamError(this.actionId, `params.${key}`, `${this.actionType} ${message}`);
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  optionalString(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') this.fail(key, `params.${key} must be a string`);
    return value;
  }

  /** A required string with at least one non-whitespace character. */
  requiredString(key: string): string {
    const value = this.optionalString(key);
    if (value === undefined || value.trim() === '') this.fail(key, `requires params.${key}`);
    return value;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.raw[key];
    if (typeof value === 'boolean') return value;
    // Android's JSONObject.optBoolean also reads "true"/"false" strings.
    if (value === 'true' || value === 'false') return value === 'true';
    return fallback;
  }

  /** A finite number clamped to `[min, max]`, or the fallback when absent or not numeric. */
  number(key: string, fallback: number, min: number, max: number): number {
    const value = this.raw[key];
    const numeric = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof numeric !== 'number' || !Number.isFinite(numeric)) return fallback;
    return clamp(numeric, min, max);
  }

  integer(key: string, fallback: number, min: number, max: number): number {
    return Math.trunc(this.number(key, fallback, min, max));
  }

  /** A number that must be present and finite, not clamped (durations, positions). */
  requiredNumber(key: string): number {
    const value = this.raw[key];
    if (typeof value !== 'number' || !Number.isFinite(value))
      this.fail(key, `requires a numeric params.${key}`);
    return value;
  }

  optionalMatcher(key: string): NodeMatcher | undefined {
    if (!this.has(key)) return undefined;
    const parsed = NodeMatcherSchema.safeParse(normalizeMatcherInput(this.raw[key]));
    if (!parsed.success) this.fail(key, `params.${key} is not a usable NodeMatcher`);
    return parsed.data;
  }

  requiredMatcher(key: string): NodeMatcher {
    const matcher = this.optionalMatcher(key);
    if (!matcher) this.fail(key, `requires params.${key}`);
    return matcher;
  }

  /** `{ x, y }` with non-negative integer coordinates. */
  point(key: string): { x: number; y: number } {
    const value = this.raw[key] as Record<string, unknown> | undefined;
    const x = value?.x;
    const y = value?.y;
    if (!Number.isInteger(x) || !Number.isInteger(y) || (x as number) < 0 || (y as number) < 0) {
      this.fail(key, `requires params.${key} as { x, y } non-negative integers`);
    }
    return { x: x as number, y: y as number };
  }

  /**
   * Reads the whole params object with a contract schema, for the actions whose
   * Android ingress is as strict as Node's (notification and media actions:
   * "rejected on both Node and Android ingress", seed 000:49-50).
   */
  schema<T>(schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(this.raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    return this.fail(issue.path.join('.') || 'params', issue.message);
  }

  /** A sub-object (retry policies), or undefined. */
  object(key: string): Record<string, unknown> | undefined {
    const value = this.raw[key];
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  }
}
