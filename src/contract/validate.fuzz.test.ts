/**
 * Fuzz: 10,000 random and mutated payloads (seeded, deterministic) through
 * validateExecution. Every outcome must be a normalized execution that is a
 * fixed point of validation, or one of the two typed errors, never a defect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prng } from '../../test/support/prng.js';
import {
  ExecutionValidationError,
  PayloadTooLargeError,
  safeValidateExecution,
  validateExecution,
} from './index.js';

const vectorsDir = join(import.meta.dirname, '../../conformance/payloads');
const seeds: unknown[] = readdirSync(vectorsDir)
  .filter((f) => f.endsWith('.json'))
  .flatMap(
    (f) =>
      JSON.parse(readFileSync(join(vectorsDir, f), 'utf8')).vectors as { kind?: string; input: unknown }[],
  )
  .filter((v) => v.kind !== 'retry-clamp')
  .map((v) => v.input);

const KEYS = [
  'commandId',
  'actions',
  'type',
  'params',
  'matcher',
  'text',
  'timeoutMs',
  '__proto__',
  'constructor',
  'id',
];
const TYPES = [
  'click',
  'tap',
  'snapshot',
  'media_seek',
  'set_on_screen_log',
  'on_screen_log_set',
  'swipe',
  'query_ui',
];

function hostile(rand: () => number): unknown {
  const pick = Math.floor(rand() * 14);
  switch (pick) {
    case 0: {
      const cyclic: Record<string, unknown> = { id: 'a' };
      cyclic.self = cyclic;
      return cyclic;
    }
    case 1:
      return Object.defineProperty({}, 'text', {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      });
    case 2:
      return BigInt(7);
    case 3:
      return Symbol('s');
    case 4:
      return () => 1;
    case 5:
      return Number.NaN;
    case 6:
      return new Date(0);
    case 7:
      return new Map([['a', 1]]);
    case 8: {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 9:
      return new Array(1_000_000);
    case 10:
      return [1, undefined, 3]; // undefined is not JSON inside arrays
    case 11: {
      let deep: unknown = 'x';
      for (let i = 0; i < 10_000; i++) deep = [deep];
      return deep;
    }
    case 12:
      return JSON.parse(
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
      );
    default:
      return new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('trap');
          },
        },
      );
  }
}

function randomJson(rand: () => number, depth: number): unknown {
  const r = rand();
  if (depth <= 0 || r < 0.3) {
    const scalars = [
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      '',
      ' ',
      'x',
      'down',
      '#a1b2c3',
      '{{device.model}}',
    ];
    return scalars[Math.floor(rand() * scalars.length)];
  }
  if (r < 0.45) return TYPES[Math.floor(rand() * TYPES.length)];
  if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => randomJson(rand, depth - 1));
  if (r < 0.7) return hostile(rand);
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 4); i > 0; i--) {
    Object.defineProperty(out, KEYS[Math.floor(rand() * KEYS.length)]!, {
      value: randomJson(rand, depth - 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Replaces one random node of a (deep-cloned) valid payload. */
function mutate(value: unknown, rand: () => number): unknown {
  const copy = structuredClone(value);
  let node: unknown = copy;
  for (let step = 0; step < 6; step++) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[Math.floor(rand() * keys.length)]!;
    const child = (node as Record<string, unknown>)[key];
    if (rand() < 0.35 || typeof child !== 'object' || child === null) {
      const action = rand();
      if (action < 0.25) delete (node as Record<string, unknown>)[key];
      else if (action < 0.6) (node as Record<string, unknown>)[key] = hostile(rand);
      else (node as Record<string, unknown>)[key] = randomJson(rand, 3);
      break;
    }
    node = child;
  }
  return copy;
}

describe('validateExecution fuzz', () => {
  it('10,000 random and mutated payloads produce only typed outcomes', () => {
    const rand = prng(0xd401d);
    const tally = { ok: 0, invalid: 0, tooLarge: 0 };
    for (let i = 0; i < 10_000; i++) {
      const input =
        i % 3 === 0 ? randomJson(rand, 5) : mutate(seeds[Math.floor(rand() * seeds.length)], rand);
      const result = safeValidateExecution(input);
      if (result.ok) {
        tally.ok++;
        // A normalized execution is already canonical: validating it again changes nothing.
        expect(validateExecution(result.execution)).toStrictEqual(result.execution);
        continue;
      }
      const { error } = result;
      expect(error instanceof ExecutionValidationError || error instanceof PayloadTooLargeError).toBe(true);
      expect(error.details.internal).toBeUndefined();
      expect(typeof error.details.path).toBe('string');
      if (error instanceof PayloadTooLargeError) tally.tooLarge++;
      else tally.invalid++;
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The generator must exercise every outcome, or the test proves little.
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.invalid).toBeGreaterThan(1000);
    expect(tally.tooLarge).toBeGreaterThan(10);
  });
});
