import { describe, expect, it } from 'vitest';
import { DroidproofError } from '../errors.js';
import type { UiHierarchy, UiNode } from './node.js';
import { NodeSummarySchema } from './node-summary.js';
import {
  MAX_AMBIGUITY_CANDIDATES,
  resolveAllNodes,
  resolveInIndex,
  resolveNodes,
  SelectionError,
} from './resolve.js';
import { buildTreeIndex } from './tree-index.js';

const box = { left: 0, top: 0, right: 1080, bottom: 2400 };
const button = (text: string, top: number): UiNode => ({
  text,
  className: 'android.widget.Button',
  bounds: { left: 0, top, right: 100, bottom: top + 10 },
  children: [],
});
const hierarchy = (children: UiNode[]): UiHierarchy => ({ rotation: 0, roots: [{ bounds: box, children }] });

function caught(run: () => unknown): SelectionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SelectionError);
    expect(error).toBeInstanceOf(DroidproofError);
    return error as SelectionError;
  }
  throw new Error('expected a selection error');
}

describe('resolveNodes (seed 003:3845-3868)', () => {
  it('attaches at most 10 candidate summaries with the exact total count', () => {
    const many = hierarchy(Array.from({ length: 12 }, (_, i) => button('Open', i * 20)));
    const error = caught(() => resolveNodes(many, { textEquals: 'Open' }, { strict: true }));
    expect(error.code).toBe('NODE_AMBIGUOUS');
    expect(error.details.candidateCount).toBe(12);
    expect(error.details.candidates).toHaveLength(MAX_AMBIGUITY_CANDIDATES);
    expect(error.details.candidates.map((c) => c.nodePath)).toEqual(
      Array.from({ length: 10 }, (_, i) => `0.${i}`),
    );
    for (const candidate of error.details.candidates)
      expect(NodeSummarySchema.parse(candidate)).toEqual(candidate);
    expect(error.details.counts).toEqual({ target: 12, container: 0 });
  });

  it('caps candidate strings at 512 characters', () => {
    const long = 'x'.repeat(600);
    const tree = hierarchy([
      { ...button(long, 0), resourceId: long, contentDesc: long },
      { ...button(long, 20), resourceId: long },
    ]);
    const [first] = caught(() => resolveNodes(tree, { textContains: 'x' }, { strict: true })).details
      .candidates;
    expect([first.label.length, first.resourceId?.length, first.contentDescription?.length]).toEqual([
      512, 512, 512,
    ]);
  });

  it('reports container counts with the container error', () => {
    const tree = hierarchy([
      { resourceId: 'pane', bounds: box, children: [button('A', 0)] },
      { resourceId: 'pane', bounds: box, children: [button('A', 20)] },
    ]);
    const error = caught(() =>
      resolveNodes(tree, { textEquals: 'A' }, { strict: true, container: { resourceId: 'pane' } }),
    );
    expect([error.code, error.details.candidateCount, error.details.counts]).toEqual([
      'CONTAINER_AMBIGUOUS',
      2,
      { target: 0, container: 2 },
    ]);
    expect(error.details.candidates.map((c) => c.nodePath)).toEqual(['0.0', '0.1']);
  });

  it('keeps counts on NODE_NOT_FOUND so an action can still warn about duplicate containers', () => {
    const tree = hierarchy([
      { resourceId: 'pane', bounds: box, children: [] },
      { resourceId: 'pane', bounds: box, children: [button('A', 0)] },
    ]);
    const error = caught(() =>
      resolveNodes(tree, { textEquals: 'A' }, { container: { resourceId: 'pane' } }),
    );
    expect([error.code, error.details.counts]).toEqual(['NODE_NOT_FOUND', { target: 0, container: 2 }]);
  });

  it('returns the node objects of the tree, not copies', () => {
    const target = button('OK', 0);
    const result = resolveNodes(hierarchy([target]), { textEquals: 'OK' });
    expect(result.target.node).toBe(target);
    expect(result.target).toEqual({ node: target, path: '0.0', onScreen: true });
  });

  it('never warns in strict mode', () => {
    const tree = hierarchy([{ resourceId: 'pane', bounds: box, children: [button('A', 0)] }]);
    expect(
      resolveNodes(tree, { textEquals: 'A' }, { strict: true, container: { resourceId: 'pane' } }).warning,
    ).toBeNull();
  });

  it('reuses one index for several resolutions', () => {
    const index = buildTreeIndex(hierarchy([button('A', 0), button('B', 20)]));
    expect(resolveInIndex(index, { textEquals: 'A' }).target.path).toBe('0.0');
    expect(resolveInIndex(index, { textEquals: 'B' }).target.path).toBe('0.1');
  });

  it('honours an explicit screen', () => {
    const tree = hierarchy([button('Far', 3000)]);
    expect(caught(() => resolveNodes(tree, { textEquals: 'Far' })).code).toBe('NODE_NOT_FOUND');
    const tall = { left: 0, top: 0, right: 1080, bottom: 4000 };
    // The root itself must be eligible on the taller screen for its child to be.
    expect(resolveNodes(tree, { textEquals: 'Far' }, { screen: tall }).target.path).toBe('0.0');
  });
});

describe('resolveAllNodes (seed 003:3823-3826, 3855)', () => {
  it('returns every target without a target warning', () => {
    const result = resolveAllNodes(hierarchy([button('A', 0), button('A', 20)]), { textEquals: 'A' });
    expect([result.candidateCount, result.warning, result.counts]).toEqual([
      2,
      null,
      { target: 0, container: 0 },
    ]);
  });
});
