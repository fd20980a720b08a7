import { DroidproofError } from '../../contract/errors.js';

/** adbd transport commands: four ASCII bytes read as a little-endian uint32. */
export const Command = {
  CNXN: 0x4e584e43,
  AUTH: 0x48545541,
  OPEN: 0x4e45504f,
  OKAY: 0x59414b4f,
  CLSE: 0x45534c43,
  WRTE: 0x45545257,
} as const;

/** First protocol version whose receivers ignore `data_check` (adb.h `A_VERSION_SKIP_CHECKSUM`). */
export const VERSION_SKIP_CHECKSUM = 0x01000001;
export const VERSION_MIN = 0x01000000;
/** Largest payload we accept from a peer (current hosts send 1 MiB). */
export const MAX_PAYLOAD = 1024 * 1024;
/** What this adbd offers in its CNXN: adbd's `MAX_PAYLOAD` since Android 9 (adb.h), what current hosts offer too. */
export const DEVICE_MAX_PAYLOAD = 1024 * 1024;

export const HEADER_SIZE = 24;

export interface AdbMessage {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

function byteSum(data: Buffer): number {
  let sum = 0;
  for (const byte of data) sum = (sum + byte) >>> 0;
  return sum;
}

/** Encodes one message; the checksum is only computed for peers that still check it. */
export function encodeMessage(message: AdbMessage, version: number): Buffer {
  const header = encodeHeader(message, version);
  return message.data.length === 0 ? header : Buffer.concat([header, message.data]);
}

/** The 24-byte header of a message, for writers that send its payload as is (no copy). */
export function encodeHeader(message: AdbMessage, version: number): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeUInt32LE(message.command, 0);
  header.writeUInt32LE(message.arg0 >>> 0, 4);
  header.writeUInt32LE(message.arg1 >>> 0, 8);
  header.writeUInt32LE(message.data.length, 12);
  header.writeUInt32LE(version >= VERSION_SKIP_CHECKSUM ? 0 : byteSum(message.data), 16);
  header.writeUInt32LE((message.command ^ 0xffffffff) >>> 0, 20);
  return header;
}

const knownCommands = new Set<number>(Object.values(Command));

/**
 * Splits a byte stream into messages. A bad magic, an unknown command or an
 * over-long payload is a protocol error: the caller must drop the connection.
 */
export class MessageDecoder {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): AdbMessage[] {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const messages: AdbMessage[] = [];
    while (this.buffered.length >= HEADER_SIZE) {
      const command = this.buffered.readUInt32LE(0);
      const length = this.buffered.readUInt32LE(12);
      const magic = this.buffered.readUInt32LE(20);
      if (magic !== (command ^ 0xffffffff) >>> 0 || !knownCommands.has(command) || length > MAX_PAYLOAD) {
        throw new DroidproofError('ADB_PROTOCOL_ERROR', 'malformed adb transport message', {
          command: command.toString(16),
          length,
        });
      }
      if (this.buffered.length < HEADER_SIZE + length) break;
      messages.push({
        command,
        arg0: this.buffered.readUInt32LE(4),
        arg1: this.buffered.readUInt32LE(8),
        data: this.buffered.subarray(HEADER_SIZE, HEADER_SIZE + length),
      });
      this.buffered = this.buffered.subarray(HEADER_SIZE + length);
    }
    return messages;
  }
}
