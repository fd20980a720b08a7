import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toPlainJson } from './plain-json.js';

/** Evaluates `source` in a fresh realm, as Jest does with a test file. */
const foreign = (source: string): unknown => runInNewContext(`(${source})`);

describe('toPlainJson across realms', () => {
  it('accepts plain objects and arrays created in another realm and copies them into this one', () => {
    const value = foreign('{ a: [1, { b: 2 }], c: null, d: "x" }') as object;
    expect(Object.getPrototypeOf(value)).not.toBe(Object.prototype);
    const copy = toPlainJson(value) as { a: unknown[] };
    expect(copy).toEqual({ a: [1, { b: 2 }], c: null, d: 'x' });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(copy.a)).toBe(Array.prototype);
  });

  it('accepts null-prototype objects of any realm', () => {
    expect(toPlainJson(foreign('Object.assign(Object.create(null), { k: 1 })'))).toEqual({ k: 1 });
  });

  it.each([
    ['a class instance', 'new (class Point { constructor() { this.x = 1; } })()'],
    ['a Map', 'new Map([["a", 1]])'],
    ['a Date', 'new Date(0)'],
    ['a RegExp', '/x/'],
    ['an object inheriting from a plain object', 'Object.create({ inherited: 1 })'],
    ['an object whose prototype only pretends to be Object.prototype', 'Object.create(Object.create(null))'],
  ])('rejects %s from another realm as not a plain JSON object', (_name, source) => {
    expect(() => toPlainJson({ nested: foreign(source) })).toThrowError(
      expect.objectContaining({
        code: 'EXECUTION_VALIDATION_FAILED',
        message: expect.stringContaining('nested: must be a plain JSON object'),
      }),
    );
  });

  it('rejects the same non-plain values from this realm', () => {
    for (const value of [new Map(), new Date(0), new (class Point {})(), Object.create({ a: 1 })]) {
      expect(() => toPlainJson(value)).toThrowError(
        expect.objectContaining({ code: 'EXECUTION_VALIDATION_FAILED' }),
      );
    }
  });

  it('rejects a foreign proxy whose getPrototypeOf trap throws with a typed error', () => {
    const proxy = foreign('new Proxy({}, { getPrototypeOf() { throw new Error("boom"); } })');
    expect(() => toPlainJson(proxy)).toThrowError(
      expect.objectContaining({
        code: 'EXECUTION_VALIDATION_FAILED',
        message: 'payload: is not readable as JSON',
      }),
    );
  });

  it('does not run a getter on the prototype while checking it', () => {
    let reads = 0;
    const proto = Object.create(null, {
      constructor: {
        get() {
          reads++;
          return Object;
        },
      },
    });
    expect(() => toPlainJson(Object.create(proto))).toThrowError(/must be a plain JSON object/);
    expect(reads).toBe(0);
  });
});
