/**
 * One Operator process: receives command payloads, runs them one at a time
 * (Android queues broadcasts; queue wait counts against the command budget,
 * seed 003:7684), and publishes each envelope to logcat. Fault switches act
 * here: a crash mid-execution (no result, process restarts with fresh state),
 * unparseable payloads (no result), chunk loss and a bad checksum.
 */

import { deviceActionType, type OperatorDialect, returnsFailure } from '../../contract/dialect.js';
import type { AnyActionSpec } from './context.js';
import { separateSnapshotXml, wireEnvelope } from './dialect-output.js';
import type { ResultEnvelope } from './envelope.js';
import { execute } from './executor.js';
import { OperatorState } from './operator-state.js';
import { parsePayload } from './payload.js';
import type { OperatorPlatform } from './platform.js';
import { encodeResultMessages } from './result-chunks.js';

/** Fault switches of one Operator (set at creation or later through `faults`). */
export interface OperatorFaults {
  /** The process dies before running action N (0-based) of every execution: no result line. */
  crashBeforeAction?: number;
  /** Drop one chunk line of chunked results: the middle one or the last one. */
  dropChunk?: 'middle' | 'tail';
  /** Chunk lines carry a wrong `sha256`. */
  corruptChecksum?: boolean;
}

export interface VirtualOperatorOptions {
  platform: OperatorPlatform;
  packageName: string;
  dialect: OperatorDialect;
  actions: ReadonlyMap<string, AnyActionSpec>;
  /** Writes one logcat message from the Operator process (tag: the dialect's result tag by default). */
  log: (message: string, priority?: 'D' | 'I' | 'E', tag?: string) => void;
  /** The Operator process's pid, as an uncaught exception's `Process:` line names it. */
  pid: number;
  faults?: OperatorFaults;
  /**
   * Host milliseconds between two chunk lines. Default: none, the lines are
   * written back to back (the in-memory logcat drops nothing, so pacing only
   * costs time); 0 yields one event-loop turn between lines.
   */
  chunkIntervalMs?: number;
}

class OperatorCrash extends Error {}

const WRONG_SHA256 = '0'.repeat(64);

export class VirtualOperator {
  state: OperatorState;
  faults: OperatorFaults;
  private queue: Promise<unknown> = Promise.resolve();
  private unsubscribeMedia: () => void;

  constructor(private readonly options: VirtualOperatorOptions) {
    this.faults = { ...options.faults };
    this.state = new OperatorState(options.packageName);
    this.unsubscribeMedia = this.listenToMedia();
  }

  get packageName(): string {
    return this.options.packageName;
  }

  /**
   * Handles one received payload extra; resolves with the published envelope,
   * or undefined when nothing was published (unparseable payload, crash).
   */
  receive(payload: string): Promise<ResultEnvelope | undefined> {
    this.state.dispatchesReceived++;
    const receivedAt = this.options.platform.now();
    const run = this.queue.then(() => this.run(payload, receivedAt));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Kills and restarts the process: per-process state (handles, toast, panel, recording) is lost. */
  restart(): void {
    this.unsubscribeMedia();
    this.state.recording?.unsubscribe();
    if (this.state.panel) this.options.platform.setPanel(null);
    this.state.panel?.expiry?.cancel();
    this.state = new OperatorState(this.options.packageName);
    this.unsubscribeMedia = this.listenToMedia();
  }

  /** What Android's default uncaught-exception handler logs when the process dies. */
  private logCrash(error: OperatorCrash): void {
    for (const line of [
      'FATAL EXCEPTION: main',
      `Process: ${this.options.packageName}, PID: ${this.options.pid}`,
      `java.lang.IllegalStateException: ${error.message}`,
      '\tat app.androperator.operator.core.Engine.execute(Engine.kt:74)',
      '\tat app.androperator.operator.app.AgentCommandReceiver.onReceive(AgentCommandReceiver.kt:18)',
    ])
      this.options.log(line, 'E', 'AndroidRuntime');
  }

  dispose(): void {
    this.unsubscribeMedia();
    this.state.recording?.unsubscribe();
    this.state.panel?.expiry?.cancel();
  }

  private listenToMedia(): () => void {
    // The controller callback the real Operator registers: original player reports (seed 000:28-41).
    return this.options.platform.media.subscribe((event) => {
      if (event.type === 'report')
        this.state.recordPlayerReport(event.sessionId, event.report, event.receivedElapsedMs);
    });
  }

  private async run(payload: string, receivedAt: number): Promise<ResultEnvelope | undefined> {
    const parsed = parsePayload(payload);
    if (!parsed) {
      this.options.log('Dropped a command payload that could not be parsed', 'E');
      return undefined;
    }
    this.state.executionsStarted++;
    const queued = this.options.platform.now() - receivedAt;
    const crashAt = this.faults.crashBeforeAction;
    try {
      const envelope = await execute(
        { ...parsed, timeoutMs: Math.max(1, parsed.timeoutMs - queued) },
        {
          platform: this.options.platform,
          state: this.state,
          actions: this.options.actions,
          unparseable: this.options.dialect.unparseablePayload,
          resolveType: (type) => deviceActionType(this.options.dialect, type),
          returnsFailure: (type) => returnsFailure(this.options.dialect, type),
          beforeAction: (index) => {
            if (index === crashAt) throw new OperatorCrash(`Operator crashed before action ${index}`);
          },
        },
      );
      if (!envelope) {
        this.options.log('Failed to parse agent command payload', 'E');
        return undefined;
      }
      await this.publish(envelope);
      return envelope;
    } catch (error) {
      if (!(error instanceof OperatorCrash)) throw error;
      this.logCrash(error);
      this.restart();
      return undefined;
    }
  }

  private async publish(envelope: ResultEnvelope): Promise<void> {
    const { dialect } = this.options;
    const separated = separateSnapshotXml(envelope, dialect);
    for (const entry of separated.entries) this.options.log(entry.message, 'D', entry.tag);
    let messages = encodeResultMessages(wireEnvelope(separated.envelope, dialect), dialect);
    if (messages.length > 1) messages = this.applyChunkFaults(messages);
    const interval = this.options.chunkIntervalMs;
    for (let i = 0; i < messages.length; i++) {
      if (i > 0 && interval !== undefined) await pause(interval);
      this.options.log(messages[i]);
    }
  }

  private applyChunkFaults(messages: string[]): string[] {
    let out = messages;
    if (this.faults.corruptChecksum)
      out = out.map((m) => m.replace(/"sha256":"[0-9a-f]{64}"/, `"sha256":"${WRONG_SHA256}"`));
    if (this.faults.dropChunk === 'middle') out = out.filter((_, i) => i !== Math.floor(out.length / 2));
    else if (this.faults.dropChunk === 'tail') out = out.slice(0, -1);
    return out;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}
