/**
 * The selector conformance vectors (conformance/selectors/*.json) run through
 * the virtual Operator: `resolve` vectors as a `read_text` step (its receipt
 * carries the target path, candidate count and warning), `query` vectors as a
 * `query_ui` step. Same answers as the host-side engine, because the Operator
 * resolves with that engine (seed 003:1884-1885: "the Android resolver shared
 * with existing node-targeted actions").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type JsonNode, nodeFromJson } from '../../conformance/executions/tree.js';
import type { NodeMatcher } from '../../src/contract/matcher.js';
import type { Bounds, UiNode } from '../../src/contract/selector/index.js';
import { runScripted } from '../../src/virtual-device/operator/scripted-platform.js';

interface Vector {
  name: string;
  source: string;
  kind: string;
  tree?: string | JsonNode[];
  screen?: Bounds;
  matcher?: NodeMatcher;
  visibility?: 'on_screen' | 'all';
  strict?: boolean;
  container?: NodeMatcher;
  allTargets?: boolean;
  limit?: number;
  expect: Record<string, unknown>;
}

interface VectorFile {
  screen?: Bounds;
  trees?: Record<string, JsonNode[]>;
  vectors: Vector[];
}

const dir = join(import.meta.dirname, '../../conformance/selectors');

/** The display a vector's screen stands for; actions only run on a display at the origin. */
function displayOf(
  file: VectorFile,
  vector: Vector,
  roots: UiNode[],
): { width: number; height: number } | undefined {
  const screen = vector.screen ?? file.screen ?? roots[0]?.bounds;
  if (screen === undefined || screen.left !== 0 || screen.top !== 0) return undefined;
  return { width: screen.right, height: screen.bottom };
}

async function run(file: VectorFile, vector: Vector, action: Record<string, unknown>) {
  const tree = typeof vector.tree === 'string' ? file.trees?.[vector.tree] : vector.tree;
  const roots = (tree ?? []).map(nodeFromJson);
  const display = displayOf(file, vector, roots);
  const payload = {
    commandId: 'v',
    taskId: 'v',
    source: 'vectors',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10_000,
    actions: [action],
  };
  const envelope = await runScripted(
    payload,
    [{ packageName: 'com.example', hierarchy: { rotation: 0, roots } }],
    { display },
  );
  return envelope?.stepResults[0];
}

const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const loaded = files.map((name) => ({
  name,
  file: JSON.parse(readFileSync(join(dir, name), 'utf8')) as VectorFile,
}));
const runnable = loaded.flatMap(({ name, file }) =>
  file.vectors
    .filter(
      (v) => (v.kind === 'resolve' && (v.visibility ?? 'on_screen') === 'on_screen') || v.kind === 'query',
    )
    .filter((v) => {
      const tree = typeof v.tree === 'string' ? file.trees?.[v.tree] : v.tree;
      return displayOf(file, v, (tree ?? []).map(nodeFromJson)) !== undefined;
    })
    .map((vector) => ({ name, file, vector })),
);

describe('selector vectors through the Operator query path', () => {
  it('covers the resolve and query vectors (003:1884-1885)', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(20);
  });

  for (const { name, file, vector } of runnable) {
    it(`${name}: ${vector.name} [${vector.source}]`, async () => {
      if (vector.kind === 'query') {
        const params = { matcher: vector.matcher, visibility: vector.visibility, limit: vector.limit };
        const step = await run(file, vector, { id: 'q', type: 'query_ui', params });
        if (typeof vector.expect.error === 'string') {
          expect(step?.data.errorCode).toBe(vector.expect.error);
          return;
        }
        const query = JSON.parse(step?.data.query ?? '{}');
        const { nodes: expectedNodes = [], ...totals } = vector.expect as {
          nodes?: Array<Record<string, unknown>>;
        };
        expect({
          totalMatches: query.totalMatches,
          returnedCount: query.returnedCount,
          truncated: query.truncated,
          paths: query.nodes.map((n: { nodePath: string }) => n.nodePath),
        }).toEqual(totals);
        for (const expected of expectedNodes) {
          const actual = query.nodes.find((n: { nodePath: string }) => n.nodePath === expected.nodePath);
          expect(Object.fromEntries(Object.keys(expected).map((k) => [k, actual?.[k]]))).toEqual(expected);
        }
        return;
      }
      const params = {
        matcher: vector.matcher,
        strict: vector.strict ?? false,
        container: vector.container,
        all: vector.allTargets ?? false,
        retry: { maxAttempts: 1 },
      };
      const step = await run(file, vector, { id: 'r', type: 'read_text', params });
      const data = step?.data ?? {};
      if (typeof vector.expect.error === 'string') {
        expect({ error: data.errorCode, candidateCount: Number(data.candidate_count) }).toEqual({
          error: vector.expect.error,
          candidateCount: vector.expect.candidateCount,
        });
        return;
      }
      expect(Number(data.candidate_count)).toBe(vector.expect.candidateCount);
      expect(data.selection_warning ?? null).toBe(vector.expect.warning ?? null);
      if (!vector.allTargets && 'target' in vector.expect)
        expect(JSON.parse(data.target).nodePath).toBe(vector.expect.target);
    });
  }
});
