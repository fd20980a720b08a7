/**
 * Runs every execution conformance vector in conformance/executions/*.json
 * (format and normalization: conformance/executions/README.md) through the
 * virtual Operator over the scripted platform. The Kotlin Operator core runs
 * the same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResultEnvelopeSchema } from '../../src/contract/envelope.js';
import type { ResultEnvelope } from '../../src/virtual-device/operator/envelope.js';
import {
  runScripted,
  type ScriptedDevice,
  type ScriptedScreen,
} from '../../src/virtual-device/operator/scripted-platform.js';
import { type JsonNode, nodeFromJson } from './tree.js';

interface Vector {
  name: string;
  source: string;
  screens: Array<{ package: string; tree: string | JsonNode[] }>;
  device?: ScriptedDevice;
  payload: unknown;
  expect: ResultEnvelope;
}

interface VectorFile {
  description: string;
  trees?: Record<string, JsonNode[]>;
  vectors: Vector[];
}

const dir = import.meta.dirname;

function screensOf(file: VectorFile, vector: Vector): ScriptedScreen[] {
  return vector.screens.map((screen) => {
    const tree = typeof screen.tree === 'string' ? file.trees?.[screen.tree] : screen.tree;
    if (!tree) throw new Error(`unknown tree ${String(screen.tree)}`);
    return { packageName: screen.package, hierarchy: { rotation: 0, roots: tree.map(nodeFromJson) } };
  });
}

const JSON_KEYS_WITH_IDS = ['query', 'candidates'];

/** The README's normalization of timing and observation-local fields. */
function normalize(envelope: ResultEnvelope): ResultEnvelope {
  return {
    ...envelope,
    stepResults: envelope.stepResults.map((step) => {
      const data: Record<string, unknown> = { ...step.data };
      if ('elapsed_ms' in data) data.elapsed_ms = '<elapsed_ms>';
      for (const key of JSON_KEYS_WITH_IDS) {
        if (typeof data[key] !== 'string') continue;
        const parsed = JSON.parse(data[key] as string);
        parsed.snapshotId = '<snapshot-id>';
        parsed.capturedAt = '<captured-at>';
        data[key] = parsed;
      }
      if (typeof data.progress === 'string') {
        const progress = JSON.parse(data.progress);
        for (const key of ['beforeSignature', 'afterSignature'])
          if (progress[key] !== null) progress[key] = '<signature>';
        data.progress = progress;
      }
      return { ...step, data: data as Record<string, string> };
    }),
  };
}

const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('execution conformance vectors', () => {
  it('has at least 25 vectors', () => {
    const count = files.reduce(
      (sum, name) => sum + (JSON.parse(readFileSync(join(dir, name), 'utf8')) as VectorFile).vectors.length,
      0,
    );
    expect(count).toBeGreaterThanOrEqual(25);
  });

  for (const name of files) {
    const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as VectorFile;
    describe(name, () => {
      for (const vector of file.vectors) {
        it(`${vector.name} (${vector.source})`, async () => {
          const envelope = await runScripted(vector.payload, screensOf(file, vector), vector.device);
          expect(envelope).toBeDefined();
          expect(ResultEnvelopeSchema.safeParse(envelope).success).toBe(true);
          expect(normalize(envelope as ResultEnvelope)).toEqual(normalize(vector.expect));
        });
      }
    });
  }
});
