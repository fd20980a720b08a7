/**
 * One persistent logcat stream per device. It is started before the first
 * dispatch and demultiplexes result lines and chunks to the executions waiting
 * for them, by prefix and commandId only. When the stream ends it reconnects,
 * replaying a bounded tail (`-T`) so a result logged during the gap is not
 * lost; after `reconnectAttempts` failures every waiter gets LOGCAT_UNAVAILABLE
 * and the next `start()` tries afresh. It also keeps a ring of recent lines for
 * evidence (`logcatSince`): raw, except that a result chunk keeps its header and
 * the length of its base64 payload (docs/evidence.md "Logcat").
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { OperatorDialect } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { shellCommand } from '../adb/shell-quote.js';
import { ChunkAssembler, type ChunkProgress, MAX_RESULT_BYTES } from './chunk-assembler.js';
import { type HierarchyCapture, HierarchyLineCollector } from './hierarchy-lines.js';
import { LineSplitter } from './line-splitter.js';
import { parseResultLine, type ResultChunk } from './result-lines.js';
import { LineRing, type LogcatLine } from './ring.js';

export interface LogcatReaderOptions {
  /** logcat `-v` format; the prefix is found anywhere in the line, so any format works. */
  format?: string;
  /** Recent lines kept for evidence. */
  ringSize?: number;
  /** Reconnect attempts after the stream ends before waiters fail. */
  reconnectAttempts?: number;
  /** Lines replayed with `-T` on a reconnect. */
  replayLines?: number;
  /** Cap of one reassembled result. */
  maxResultBytes?: number;
  /** Longest wait for proof that logcat is attached before the first dispatch. */
  syncTimeoutMs?: number;
  /** How long the first line may take before a marker is logged to prove the attach (an empty buffer). */
  markerDelayMs?: number;
  now?: () => number;
}

/**
 * The ring's copy of a canonical chunk line: everything but the base64 payload,
 * which is replaced by its length. The payload and the closing `"}` are ASCII,
 * so the rest ends that many bytes before the line's end; decoding it from the
 * bytes gives a string of its own rather than a slice that would keep the whole
 * line alive as long as the ring holds it (thousands per large snapshot).
 */
function chunkStandIn(line: Buffer, payloadAndClose: number): string {
  const payload = payloadAndClose - 2;
  return `${line.toString('utf8', 0, line.length - payloadAndClose)}<${payload} base64 characters>"}`;
}

/** A registered wait for one command's result line. */
export interface ResultWait {
  /** Resolves with the full result line (prefix included); rejects with a DroidproofError. */
  readonly line: Promise<string>;
  /** Chunk progress when chunks arrived, for timeout diagnostics. */
  progress(): ChunkProgress | undefined;
  /**
   * Hierarchy XML the Operator logged apart from the result while this wait
   * was registered (dialects with `snapshotXml.in === 'log'`), in log order.
   */
  hierarchyLogs(): readonly string[];
  /** Stops waiting (idempotent). */
  cancel(): void;
}

interface Waiter {
  resolve(line: string): void;
  reject(error: DroidproofError): void;
  assembler?: ChunkAssembler;
  hierarchies: string[];
}

type State = 'idle' | 'starting' | 'running' | 'reconnecting' | 'failed' | 'closed';

export class LogcatReader {
  private state: State = 'idle';
  private stream: Duplex | undefined;
  private startPromise: Promise<void> | undefined;
  private readonly waiters = new Map<string, Waiter>();
  private readonly ring: LineRing;
  private readonly splitter = new LineSplitter();
  private readonly options: Required<LogcatReaderOptions>;
  /** While replaying after a reconnect, lines already seen are dropped. */
  private replaying = false;
  private lineListeners = new Set<(line: string) => void>();
  private readonly hierarchyLines: HierarchyLineCollector | undefined;
  /** Number of stream (re)starts, exposed for diagnostics and tests. */
  restarts = 0;

