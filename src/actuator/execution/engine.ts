/**
 * Runs executions on one (device, Operator) pair:
 * validate → logcat reader running → Operator installed → readiness gate
 * (skipped for observation-only executions) → `close_app` pre-flight
 * force-stop → dispatch → wait up to timeoutMs + 5000 → post-processing →
 * reconciliation. One execution at a time per pair in this process.
 * Nothing is replayed after dispatch except a snapshot-only execution whose
 * result arrived malformed (read-only, so a second capture changes nothing),
 * and an execution the Operator refused as not ready before running any step
 * while the host trusted a cached readiness pass (nothing ran, so it is gated
 * afresh, with the wake attempt, and dispatched once more).
 *
 * Steady state is one adb command per execution: the Operator presence and
 * version check and the readiness probe are cached until something says they
 * may be stale, never by a clock: a transport failure or timeout (the device or
 * the Operator may have gone), a restart of the logcat stream (the device
 * reconnected, maybe rebooted), an envelope with a readiness code (the screen
 * slept, the accessibility service went away), or `invalidateCaches()` (an
 * install through this process).
 */
import { randomUUID } from 'node:crypto';
import { isObservationOnly, isReadOnlyAction } from '../../contract/action-types.js';
import type { OperatorDialect } from '../../contract/dialect.js';
import { codeFromDevice, type ErrorCode } from '../../contract/error-codes.js';
import type { Execution } from '../../contract/execution.js';
import type { UiHierarchy } from '../../contract/selector/node.js';
import { validateExecution } from '../../contract/validate.js';
import type { ExecutionResultWrapper } from '../../contract/wrappers.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { shellCommand } from '../adb/shell-quote.js';
import { watchOperatorCrash } from '../logcat/crash-watch.js';
import type { LogcatReader } from '../logcat/logcat-reader.js';
import { sendBroadcast } from './broadcast.js';
import { contractEnvelope, wirePayload } from './dialect-wire.js';
import { firstFailedStep, type ResultEnvelope } from './envelope.js';
import { type DispatchState, ExecutionFailedError, type ExecutionPhase } from './errors.js';
import { executionLockKey, withExecutionLock } from './execution-lock.js';
import type { OperatorPresence } from './operator-presence.js';
import { postProcess } from './post-process.js';
import { interactiveStateOf, type ProbeResult, ReadinessGate } from './readiness.js';
import { reconcileEnvelope } from './reconcile.js';
import { parseEnvelopeLine } from './result-envelope.js';
import type { Timeline } from './timeline.js';

/** Extra time the host waits beyond `timeoutMs` for the envelope to be written (seed 003 "Timeouts"). */
export const ENVELOPE_BUFFER_MS = 5_000;
/** `timeoutMs` of the doctor handshake payload, as the public client sends it. */
export const PROBE_TIMEOUT_MS = 5_000;
/** How long the host waits for the handshake's envelope (seed 003:7072: "within 7000ms"). */
export const PROBE_WAIT_MS = 7_000;

/**
 * Failures to obtain a terminal result (seed 003:8035-8049; the seed's spawn/exit/cancel codes do not
 * arise from one persistent logcat stream) and of the dispatch itself.
 */
const TRANSPORT_FAILURE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'RESULT_ENVELOPE_TIMEOUT',
  'RESULT_ENVELOPE_MALFORMED',
  'RESULT_TRANSPORT_FAILED',
  'LOGCAT_UNAVAILABLE',
  'BROADCAST_FAILED',
]);

export interface EngineContext {
  serial: string;
  shell: DeviceShell;
  dialect: OperatorDialect;
  operatorPackage: string;
  reader: LogcatReader;
  presence: OperatorPresence;
  timeline: Timeline;
  /** How long a passing readiness probe is trusted. */
  readinessCacheMs: number;
}

export interface ExecutionTimings {
  startedAt: number;
  dispatchedAt?: number;
  resultAt?: number;
  finishedAt: number;
}

/** A finished execution: the CLI wrapper fields plus the normalized payload and timings. */
export interface ExecutionResult extends ExecutionResultWrapper {
  execution: Execution;
  timings: ExecutionTimings;
  /** The validated hierarchy of each successful snapshot step, by step id. */
  hierarchies: ReadonlyMap<string, UiHierarchy>;
}

interface Attempt {
  phase: ExecutionPhase;
  dispatchState: DispatchState;
  /** The dispatch boundary was entered (not proof that Android received it). */
  dispatchAttempted?: boolean;
  timings: { startedAt: number; dispatchedAt?: number; resultAt?: number };
  forceStopped: Set<string>;
}

