/**
 * Runs every payload conformance vector (conformance/payloads/*.json, format in
 * its README) against validateExecution and clampRetry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clampRetry, type RetryPolicy, safeValidateExecution } from '../src/contract/index.js';

interface ValidateVector {
  kind?: 'validate';
  name: string;
  source: string;
  input: unknown;
  expect:
    | { ok: true; normalized: unknown }
    | { ok: false; code: string; path: string; actionId?: string; actionType?: string; message?: string };
}
interface ClampVector {
  kind: 'retry-clamp';
  name: string;
  source: string;
  input: RetryPolicy;
  expect: RetryPolicy;
}
type Vector = ValidateVector | ClampVector;

const dir = join(import.meta.dirname, 'payloads');
const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
const SOURCE = /^00[0-4]:\d+(-\d+)?(,00[0-4]:\d+(-\d+)?)*$/;

function runValidate(vector: ValidateVector): void {
  const result = safeValidateExecution(vector.input);
  if (vector.expect.ok) {
    expect(result.ok ? result.execution : result.error.toJSON()).toStrictEqual(vector.expect.normalized);
    return;
  }
  expect(result.ok).toBe(false);
  if (result.ok) return;
  const { code, path, actionId, actionType, message } = vector.expect;
  expect({ code: result.error.code, path: result.error.details.path }).toStrictEqual({ code, path });
  if (actionId !== undefined) expect(result.error.details.actionId).toBe(actionId);
  if (actionType !== undefined) expect(result.error.details.actionType).toBe(actionType);
  expect(result.error.message.length).toBeGreaterThan(0);
  // Node's words where the seeds give them; the Kotlin core checks code and path only.
  if (message !== undefined) expect(result.error.message).toBe(message);
}

describe.each(files)('%s', (file) => {
  const { vectors } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { vectors: Vector[] };
  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    expect(vector.source).toMatch(SOURCE);
    if (vector.kind === 'retry-clamp') expect(clampRetry(vector.input)).toStrictEqual(vector.expect);
    else runValidate(vector);
  });
});

it('has at least 100 vectors, each with a unique name per file', () => {
  let total = 0;
  for (const file of files) {
    const { vectors } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { vectors: Vector[] };
    expect(new Set(vectors.map((v) => v.name)).size).toBe(vectors.length);
    total += vectors.length;
  }
  expect(total).toBeGreaterThanOrEqual(100);
});