  constructor(
    private readonly shell: DeviceShell,
    private readonly dialect: OperatorDialect,
    options: LogcatReaderOptions = {},
  ) {
    this.options = {
      format: 'threadtime',
      ringSize: 5000,
      reconnectAttempts: 4,
      replayLines: 500,
      maxResultBytes: MAX_RESULT_BYTES,
      syncTimeoutMs: 1500,
      markerDelayMs: 100,
      now: Date.now,
      ...options,
    };
    this.ring = new LineRing(this.options.ringSize);
    const placement = dialect.snapshotXml;
    this.hierarchyLines = placement.in === 'log' ? new HierarchyLineCollector(placement.marker) : undefined;
  }

  /** Starts (or restarts after failure) the stream; resolves once logcat is attached. */
  start(): Promise<void> {
    if (this.state === 'closed') return Promise.reject(this.unavailable('the logcat reader is closed'));
    if (this.state === 'running' || this.state === 'reconnecting') return Promise.resolve();
    if (this.state === 'starting' && this.startPromise) return this.startPromise;
    this.state = 'starting';
    this.startPromise = this.openFirst().then(
      () => {
        if (this.state === 'starting') this.state = 'running';
      },
      (error: unknown) => {
        if (this.state === 'starting') this.state = 'failed';
        throw this.unavailable('logcat could not be started', error);
      },
    );
    return this.startPromise;
  }

  get running(): boolean {
    return this.state === 'running' || this.state === 'reconnecting';
  }

  /** Registers a wait for `commandId` (before dispatching it). */
  waitForResult(commandId: string): ResultWait {
    if (this.waiters.has(commandId)) {
      throw new DroidproofError(
        'EXECUTION_CONFLICT_IN_FLIGHT',
        `A wait for ${commandId} is already registered`,
        {
          commandId,
        },
      );
    }
    let waiter!: Waiter;
    const line = new Promise<string>((resolve, reject) => {
      waiter = { resolve, reject, hierarchies: [] };
    });
    // The caller may stop listening first (timeout); keep a late rejection from going unhandled.
    line.catch(() => {});
    this.waiters.set(commandId, waiter);
    const remove = () => {
      if (this.waiters.get(commandId) === waiter) this.waiters.delete(commandId);
    };
    line.then(remove, remove);
    return {
      line,
      progress: () => waiter.assembler?.progress(),
      hierarchyLogs: () => waiter.hierarchies,
      cancel: remove,
    };
  }

  /** Recent raw lines received at or after `timeMs` (host clock). */
  logcatSince(timeMs: number): LogcatLine[] {
    return this.ring.since(timeMs);
  }

  /** Calls `listener` for every raw line until the returned function is called. */
  onLine(listener: (line: string) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.failWaiters(this.unavailable('the logcat reader was closed'));
    this.stream?.end();
    this.stream?.destroy();
    this.stream = undefined;
  }

  private command(tail: number): string {
    return shellCommand('logcat -v', { quoted: this.options.format }, '-T', String(tail));
  }

  private async openFirst(): Promise<void> {
    this.replaying = false;
    const stream = await this.shell.stream(this.command(1));
    if (this.state === 'closed') {
      // Closed while the stream was opening (the device was rejected meanwhile): nobody reads it.
      stream.destroy();
      throw new Error('the logcat reader was closed while starting');
    }
    const attached = this.waitForAttach();
    this.attach(stream);
    await attached;
  }

