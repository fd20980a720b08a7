/**
 * Writes an attempt's trace into its bundle: `trace.json` and, beside it (the
 * bundle stays flat), the remembered screens, downscaled here (only a trace
 * that is kept pays for it), and hierarchies. Each file is an artifact of the
 * manifest (with its SHA-256), so `verify` covers the trace too. A screen that
 * does not decode is left out of the filmstrip with its error.
 */
import sharp from 'sharp';
import { type BundleWriter, errorOf } from './bundle-writer.js';
import { BUNDLE_FILES } from './manifest.js';
import { type CapturedScreen, TRACE_SCREEN_WIDTH, type TraceCapture, type TraceFile } from './trace.js';

async function downscale(screen: CapturedScreen): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(screen.png)
    .resize({ width: TRACE_SCREEN_WIDTH, withoutEnlargement: true })
    .png({ compressionLevel: 6 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

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
    // Files are numbered within the attempt, not by the device's counters, so they name the same
    // screens whichever tests ran on the device before (a sharded run matches an unsharded one).
    for (const [index, screen] of trace.screens.entries()) {
      const path = `trace-screen-${index + 1}.png`;
      const shrinking = Date.now();
      let small: Awaited<ReturnType<typeof downscale>>;
      try {
        small = await downscale(screen);
      } catch (error) {
        w.fail('trace_screen', 'image/png', shrinking, errorOf(error, 'validate', 'trace_screen'));
        continue;
      }
      const { id, stepId, phase, at } = screen;
      if (await w.write('trace_screen', path, 'image/png', small.png, shrinking)) {
        file.screens.push({
          id,
          stepId,
          phase,
          at,
          file: path,
          width: small.width,
          height: small.height,
          sourceWidth: screen.width,
          sourceHeight: screen.height,
        });
      }
    }
    for (const [index, { xml, ...hierarchy }] of trace.hierarchies.entries()) {
      const path = `trace-hierarchy-${index + 1}.xml`;
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
