/**
 * Copies an arbitrary value into plain JSON data before validation, so that no
 * hostile input (cycles, throwing getters, proxies, class instances, BigInt,
 * `__proto__` keys, huge arrays, deep nesting) can make validation throw an
 * untyped exception or run unbounded. Every rejection is a typed error.
 */
import { defineOwn } from './key-aliases.js';
import { LIMITS } from './limits.js';
import { ExecutionValidationError, PayloadTooLargeError } from './validation-errors.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const tooLarge = () =>
  new PayloadTooLargeError(
    `payload exceeds ${LIMITS.MAX_PAYLOAD_BYTES} serialized bytes`,
    LIMITS.MAX_PAYLOAD_BYTES,
  );

/**
 * A plain object of any realm: its prototype is null or some realm's
 * `Object.prototype` (a null-prototype object whose own `constructor` is a
 * function named `Object`). Jest runs tests in a vm context, so their object
 * literals carry that context's `Object.prototype`, not this one's.
 */
function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return true;
  if (typeof proto !== 'object' || Object.getPrototypeOf(proto) !== null) return false;
  // The descriptor, not `proto.constructor`: no getter of the input runs.
  const ctor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
  return typeof ctor === 'function' && ctor.name === 'Object';
}

class Copier {
  /** A lower bound of the serialized size; UTF-8 bytes are never fewer than UTF-16 units. */
  private bytes = 0;
  private readonly ancestors = new Set<object>();

  copy(value: unknown, path: string[]): JsonValue {
    if (path.length > LIMITS.MAX_INPUT_DEPTH)
      this.fail(path, `nesting is deeper than ${LIMITS.MAX_INPUT_DEPTH} levels`);
    switch (typeof value) {
      case 'string':
        return this.count(value.length + 2, value);
      case 'boolean':
        return this.count(4, value);
      case 'number':
        if (!Number.isFinite(value)) this.fail(path, 'must be a finite JSON number');
        return this.count(1, value);
      case 'object':
        return value === null ? this.count(4, null) : this.copyObject(value, path);
      default:
        return this.fail(path, `${typeof value} is not a JSON value`);
    }
  }

  /**
   * Adds `size` serialized bytes. Separators are counted by the containers
   * (one comma fewer than their entries) so that the bound stays exact for
   * ASCII and a payload of exactly the limit passes (003:1465, inclusive).
   */
  private count<T extends JsonValue>(size: number, value: T): T {
    this.bytes += size;
    if (this.bytes > LIMITS.MAX_PAYLOAD_BYTES) throw tooLarge();
    return value;
  }

  private copyObject(value: object, path: string[]): JsonValue {
    if (this.ancestors.has(value)) this.fail(path, 'circular reference');
    this.ancestors.add(value);
    try {
      return Array.isArray(value) ? this.copyArray(value, path) : this.copyRecord(value, path);
    } finally {
      this.ancestors.delete(value);
    }
  }

  private copyArray(value: unknown[], path: string[]): JsonValue[] {
    // Each element serializes to at least one byte plus a comma.
    if (value.length > LIMITS.MAX_PAYLOAD_BYTES / 2) throw tooLarge();
    const out: JsonValue[] = [];
    for (let i = 0; i < value.length; i++) {
      const element = this.read(value, String(i), path);
      if (element === undefined) this.fail([...path, String(i)], 'undefined is not a JSON value');
      out.push(this.copy(element, [...path, String(i)]));
    }
    return this.count(2 + Math.max(0, out.length - 1), out);
  }

  private copyRecord(value: object, path: string[]): { [key: string]: JsonValue } {
    if (!isPlainObject(value)) this.fail(path, 'must be a plain JSON object');
    const out: { [key: string]: JsonValue } = {};
    let entries = 0;
    for (const key of Object.keys(value)) {
      const entry = this.read(value, key, path);
      // JSON.stringify drops undefined properties; so do we.
      if (entry === undefined) continue;
      this.count(key.length + 3, null);
      defineOwn(out, key, this.copy(entry, [...path, key]));
      entries++;
    }
    return this.count(2 + Math.max(0, entries - 1), out);
  }

  private read(target: object, key: string, path: string[]): unknown {
    try {
      return (target as Record<string, unknown>)[key];
    } catch {
      return this.fail([...path, key], 'could not be read');
    }
  }

  fail(path: string[], reason: string): never {
    const where = path.length === 0 ? 'payload' : path.join('.');
    throw new ExecutionValidationError(`${where}: ${reason}`, { path: path.join('.') });
  }
}

/** The value as plain JSON data, or a typed validation error. */
export function toPlainJson(value: unknown): JsonValue {
  const copier = new Copier();
  try {
    return copier.copy(value, []);
  } catch (error) {
    if (error instanceof ExecutionValidationError || error instanceof PayloadTooLargeError) throw error;
    // Proxies and exotic objects can throw from any trap (getPrototypeOf, ownKeys, ...).
    return copier.fail([], 'is not readable as JSON');
  }
}
