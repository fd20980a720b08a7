/**
 * The interactive readiness gate before dispatch (seed 003 "DEVICE_NOT_INTERACTIVE",
 * "Execution failure evidence"): a separate `doctor_ping` probe execution reports
 * `screen_on`, `device_locked`, `user_unlocked`; a dark screen gets one bounded
 * wake attempt (`input keyevent KEYCODE_WAKEUP`) and a second probe. A passing
 * probe is cached for at most `cacheMs` and until `invalidate()` (the engine's
 * rule: docs/device-api.md "Steady state"); a cache hit invents no new probe.
 * Observation-only executions never reach this gate (seed 001).
 */
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { stringBool } from './string-bool.js';

export interface InteractiveState {
  screenOn: boolean | null;
  deviceLocked: boolean | null;
  userUnlocked: boolean | null;
}

export interface ProbeResult {
  probeCommandId: string;
  state: InteractiveState;
}

export function interactiveStateOf(data: Record<string, unknown>): InteractiveState {
  return {
    screenOn: stringBool(data.screen_on),
    deviceLocked: stringBool(data.device_locked),
    userUnlocked: stringBool(data.user_unlocked),
  };
}

export function isInteractive(state: InteractiveState): boolean {
  return state.screenOn === true && state.deviceLocked === false && state.userUnlocked === true;
}

export class ReadinessGate {
  private passedAt: number | undefined;

  constructor(
    private readonly shell: DeviceShell,
    private readonly probe: () => Promise<ProbeResult>,
    private readonly cacheMs: number,
  ) {}

  invalidate(): void {
    this.passedAt = undefined;
  }

  /** Resolves when the device is interactive; throws DEVICE_NOT_INTERACTIVE (or the probe's own failure). */
  async ensureInteractive(): Promise<{ cached: boolean; probeCommandId?: string; wakeAttempts: string[] }> {
    if (this.passedAt !== undefined && Date.now() - this.passedAt < this.cacheMs) {
      return { cached: true, wakeAttempts: [] };
    }
    const wakeAttempts: string[] = [];
    let result = await this.probe();
    if (!isInteractive(result.state) && result.state.screenOn === false) {
      await this.shell.exec('input keyevent KEYCODE_WAKEUP').catch(() => undefined);
      wakeAttempts.push('input keyevent KEYCODE_WAKEUP');
      result = await this.probe();
    }
    if (!isInteractive(result.state)) {
      this.passedAt = undefined;
      // The public execution surface keeps the lock-state booleans out (seed 003:8250); doctor shows them.
      throw new DroidproofError('DEVICE_NOT_INTERACTIVE', 'Device is not ready for interactive automation', {
        probeCommandId: result.probeCommandId,
        probeDispatchState: 'dispatched',
        wakeAttempts,
      });
    }
    this.passedAt = Date.now();
    return { cached: false, probeCommandId: result.probeCommandId, wakeAttempts };
  }
}