  /**
   * Resolves when a line arrives (with `-T 1` logcat starts by printing the last
   * buffered line, and a device logs all the time) or, when none came within
   * `markerDelayMs` (an empty buffer), when a marker written with `log` comes
   * back: the marker costs a shell command only when it is needed. A device
   * without the `log` tool (the shell answers "not found") and an empty buffer
   * gives nothing to await: the open stream is accepted then.
   */
  private waitForAttach(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearTimeout(markerTimer);
        off();
        resolve();
      };
      const off = this.onLine(done);
      const timer = setTimeout(done, this.options.syncTimeoutMs);
      const markerTimer = setTimeout(() => {
        const marker = `droidproof-logcat-sync-${randomUUID()}`;
        this.shell.exec(shellCommand('log -t droidproof', { quoted: marker })).then((output) => {
          if (/not found|inaccessible/i.test(output.toString('utf8'))) done();
        }, done);
      }, this.options.markerDelayMs);
    });
  }

  private attach(stream: Duplex): void {
    this.stream = stream;
    this.splitter.reset();
    this.restarts += 1;
    stream.on('data', (bytes: Buffer) => {
      for (const line of this.splitter.push(bytes)) this.handleLine(line);
    });
    const ended = () => {
      if (this.stream !== stream) return;
      this.stream = undefined;
      void this.reconnect();
    };
    stream.once('end', ended);
    stream.once('close', ended);
    stream.once('error', ended);
  }

  private async reconnect(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'reconnecting';
    let lastError: unknown;
    for (let attempt = 0; attempt < this.options.reconnectAttempts; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      if (this.state !== 'reconnecting') return;
      try {
        const stream = await this.shell.stream(this.command(this.options.replayLines));
        if (this.state !== 'reconnecting') {
          stream.destroy();
          return;
        }
        this.replaying = true;
        this.attach(stream);
        this.state = 'running';
        return;
      } catch (error) {
        lastError = error;
      }
    }
    this.state = 'failed';
    this.failWaiters(this.unavailable('the logcat stream ended and could not be reopened', lastError));
  }

  private handleLine(bytes: Buffer): void {
    const text = bytes.toString('utf8');
    const parsed = parseResultLine(text, this.dialect);
    const kept =
      parsed?.kind === 'chunk' && parsed.payloadAt !== undefined
        ? chunkStandIn(bytes, text.length - parsed.payloadAt)
        : text;
    if (this.replaying) {
      if (this.ring.hasRecent(kept, this.options.replayLines)) {
        // The ring holds no payload to compare: the assembler checks a repeat against its first copy.
        if (parsed?.kind === 'chunk') this.addChunk(parsed.chunk, parsed.payloadAt !== undefined);
        return;
      }
      this.replaying = false;
    }
    this.ring.push({ timeMs: this.options.now(), text: kept });
    for (const listener of this.lineListeners) listener(text);
    if (this.waiters.size === 0) return;
    if (this.hierarchyLines) this.addHierarchy(this.hierarchyLines.push(text));
    if (parsed === undefined) return;
    if (parsed.kind === 'result') {
      // The Operator logs its hierarchies before the result: whatever is still open belongs to it.
      if (this.hierarchyLines) this.addHierarchy(this.hierarchyLines.flush());
      if (parsed.commandId !== undefined) this.waiters.get(parsed.commandId)?.resolve(parsed.text);
      return;
    }
    if (parsed.kind === 'bad-chunk') {
      const waiter = parsed.commandId === undefined ? undefined : this.waiters.get(parsed.commandId);
      waiter?.reject(
        new DroidproofError('RESULT_ENVELOPE_MALFORMED', `Result chunk is malformed: ${parsed.reason}`, {
          commandId: parsed.commandId,
          reason: parsed.reason,
        }),
      );
      return;
    }
    this.addChunk(parsed.chunk, parsed.payloadAt !== undefined);
  }

  /** `canonical`: the chunk's header is in the canonical form (its data is base64 digits alone). */
  private addChunk(chunk: ResultChunk, canonical: boolean): void {
    const waiter = this.waiters.get(chunk.commandId);
    if (waiter === undefined) return;
    waiter.assembler ??= new ChunkAssembler(this.options.maxResultBytes);
    try {
      const outcome = waiter.assembler.add(chunk, canonical);
      if (outcome.complete) waiter.resolve(outcome.line);
    } catch (error) {
      waiter.reject(error as DroidproofError);
    }
  }

  /**
   * A capture goes to the command its marker names, else to every waiting
   * command (one execution runs at a time per Operator, so there is one).
   */
  private addHierarchy(capture: HierarchyCapture | undefined): void {
    if (!capture) return;
    if (capture.commandId !== undefined) {
      this.waiters.get(capture.commandId)?.hierarchies.push(capture.xml);
      return;
    }
    for (const waiter of this.waiters.values()) waiter.hierarchies.push(capture.xml);
  }

  private failWaiters(error: DroidproofError): void {
    for (const waiter of this.waiters.values()) waiter.reject(error);
    this.waiters.clear();
  }

  private unavailable(message: string, cause?: unknown): DroidproofError {
    return new DroidproofError(
      'LOGCAT_UNAVAILABLE',
      message,
      { serial: this.shell.serial, cause: cause instanceof Error ? cause.message : undefined },
      { cause },
    );
  }
}