/** Envelope codes by which the Operator refuses an execution before its first step (gate, seed 003). */
const READINESS_REFUSALS: ReadonlySet<string> = new Set([
  'DEVICE_NOT_INTERACTIVE',
  'DEVICE_USER_NOT_UNLOCKED',
  'SERVICE_UNAVAILABLE',
]);

/** The Operator refused before running anything: no step results, a readiness code. */
function refusedAsNotReady(envelope: ResultEnvelope): boolean {
  return envelope.stepResults.length === 0 && READINESS_REFUSALS.has(envelope.errorCode ?? '');
}

/** The dispatch state a lower layer established (e.g. a broadcast that never reached `am`). */
function reportedDispatchState(error: unknown): DispatchState | undefined {
  const state = (error as { details?: Record<string, unknown> } | undefined)?.details?.dispatchState;
  return state === 'not_dispatched' || state === 'dispatched' || state === 'unknown' ? state : undefined;
}

/** Whether an execution may be dispatched a second time after a malformed result. */
function isReplayableSnapshot(execution: Execution): boolean {
  return execution.actions.every((action) => action.type === 'snapshot' && isReadOnlyAction(action.type));
}

export class ExecutionEngine {
  readonly readiness: ReadinessGate;
  /** `reader.restarts` when the caches were last known good. */
  private readerRestarts = 0;

  constructor(private readonly ctx: EngineContext) {
    this.readiness = new ReadinessGate(ctx.shell, () => this.probe(), ctx.readinessCacheMs);
  }

  /** `terminalSource` of results read from this dialect's result lines. */
  get terminalSource(): string {
    return `${this.ctx.dialect.name}_result`;
  }

  /** Forgets the Operator presence, version and readiness checks: the next execution re-checks them. */
  invalidateCaches(): void {
    this.ctx.presence.invalidate();
    this.readiness.invalidate();
  }

  /** Validates and runs `payload`; resolves with the reconciled envelope even when it failed. */
  async run(payload: unknown): Promise<ExecutionResult> {
    const startedAt = Date.now();
    let execution: Execution;
    try {
      execution = validateExecution(payload);
    } catch (error) {
      const failure = ExecutionFailedError.from(error, {
        phase: 'readiness',
        dispatchState: 'not_dispatched',
      });
      this.record(payload, undefined, failure, { startedAt }, 'not_dispatched');
      throw failure;
    }
    const key = executionLockKey(this.ctx.serial, this.ctx.operatorPackage);
    return withExecutionLock(key, async () => {
      try {
        const { result, gateCached } = await this.attempt(execution, startedAt);
        if (!gateCached || !refusedAsNotReady(result.envelope)) return result;
        // The cached pass was stale (the screen slept since): nothing ran; gate afresh and send once more.
        return (await this.attempt({ ...execution, commandId: `${execution.commandId}-r1` }, Date.now()))
          .result;
      } catch (error) {
        const retry =
          error instanceof ExecutionFailedError &&
          error.code === 'RESULT_ENVELOPE_MALFORMED' &&
          isReplayableSnapshot(execution);
        if (!retry) throw error;
        const again = { ...execution, commandId: `${execution.commandId}-r1` };
        return (await this.attempt(again, Date.now())).result;
      }
    });
  }

  private async attempt(
    execution: Execution,
    startedAt: number,
  ): Promise<{ result: ExecutionResult; gateCached: boolean }> {
    const state: Attempt = {
      phase: 'readiness',
      dispatchState: 'not_dispatched',
      timings: { startedAt },
      forceStopped: new Set(),
    };
    try {
      await this.ctx.reader.start();
      if (this.ctx.reader.restarts !== this.readerRestarts) {
        // The logcat stream reconnected: the device may have rebooted or lost the Operator. Its first
        // start is no reconnect: what was checked beside it (the presence prefetch) is as fresh as it.
        const reconnected = this.readerRestarts > 0;
        this.readerRestarts = this.ctx.reader.restarts;
        if (reconnected) this.invalidateCaches();
      }
      await this.ctx.presence.ensureDispatchable();
      let gateCached = false;
      // An Operator whose doctor_ping does not report interactivity leaves nothing to gate on.
      if (this.ctx.dialect.reportsInteractiveState && !isObservationOnly(execution))
        gateCached = (await this.readiness.ensureInteractive()).cached;
      await this.preflight(execution, state);
      const raw = await this.dispatchAndWait(execution, state);
      state.phase = 'post_processing';
      const { envelope: processed, hierarchies } = await postProcess({
        envelope: raw,
        actions: execution.actions,
        shell: this.ctx.shell,
        forceStopped: state.forceStopped,
      });
      const envelope = reconcileEnvelope(processed);
      if (READINESS_REFUSALS.has(envelope.errorCode ?? '')) this.readiness.invalidate();
      const finishedAt = Date.now();
      this.record(execution, envelope, undefined, state.timings, 'dispatched', finishedAt);
      const result: ExecutionResult = {
        envelope,
        deviceId: this.ctx.serial,
        terminalSource: this.terminalSource,
        isCanonicalTerminal: true,
        execution,
        timings: { ...state.timings, finishedAt },
        hierarchies,
      };
      return { result, gateCached };
    } catch (error) {
      const failure = this.withTransportDetails(
        ExecutionFailedError.from(error, {
          phase: state.phase,
          dispatchState: reportedDispatchState(error) ?? state.dispatchState,
          commandId: execution.commandId,
          taskId: execution.taskId,
        }),
        state,
      );
      if (['RESULT_ENVELOPE_TIMEOUT', 'LOGCAT_UNAVAILABLE', 'BROADCAST_FAILED'].includes(failure.code)) {
        // The device may have changed under us: check the Operator and readiness again next time.
        this.invalidateCaches();
      }
      this.record(execution, undefined, failure, state.timings, failure.dispatchState);
      throw failure;
    }
  }

