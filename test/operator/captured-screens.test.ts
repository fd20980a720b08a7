/**
 * The cross-check between the two Operators: conformance/captured-screens holds
 * hierarchy XML that the Kotlin Operator app captured from real framework Views
 * (Robolectric; android-operator/app NodeCaptureTest keeps it current), and
 * resolutions.json the results each matcher must give. The Kotlin core runs the
 * same file (CapturedScreensTest); here the TypeScript selector engine, which
 * the virtual device's Operator uses, must reach the same answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NodeMatcher } from '../../src/contract/matcher.js';
import { parseHierarchyXml, resolveNodes, type Visibility } from '../../src/contract/selector/index.js';

interface Resolution {
  name: string;
  screen: string;
  matcher: NodeMatcher;
  visibility?: Visibility;
  strict?: boolean;
  expect: { paths?: string[]; candidateCount: number; error?: string };
}

const dir = join(import.meta.dirname, '../../conformance/captured-screens');
const { vectors } = JSON.parse(readFileSync(join(dir, 'resolutions.json'), 'utf8')) as {
  vectors: Resolution[];
};

function outcome(vector: Resolution): Resolution['expect'] {
  const hierarchy = parseHierarchyXml(readFileSync(join(dir, `${vector.screen}.xml`), 'utf8'));
  try {
    const result = resolveNodes(hierarchy, vector.matcher, {
      visibility: vector.visibility,
      strict: vector.strict,
    });
    return { paths: result.matches.map((m) => m.path), candidateCount: result.candidateCount };
  } catch (error) {
    const failure = error as { code?: string; details?: { candidateCount?: number } };
    return { error: failure.code, candidateCount: failure.details?.candidateCount ?? -1 };
  }
}

describe('captured screens: the TypeScript selector engine agrees with the Kotlin Operator', () => {
  it('has vectors for every captured screen', () => {
    expect(new Set(vectors.map((v) => v.screen))).toEqual(new Set(['settings', 'long-list', 'nested']));
  });

  for (const vector of vectors) {
    it(`${vector.screen}: ${vector.name}`, () => {
      expect(outcome(vector)).toEqual(vector.expect);
    });
  }
});
