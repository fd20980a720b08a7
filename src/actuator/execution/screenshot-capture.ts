/**
 * Host-side screenshot for `take_screenshot` (seed 003 "take_screenshot"): the
 * PNG comes over adb (`screencap -p`), is validated, written to `params.path`
 * (or a temp file), and the step gains `path`, `captureSource`, `persistedAt`,
 * `captureWidthPx`/`captureHeightPx`, `coordinateSpace`, `origin`. A failed
 * capture or write makes the step fail with EVIDENCE_CAPTURE_FAILED; no stale path.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { pngSize } from './png.js';

export interface CapturedScreenshot {
  path: string;
  png: Buffer;
  width: number;
  height: number;
  persistedAt: string;
}

/** Captures the screen as PNG bytes over adb; throws EVIDENCE_CAPTURE_FAILED when they are not a PNG. */
export async function captureScreenPng(
  shell: DeviceShell,
): Promise<{ png: Buffer; width: number; height: number }> {
  const png = await shell.exec('screencap -p');
  const size = pngSize(png);
  if (!size) {
    throw new DroidproofError('EVIDENCE_CAPTURE_FAILED', 'screencap did not return a PNG image', {
      receivedBytes: png.length,
      preview: png.subarray(0, 120).toString('utf8'),
    });
  }
  return { png, ...size };
}

export function defaultScreenshotPath(commandId: string, stepId: string): string {
  const safe = `${commandId}-${stepId}`.replace(/[^A-Za-z0-9._-]/g, '_');
  return join(tmpdir(), `droidproof-screenshot-${safe}.png`);
}

export async function captureScreenshotTo(shell: DeviceShell, path: string): Promise<CapturedScreenshot> {
  const { png, width, height } = await captureScreenPng(shell);
  try {
    await writeFile(path, png);
  } catch (error) {
    throw new DroidproofError(
      'EVIDENCE_CAPTURE_FAILED',
      `Screenshot could not be written to ${path}`,
      {
        path,
        cause: (error as Error).message,
      },
      { cause: error },
    );
  }
  return { path, png, width, height, persistedAt: new Date().toISOString() };
}

/** The string-valued step data of a successful host capture. */
export function screenshotStepData(shot: CapturedScreenshot): Record<string, string> {
  return {
    path: shot.path,
    captureSource: 'host',
    persistedAt: shot.persistedAt,
    captureWidthPx: String(shot.width),
    captureHeightPx: String(shot.height),
    coordinateSpace: 'screenshot_pixels',
    origin: 'top_left',
  };
}
