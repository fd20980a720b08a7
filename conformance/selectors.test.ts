/**
 * Runs every selector conformance vector in conformance/selectors/*.json
 * (format: conformance/selectors/README.md). The Kotlin Operator core runs the
 * same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NodeMatcher } from '../src/contract/matcher.js';
import {
  type Bounds,
  buildQueryUiPayload,
  type JsonTreeNode,
  type NodeSummary,
  nodeFromJsonTree,
  nodeLabel,
  parseHierarchyXml,
  type ResolvedNode,
  resolveAllNodes,
  resolveNodes,
  roleOfClass,
  type Selection,
  type UiHierarchy,
  type Visibility,
} from '../src/contract/selector/index.js';

interface Vector {
  name: string;
  source: string;
  kind: 'resolve' | 'query' | 'parse' | 'role' | 'label';
  tree?: string | JsonTreeNode[];
  screen?: Bounds;
  matcher?: NodeMatcher;
  visibility?: Visibility;
  strict?: boolean;
  container?: NodeMatcher;
  allTargets?: boolean;
  limit?: number;
  xml?: string;
  className?: string | null;
  node?: JsonTreeNode;
  expect: Record<string, unknown>;
}

interface VectorFile {
  description: string;
  screen?: Bounds;
  trees?: Record<string, JsonTreeNode[]>;
  vectors: Vector[];
}

const dir = join(import.meta.dirname, 'selectors');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();

function errorOf(run: () => unknown): { code?: string; details?: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    return error as { code?: string; details?: Record<string, unknown> };
  }
  throw new Error('expected an error');
}

function runResolve(vector: Vector, hierarchy: UiHierarchy, screen: Bounds | undefined): void {
  const options = {
    visibility: vector.visibility,
    strict: vector.strict,
    container: vector.container,
    screen,
  };
  const matcher = vector.matcher as NodeMatcher;
  const resolve = (): Selection & { target?: ResolvedNode } =>
    vector.allTargets
      ? resolveAllNodes(hierarchy, matcher, options)
      : resolveNodes(hierarchy, matcher, options);
  if (typeof vector.expect.error === 'string') {
    const error = errorOf(resolve);
    expect({ code: error.code, candidateCount: error.details?.candidateCount }).toEqual({
      code: vector.expect.error,
      candidateCount: vector.expect.candidateCount,
    });
    return;
  }
  const result = resolve();
  const actual: Record<string, unknown> = {
    paths: result.matches.map((m) => m.path),
    candidateCount: result.candidateCount,
    warning: result.warning,
  };
  if ('target' in vector.expect) actual.target = result.target?.path;
  if ('containerPath' in vector.expect) actual.containerPath = result.container?.path;
  expect(actual).toEqual(vector.expect);
}

function runQuery(vector: Vector, hierarchy: UiHierarchy, screen: Bounds | undefined): void {
  const request = {
    matcher: vector.matcher,
    visibility: vector.visibility,
    limit: vector.limit,
    screen,
    snapshotId: 'conformance',
    capturedAt: '2026-01-01T00:00:00Z',
  };
  if (typeof vector.expect.error === 'string') {
    expect(errorOf(() => buildQueryUiPayload(hierarchy, request)).code).toBe(vector.expect.error);
    return;
  }
  const { payload, json } = buildQueryUiPayload(hierarchy, request);
  expect(JSON.parse(json)).toEqual(payload);
  const { nodes: expectedNodes = [], ...totals } = vector.expect as { nodes?: Partial<NodeSummary>[] };
  expect({
    totalMatches: payload.totalMatches,
    returnedCount: payload.returnedCount,
    truncated: payload.truncated,
    paths: payload.nodes.map((n) => n.nodePath),
  }).toEqual(totals);
  for (const expected of expectedNodes) {
    const actual = payload.nodes.find((n) => n.nodePath === expected.nodePath);
    expect(actual, `node ${expected.nodePath}`).toBeDefined();
    const subset = Object.fromEntries(
      Object.keys(expected).map((key) => [key, actual?.[key as keyof NodeSummary]]),
    );
    expect(subset).toEqual(expected);
  }
}

function runParse(vector: Vector): void {
  const xml = vector.xml as string;
  if (typeof vector.expect.error === 'string') {
    const error = errorOf(() => parseHierarchyXml(xml));
    expect({ code: error.code, reason: error.details?.reason }).toEqual({
      code: vector.expect.error,
      reason: vector.expect.reason,
    });
    return;
  }
  expect(parseHierarchyXml(xml).roots).toEqual((vector.expect.roots as JsonTreeNode[]).map(nodeFromJsonTree));
}

function runVector(file: VectorFile, vector: Vector): void {
  switch (vector.kind) {
    case 'role':
      expect({ role: roleOfClass(vector.className ?? undefined) }).toEqual(vector.expect);
      return;
    case 'label':
      expect({ label: nodeLabel(nodeFromJsonTree(vector.node as JsonTreeNode)) }).toEqual(vector.expect);
      return;
    case 'parse':
      runParse(vector);
      return;
  }
  const tree = typeof vector.tree === 'string' ? file.trees?.[vector.tree] : vector.tree;
  if (tree === undefined) throw new Error(`unknown tree ${String(vector.tree)}`);
  const hierarchy: UiHierarchy = { rotation: 0, roots: tree.map(nodeFromJsonTree) };
  const screen = vector.screen ?? file.screen;
  if (vector.kind === 'resolve') runResolve(vector, hierarchy, screen);
  else runQuery(vector, hierarchy, screen);
}

const loaded = files.map((name) => ({
  name,
  file: JSON.parse(readFileSync(join(dir, name), 'utf8')) as VectorFile,
}));

describe('selector conformance vectors', () => {
  it('has at least 60 vectors, each citing its source', () => {
    const vectors = loaded.flatMap(({ file }) => file.vectors);
    expect(vectors.length).toBeGreaterThanOrEqual(60);
    for (const vector of vectors)
      expect(vector.source, vector.name).toMatch(
        /^(00\d:\d+(-\d+)?|docs\/selectors\.md#[\w-]+)(, (00\d:\d+(-\d+)?|docs\/selectors\.md#[\w-]+))*$/,
      );
  });

  for (const { name, file } of loaded) {
    describe(name, () => {
      for (const vector of file.vectors) {
        it(`${vector.name} [${vector.source}]`, () => runVector(file, vector));
      }
    });
  }
});
