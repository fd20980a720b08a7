import { describe, expect, it } from 'vitest';
import { DroidproofError } from '../../contract/errors.js';
import { Command, encodeMessage, MessageDecoder, VERSION_MIN, VERSION_SKIP_CHECKSUM } from './message.js';

describe('adb transport messages', () => {
  const message = { command: Command.WRTE, arg0: 3, arg1: 0xfffffffe, data: Buffer.from('héllo') };

  it('round-trips through the decoder, whatever the chunking', () => {
    const bytes = Buffer.concat([
      encodeMessage(message, VERSION_SKIP_CHECKSUM),
      encodeMessage({ ...message, arg0: 4 }, VERSION_SKIP_CHECKSUM),
    ]);
    const decoder = new MessageDecoder();
    const decoded = [...bytes].flatMap((byte) => decoder.push(Buffer.from([byte])));
    expect(decoded).toEqual([message, { ...message, arg0: 4 }]);
  });

  it('sums payload bytes only for peers below the skip-checksum version', () => {
    const sum = [...message.data].reduce((a, b) => a + b, 0);
    expect(encodeMessage(message, VERSION_MIN).readUInt32LE(16)).toBe(sum);
    expect(encodeMessage(message, VERSION_SKIP_CHECKSUM).readUInt32LE(16)).toBe(0);
    expect(encodeMessage(message, VERSION_MIN).readUInt32LE(20)).toBe((Command.WRTE ^ 0xffffffff) >>> 0);
  });

  it('rejects a bad magic as a protocol error', () => {
    const bytes = encodeMessage(message, VERSION_SKIP_CHECKSUM);
    bytes.writeUInt32LE(0, 20);
    const error = (() => {
      try {
        new MessageDecoder().push(bytes);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(DroidproofError);
    expect((error as DroidproofError).code).toBe('ADB_PROTOCOL_ERROR');
  });
});
