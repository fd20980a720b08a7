/**
 * The benches' raw Operator round trip, with no actuator engine: a raw
 * `am broadcast` (the integration tests' `OperatorClient.broadcast`) and the
 * result read from one persistent `logcat -v raw` stream, split, parsed and
 * reassembled line by line with the actuator's logcat primitives (linear in
 * the number of chunk lines; the test client re-decodes every chunk it holds
 * on each new line, which dominates a 56-chunk snapshot).
 */
import type { Duplex } from 'node:stream';
import { AdbTransport } from '../src/actuator/adb/transport.js';
import { ChunkAssembler } from '../src/actuator/logcat/chunk-assembler.js';
import { LineSplitter } from '../src/actuator/logcat/line-splitter.js';
import { parseResultLine } from '../src/actuator/logcat/result-lines.js';
import { DIALECTS } from '../src/contract/dialect.js';
import { OperatorClient, type Received } from '../test/operator/adb-operator-client.js';

const DIALECT = DIALECTS.androperator;
const WAIT_MS = 10_000;

interface Waiter {
  assembler: ChunkAssembler;
  resolve(line: string): void;
  reject(error: Error): void;
}

let counter = 0;

export class RawOperator {
  private readonly client: OperatorClient;
  private readonly waiters = new Map<string, Waiter>();
  private readonly splitter = new LineSplitter();
  private logcat: Duplex | undefined;

  constructor(private readonly options: { adbPort: number; serial: string }) {
    this.client = new OperatorClient(options);
  }

  /** Opens the logcat stream; only lines logged from now on matter (results match by commandId). */
  async start(): Promise<void> {
    const shell = new AdbTransport({ adbPort: this.options.adbPort }).device(this.options.serial);
    this.logcat = await shell.stream('logcat -v raw -T 1');
    this.logcat.on('data', (bytes: Buffer) => {
      for (const line of this.splitter.push(bytes)) this.handleLine(line.toString('utf8'));
    });
  }

  stop(): void {
    this.logcat?.destroy();
  }

  /** Broadcasts `actions` and resolves with the envelope. */
  async execute(actions: unknown[]): Promise<Received['envelope']> {
    const commandId = `bench-${process.pid}-${++counter}`;
    const line = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no result for ${commandId}`)), WAIT_MS);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(commandId);
        settle();
      };
      this.waiters.set(commandId, {
        assembler: new ChunkAssembler(),
        resolve: (text) => done(() => resolve(text)),
        reject: (error) => done(() => reject(error)),
      });
    });
    const payload = { commandId, taskId: commandId, source: 'bench', timeoutMs: 30_000, actions };
    await this.client.broadcast(JSON.stringify(payload));
    return JSON.parse((await line).slice(DIALECT.resultPrefix.length + 1));
  }

  private handleLine(text: string): void {
    const parsed = parseResultLine(text, DIALECT);
    if (parsed === undefined) return;
    if (parsed.kind === 'result') {
      if (parsed.commandId !== undefined) this.waiters.get(parsed.commandId)?.resolve(parsed.text);
      return;
    }
    const id = parsed.kind === 'chunk' ? parsed.chunk.commandId : parsed.commandId;
    const waiter = id === undefined ? undefined : this.waiters.get(id);
    if (waiter === undefined) return;
    if (parsed.kind === 'bad-chunk') {
      waiter.reject(new Error(parsed.reason));
      return;
    }
    try {
      const outcome = waiter.assembler.add(parsed.chunk);
      if (outcome.complete) waiter.resolve(outcome.line);
    } catch (error) {
      waiter.reject(error as Error);
    }
  }
}