  /**
   * A transport failure keeps the fields the seeds list (003:8048-8049):
   * `commandId`, `taskId`, `deviceId`, `operatorPackage`,
   * `broadcastDispatchStatus`, `dispatchAttempted` and `executionPosition: "unknown"`.
   */
  private withTransportDetails(failure: ExecutionFailedError, state: Attempt): ExecutionFailedError {
    if (!TRANSPORT_FAILURE_CODES.has(failure.code)) return failure;
    const attempted = state.dispatchAttempted === true;
    const broadcastDispatchStatus =
      failure.code === 'BROADCAST_FAILED' ? 'failed' : attempted ? 'sent' : 'not_sent';
    return new ExecutionFailedError(
      failure.code,
      failure.message,
      {
        phase: failure.phase,
        dispatchState: failure.dispatchState,
        commandId: failure.commandId,
        taskId: failure.details.taskId as string | undefined,
        envelope: failure.envelope,
        failedStep: failure.failedStep,
        deviceCode: failure.deviceCode,
      },
      {
        ...failure.details,
        deviceId: this.ctx.serial,
        operatorPackage: this.ctx.operatorPackage,
        broadcastDispatchStatus,
        dispatchAttempted: attempted,
        executionPosition: 'unknown',
      },
      { cause: failure.cause ?? failure },
    );
  }

  /** Host `close_app` pre-flight: `am force-stop` each package before dispatch. */
  private async preflight(execution: Execution, state: Attempt): Promise<void> {
    for (const action of execution.actions) {
      if (action.type !== 'close_app') continue;
      const output = await this.ctx.shell.exec(
        shellCommand('am force-stop', { quoted: action.params.applicationId }),
      );
      // `am force-stop` prints nothing on success.
      if (output.toString('utf8').trim() === '') state.forceStopped.add(action.id);
    }
  }

