import { describe, expect, it } from 'vitest';
import { DroidproofError } from '../errors.js';
import type { UiHierarchy, UiNode } from './node.js';
import {
  buildQueryUiPayload,
  DEFAULT_QUERY_LIMIT,
  MAX_QUERY_PAYLOAD_BYTES,
  QueryUiPayloadSchema,
} from './query-ui.js';

const ids = { snapshotId: 's-1', capturedAt: '2026-01-01T00:00:00Z' };
const box = { left: 0, top: 0, right: 1080, bottom: 2400 };
const rows = (count: number, text: (i: number) => string): UiHierarchy => ({
  rotation: 0,
  roots: [
    {
      bounds: box,
      children: Array.from(
        { length: count },
        (_, i): UiNode => ({ text: text(i), bounds: box, children: [] }),
      ),
    },
  ],
});

describe('buildQueryUiPayload (seed 003:1882-1990)', () => {
  it('produces a schema-valid payload whose json is the data.query string', () => {
    const { payload, json } = buildQueryUiPayload(
      rows(3, (i) => `r${i}`),
      ids,
    );
    expect(QueryUiPayloadSchema.parse(JSON.parse(json))).toEqual(payload);
    expect(payload).toMatchObject({
      schemaVersion: 1,
      snapshotId: 's-1',
      capturedAt: '2026-01-01T00:00:00Z',
    });
    expect(Object.keys(payload.nodes[1])).toEqual([
      'nodePath',
      'parentPath',
      'resourceId',
      'className',
      'role',
      'label',
      'contentDescription',
      'bounds',
      'visibleToUser',
      'onScreen',
      'enabled',
      'clickable',
      'checkable',
      'checked',
      'selected',
      'scrollable',
      'accessibilityDataSensitive',
    ]);
  });

  it(`returns at most ${DEFAULT_QUERY_LIMIT} nodes by default`, () => {
    const { payload } = buildQueryUiPayload(
      rows(150, (i) => `r${i}`),
      ids,
    );
    expect([payload.totalMatches, payload.returnedCount, payload.truncated]).toEqual([151, 100, true]);
  });

  it('fails with PAYLOAD_TOO_LARGE above 256 KiB instead of cutting the JSON (003:1985-1988)', () => {
    const big = rows(300, (i) => `${i}`.padEnd(1000, 'x'));
    let error: unknown;
    try {
      buildQueryUiPayload(big, { ...ids, limit: 1000 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DroidproofError);
    expect((error as DroidproofError).code).toBe('PAYLOAD_TOO_LARGE');
    expect((error as DroidproofError).details.bytes).toBeGreaterThan(MAX_QUERY_PAYLOAD_BYTES);
    // A lower limit over the same capture fits (the documented recovery).
    expect(buildQueryUiPayload(big, { ...ids, limit: 100 }).payload.truncated).toBe(true);
  });

  it('counts UTF-8 bytes, not characters, against the cap', () => {
    // ~250 KiB in characters but ~500 KiB in UTF-8 bytes.
    const wide = rows(250, () => 'é'.repeat(1000));
    expect(() => buildQueryUiPayload(wide, { ...ids, limit: 1000 })).toThrow(/over the 262144-byte limit/);
  });
});
