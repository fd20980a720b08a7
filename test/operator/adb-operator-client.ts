/**
 * Talks to a virtual Operator the way the host does: a raw `am broadcast`
 * through the real adb server (adbkit `shell:`), and result lines read from
 * one persistent `logcat -v raw` stream, reassembled from chunks when needed.
 * Used by the integration tests and by bench/operator.ts.
 */
import type { Readable } from 'node:stream';
import type { Client, DeviceClient } from '@devicefarmer/adbkit';
import { Adb } from '../virtual-device/adbkit.js';
import { decodeChunks } from './chunk-decoder.js';

export interface OperatorClientOptions {
  adbPort: number;
  serial: string;
  operatorPackage?: string;
  action?: string;
  resultPrefix?: string;
  chunkPrefix?: string;
}

export interface Received {
  envelope: Record<string, unknown> & {
    stepResults: Array<{ id: string; success: boolean; data: Record<string, string> }>;
  };
  /** The logged messages that carried it (one result line or the chunk lines). */
  messages: string[];
}

/** Single-quotes a string for the device shell (BRIEF Dispatch: `'` becomes `'"'"'`). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'"'"'`)}'`;
}

let counter = 0;

export class OperatorClient {
  private readonly device: DeviceClient;
  private readonly client: Client;
  private logcat: Readable | undefined;
  private buffer = '';
  private readonly byCommand = new Map<string, string[]>();
  private readonly waiters = new Map<string, () => void>();

  constructor(private readonly options: OperatorClientOptions) {
    this.client = Adb.createClient({ host: '127.0.0.1', port: options.adbPort });
    this.device = this.client.getDevice(options.serial);
  }

  get resultPrefix(): string {
    return this.options.resultPrefix ?? '[Androperator-Result]';
  }

  get chunkPrefix(): string {
    return this.options.chunkPrefix ?? '[Androperator-Result-Chunk]';
  }

  /** Opens the persistent logcat stream (only lines written from now on matter: results match by commandId). */
  async start(): Promise<void> {
    this.logcat = (await this.device.shell('logcat -v raw')) as Readable;
    // setEncoding decodes across packet boundaries, so a multi-byte character split between two reads survives.
    this.logcat.setEncoding('utf8');
    this.logcat.on('data', (chunk: string) => this.onData(chunk));
  }

  stop(): void {
    this.logcat?.destroy();
  }

  /** Sends a payload string as a raw broadcast; resolves with `am`'s output. */
  async broadcast(
    payload: string,
    operatorPackage = this.options.operatorPackage ?? 'com.androperator.operator',
  ): Promise<string> {
    const action = this.options.action ?? 'app.androperator.operator.ACTION_AGENT_COMMAND';
    const command = `am broadcast -a ${action} -p ${operatorPackage} --es payload ${shellQuote(payload)} --receiver-foreground`;
    const stream = (await this.device.shell(command)) as Readable;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Runs actions and waits for their envelope (rejects after `waitMs`). */
  async execute(
    actions: unknown[],
    options: { timeoutMs?: number; waitMs?: number; operatorPackage?: string } = {},
  ): Promise<Received> {
    const commandId = `it-${process.pid}-${++counter}`;
    const payload = {
      commandId,
      taskId: commandId,
      source: 'integration',
      expectedFormat: 'android-ui-automator',
      timeoutMs: options.timeoutMs ?? 30_000,
      actions,
    };
    const received = this.waitFor(commandId, options.waitMs ?? 20_000);
    await this.broadcast(JSON.stringify(payload), options.operatorPackage);
    return received;
  }

  /** Resolves when the complete result of `commandId` has been logged. */
  waitFor(commandId: string, waitMs: number): Promise<Received> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(commandId);
        reject(new Error(`no complete result for ${commandId} within ${waitMs} ms`));
      }, waitMs);
      const check = () => {
        const result = this.complete(commandId);
        if (!result) return;
        clearTimeout(timer);
        this.waiters.delete(commandId);
        resolve(result);
      };
      this.waiters.set(commandId, check);
      check();
    });
  }

  /** Messages logged so far for `commandId`. */
  messagesOf(commandId: string): string[] {
    return this.byCommand.get(commandId) ?? [];
  }

  private complete(commandId: string): Received | undefined {
    const messages = this.messagesOf(commandId);
    const single = messages.find((m) => m.startsWith(`${this.resultPrefix} `));
    if (single)
      return { envelope: JSON.parse(single.slice(this.resultPrefix.length + 1)), messages: [single] };
    const decoded = decodeChunks(messages, this.chunkPrefix);
    if (!decoded.ok) return undefined;
    return { envelope: JSON.parse(decoded.line.slice(this.resultPrefix.length + 1)), messages };
  }

  private onData(text: string): void {
    this.buffer += text;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.replace(/\r$/, '');
      const id = /"commandId":"([^"]+)"/.exec(line)?.[1];
      if (!id || !(line.startsWith(this.resultPrefix) || line.startsWith(this.chunkPrefix))) continue;
      const list = this.byCommand.get(id) ?? [];
      list.push(line);
      this.byCommand.set(id, list);
      this.waiters.get(id)?.();
    }
  }
}