  /** Registers the result wait, broadcasts, and waits up to timeoutMs + 5000 for the envelope. */
  private async dispatchAndWait(
    execution: Execution,
    state: Attempt,
    budgetMs = execution.timeoutMs + ENVELOPE_BUFFER_MS,
  ): Promise<ResultEnvelope> {
    const { reader, shell, dialect, operatorPackage } = this.ctx;
    const payload = wirePayload(execution, dialect);
    const wait = reader.waitForResult(execution.commandId);
    // Watching from before the broadcast: `am` returns only after the receiver ran, crash or not.
    const crash = watchOperatorCrash(reader, operatorPackage);
    state.phase = 'dispatch';
    state.timings.dispatchedAt = Date.now();
    state.dispatchAttempted = true;
    const broadcast = sendBroadcast(shell, dialect, operatorPackage, payload, budgetMs);
    // The envelope proves the dispatch (seed 003: BROADCAST_FAILED is a failure before one could be
    // read): on a phone `am` can exit well after the Operator answered, so it is not waited for then.
    const answered = wait.line.then(
      () => undefined,
      () => broadcast,
    );
    try {
      await Promise.race([broadcast, answered]);
    } catch (error) {
      wait.cancel();
      crash.stop();
      throw error;
    }
    state.dispatchState = 'dispatched';
    state.phase = 'result_wait';
    /** No envelope will come: the budget ran out, or the Operator's process died. */
    const noEnvelope = (message: string, details: Record<string, unknown>) => {
      wait.cancel();
      const last = execution.actions.at(-1);
      return new ExecutionFailedError(
        'RESULT_ENVELOPE_TIMEOUT',
        message,
        {
          phase: 'result_wait',
          dispatchState: 'dispatched',
          commandId: execution.commandId,
          taskId: execution.taskId,
        },
        {
          lastActionId: last?.id,
          lastActionType: last?.type,
          lastActionCaveat: 'payload-last only; Android execution position is unknown',
          elapsedMs: Date.now() - (state.timings.dispatchedAt ?? state.timings.startedAt),
          timeoutMs: execution.timeoutMs,
          executionPosition: 'unknown',
          deviceId: this.ctx.serial,
          operatorPackage,
          ...details,
        },
      );
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(noEnvelope(`Timed out waiting for ${dialect.resultPrefix}`, { chunks: wait.progress() })),
        budgetMs,
      );
    });
    // The seeds have no crash code: a crash surfaces as the missing envelope, only without the wait.
    const crashed = crash.crashed.then((report): never => {
      throw noEnvelope(
        `The Operator process (${operatorPackage}, pid ${report.pid}) crashed before logging ${dialect.resultPrefix}:\n${report.lines.join('\n')}`,
        { operatorCrashed: true, crashLines: report.lines },
      );
    });
    try {
      const line = await Promise.race([wait.line, timeout, crashed]);
      state.timings.resultAt = Date.now();
      return contractEnvelope(parseEnvelopeLine(line, dialect, execution), dialect, wait.hierarchyLogs());
    } finally {
      clearTimeout(timer);
      crash.stop();
    }
  }

  /**
   * The doctor handshake: one `doctor_ping` execution under the execution lock,
   * without the readiness gate. Throws the transport or runtime failure code.
   */
  handshake(): Promise<ProbeResult & { envelope: ResultEnvelope }> {
    const key = executionLockKey(this.ctx.serial, this.ctx.operatorPackage);
    return withExecutionLock(key, async () => {
      await this.ctx.reader.start();
      return this.probe();
    });
  }

  /** The readiness probe: a separate one-action `doctor_ping` execution. */
  private async probe(): Promise<ProbeResult & { envelope: ResultEnvelope }> {
    const probeCommandId = `probe-${randomUUID()}`;
    const execution: Execution = {
      commandId: probeCommandId,
      taskId: probeCommandId,
      source: 'droidproof-readiness',
      expectedFormat: 'android-ui-automator',
      timeoutMs: PROBE_TIMEOUT_MS,
      actions: [{ id: 'h1', type: 'doctor_ping' }],
      mode: 'direct',
    };
    const state: Attempt = {
      phase: 'readiness',
      dispatchState: 'not_dispatched',
      timings: { startedAt: Date.now() },
      forceStopped: new Set(),
    };
    let envelope: ResultEnvelope;
    try {
      envelope = await this.dispatchAndWait(execution, state, PROBE_WAIT_MS);
    } catch (error) {
      // The probe's own transport failure: the requested execution was never dispatched.
      const probe = ExecutionFailedError.from(error, {
        phase: 'readiness',
        dispatchState: state.dispatchState,
      });
      throw new ExecutionFailedError(
        probe.code,
        probe.message,
        { phase: 'readiness', dispatchState: 'not_dispatched' },
        {
          ...probe.details,
          probeCommandId,
          probeDispatchState: reportedDispatchState(probe) ?? state.dispatchState,
        },
        { cause: error },
      );
    }
    const step = envelope.stepResults.find((s) => s.actionType === 'doctor_ping');
    if (envelope.status !== 'success' || !step?.success) {
      const failed = firstFailedStep(envelope);
      const deviceCode = envelope.errorCode ?? undefined;
      const code =
        deviceCode === 'SERVICE_UNAVAILABLE'
          ? 'DEVICE_ACCESSIBILITY_NOT_RUNNING'
          : deviceCode
            ? codeFromDevice(deviceCode)
            : 'DEVICE_NOT_INTERACTIVE';
      throw new ExecutionFailedError(
        code,
        envelope.error ?? 'Readiness probe failed',
        { phase: 'readiness', dispatchState: 'not_dispatched', envelope, failedStep: failed, deviceCode },
        { probeCommandId, probeDispatchState: 'dispatched' },
      );
    }
    return { probeCommandId, envelope, state: interactiveStateOf(step.data) };
  }

  private record(
    payload: unknown,
    envelope: ResultEnvelope | undefined,
    error: ExecutionFailedError | undefined,
    timings: { startedAt: number; dispatchedAt?: number; resultAt?: number },
    dispatchState: DispatchState,
    finishedAt = Date.now(),
  ): void {
    const commandId = (payload as { commandId?: unknown } | undefined)?.commandId;
    this.ctx.timeline.append({
      commandId: typeof commandId === 'string' ? commandId : '',
      payload,
      envelope,
      error: error && { code: error.code, message: error.message, details: error.details },
      dispatchState,
      ...timings,
      finishedAt,
      durationMs: finishedAt - timings.startedAt,
    });
  }
}
