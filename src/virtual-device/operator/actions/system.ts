/**
 * Device-level actions without a UI target: `press_key`, `sleep`,
 * `doctor_ping`, and the two actions whose real work is host-side
 * (`take_screenshot`, `close_app`), which the runtime answers with its
 * "unsupported" markers for Node to replace (003:2915-3019, 003:7960).
 */
import { LIMITS } from '../../../contract/limits.js';
import { defineAction, UI_GATES } from '../context.js';
import { returnedFailure, succeeded } from '../envelope.js';
import type { GlobalKey } from '../platform.js';
import { readRetry } from '../retry.js';

const KEYS: readonly GlobalKey[] = ['back', 'home', 'recents'];

export const pressKeyAction = defineAction({
  type: 'press_key',
  gates: UI_GATES,
  parse: (params) => {
    const key = params.requiredString('key').trim().toLowerCase();
    if (!(KEYS as readonly string[]).includes(key))
      params.fail('key', `params.key must be one of ${KEYS.join(', ')}`);
    readRetry(params, 'retry', 'None');
    return { key: key as GlobalKey };
  },
  run: async (ctx, step, p) => {
    const accepted = ctx.platform.globalAction(p.key);
    if (!accepted)
      return returnedFailure(step, 'ACTION_FAILED', `Global action ${p.key} was rejected`, { key: p.key });
    return succeeded(step, { key: p.key });
  },
});

export const sleepAction = defineAction({
  type: 'sleep',
  gates: UI_GATES,
  parse: (params) => {
    if (!params.has('durationMs')) params.fail('durationMs', 'requires params.durationMs');
    return { durationMs: params.integer('durationMs', 0, 0, LIMITS.MAX_EXECUTION_TIMEOUT_MS) };
  },
  run: async (ctx, step, p) => {
    await ctx.sleep(p.durationMs);
    return succeeded(step, { duration_ms: String(p.durationMs) });
  },
});

/** The doctor handshake: device facts as string booleans (BRIEF "Doctor handshake"). */
export const doctorPingAction = defineAction({
  type: 'doctor_ping',
  gates: { accessibility: true, interactive: false },
  parse: () => ({}),
  run: async (ctx, step) => {
    const device = ctx.platform.deviceState();
    return succeeded(step, {
      developer_options_enabled: String(device.developerOptionsEnabled),
      usb_debugging_enabled: String(device.usbDebuggingEnabled),
      screen_on: String(device.screenOn),
      device_locked: String(device.deviceLocked),
      user_unlocked: String(device.userUnlocked),
    });
  },
});

/** Screenshots are captured by the host over adb; the runtime reports that it does not (003:2960-2965). */
export const takeScreenshotAction = defineAction({
  type: 'take_screenshot',
  gates: UI_GATES,
  parse: (params) => {
    const path = params.optionalString('path');
    if (path !== undefined && path.trim() === '') params.fail('path', 'params.path must not be blank');
    return {};
  },
  run: async (_ctx, step) =>
    returnedFailure(
      step,
      'UNSUPPORTED_RUNTIME_SCREENSHOT',
      'Screenshots are captured host-side with screencap',
    ),
});

/** The host force-stops before dispatch; the runtime marks its own close unsupported (003:2994-2997, 7960). */
export const closeAppAction = defineAction({
  type: 'close_app',
  gates: UI_GATES,
  parse: (params) => {
    readRetry(params, 'retry', 'AppClose');
    return { applicationId: params.requiredString('applicationId') };
  },
  run: async (_ctx, step, p) =>
    returnedFailure(step, 'UNSUPPORTED_RUNTIME_CLOSE', 'Closing apps is done host-side with am force-stop', {
      application_id: p.applicationId,
    }),
});
