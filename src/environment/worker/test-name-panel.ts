/**
 * `evidence.onScreenLog`: the running test's name in the Operator's on-screen
 * log panel, so every screenshot and video frame says which test it shows.
 * A panel that cannot be shown never fails the test; the first failure is
 * reported once as a process warning.
 */
import type { Device } from '../../actuator/device/device.js';
import { messageOf } from '../../evidence/error-message.js';

/** The panel's text limit (seed 003: 1..2048 UTF-16 code units). */
const MAX_TEXT = 2048;
/** The longest time-to-live the contract allows: a long test keeps its name on screen. */
const PANEL_TTL_MS = 3_600_000;

let warned = false;

export async function showTestName(device: Device, testName: string): Promise<void> {
  const text = testName.length > MAX_TEXT ? `${testName.slice(0, MAX_TEXT - 1)}…` : testName;
  try {
    await device.onScreenLog({ text: text.trim() ? text : '(unnamed test)', ttlMs: PANEL_TTL_MS });
  } catch (error) {
    if (warned) return;
    warned = true;
    process.emitWarning(
      `droidproof: the on-screen log panel could not show the test name: ${messageOf(error)}`,
    );
  }
}
