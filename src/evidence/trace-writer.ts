/**
 * Writes an attempt's trace into its bundle: `trace.json` and, beside
 * it (the bundle stays flat), the remembered screens and hierarchies. Each file is an artifact
 * of the manifest (with its SHA-256), so `verify` covers the trace too.
 */
import { type BundleWriter, errorOf } from './bundle-writer.js';
import { BUNDLE_FILES } from './manifest.js';
import type { TraceCapture, TraceFile } from './trace.js';

export async function writeTrace(w: BundleWriter, trace: TraceCapture, since: number): Promise<void> {
  const started = Date.now();
  const file: TraceFile = {
    schemaVersion: 1,
    mode: trace.mode,
    since,
    steps: [...trace.steps],
    screens: [],
    hierarchies: [],
  };
  try {
    for (const { png, ...screen } of trace.screens) {
      const path = `trace-screen-${screen.id}.png`;
      if (await w.write('trace_screen', path, 'image/png', png, Date.now()))
        file.screens.push({ ...screen, file: path });
    }
    for (const { xml, ...hierarchy } of trace.hierarchies) {
      const path = `trace-hierarchy-${hierarchy.stepId}.xml`;
      if (await w.write('trace_hierarchy', path, 'application/xml', xml, Date.now())) {
        file.hierarchies.push({ ...hierarchy, file: path });
      }
    }
  } catch (error) {
    w.fail('trace', 'application/json', started, errorOf(error, 'capture', 'trace'));
    return;
  }
  await w.write(
    'trace',
    BUNDLE_FILES.trace,
    'application/json',
    `${JSON.stringify(file, null, 2)}\n`,
    started,
  );
}
