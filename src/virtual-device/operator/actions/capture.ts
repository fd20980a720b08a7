/**
 * `snapshot` and `query_ui` (seed 003:1882-1998, 2726-2758, 5065-5184,
 * 3644-3657): read-only captures. The XML and the query payload come from the
 * shared selector engine (`toHierarchyXml`, `buildQueryUiPayload`); the
 * runtime adds its metadata keys.
 */
import { isDroidproofError } from '../../../contract/errors.js';
import { toHierarchyXml } from '../../../contract/selector/hierarchy-xml.js';
import type { UiHierarchy } from '../../../contract/selector/node.js';
import { buildQueryUiPayload } from '../../../contract/selector/query-ui.js';
import { defineAction, UI_GATES } from '../context.js';
import { StepFailure, succeeded } from '../envelope.js';
import { readRetry, retryDelayMs } from '../retry.js';
import { hierarchyDiagnostics, type Observation, observe, observeOrFail } from '../selection.js';

/**
 * The XML of each captured hierarchy. A capture is immutable (the emulated UI
 * builds a new one per revision), so repeated snapshots of an unchanged screen
 * reuse the text instead of serializing ~100 nodes again.
 */
const xmlOfCapture = new WeakMap<UiHierarchy, string>();

function hierarchyXml(hierarchy: UiHierarchy): string {
  let xml = xmlOfCapture.get(hierarchy);
  if (xml === undefined) {
    xml = toHierarchyXml(hierarchy);
    xmlOfCapture.set(hierarchy, xml);
  }
  return xml;
}

export const snapshotAction = defineAction({
  type: 'snapshot',
  gates: UI_GATES,
  parse: (params) => {
    if (params.has('format')) params.fail('format', 'params.format was removed');
    return { retry: readRetry(params, 'retry', 'UiReadiness') };
  },
  run: async (ctx, step, p) => {
    let observation: Observation | undefined;
    for (let attempt = 1; !observation; attempt++) {
      observation = observe(ctx);
      if (observation) break;
      if (attempt >= p.retry.maxAttempts) {
        throw new StepFailure('SNAPSHOT_HIERARCHY_UNAVAILABLE', 'Snapshot hierarchy capture failed', {
          diagnostics: hierarchyDiagnostics(ctx),
        });
      }
      await ctx.sleep(retryDelayMs(p.retry, attempt));
    }
    const { capture } = observation;
    const overlay = capture.overlayPackage;
    return succeeded(step, {
      actual_format: 'hierarchy_xml',
      foreground_package: capture.foregroundPackage ?? '',
      has_overlay: String(overlay !== null),
      ...(overlay !== null ? { overlay_package: overlay } : {}),
      operator_overlay_visible: String(ctx.state.panel !== undefined),
      window_count: String(capture.windowCount),
      text: hierarchyXml(capture.hierarchy),
    });
  },
});

export const queryUiAction = defineAction({
  type: 'query_ui',
  gates: UI_GATES,
  parse: (params) => {
    const visibility = params.optionalString('visibility') ?? 'on_screen';
    if (visibility !== 'on_screen' && visibility !== 'all') {
      params.fail('visibility', 'params.visibility must be on_screen or all');
    }
    return {
      matcher: params.optionalMatcher('matcher'),
      visibility: visibility as 'on_screen' | 'all',
      limit: params.integer('limit', 100, 1, 1000),
    };
  },
  run: async (ctx, step, p) => {
    const observation = observeOrFail(ctx);
    try {
      const { json } = buildQueryUiPayload(observation.hierarchy, {
        matcher: p.matcher,
        visibility: p.visibility,
        limit: p.limit,
        snapshotId: observation.id,
        capturedAt: observation.capturedAt,
        screen: observation.index.screen,
      });
      return succeeded(step, { query: json });
    } catch (error) {
      if (isDroidproofError(error)) throw new StepFailure(error.code, error.message);
      throw error;
    }
  },
});
