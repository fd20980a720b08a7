import type { ByteQueue } from './byte-queue.js';

/** Smart-socket payload framing: 4 hex digits of length, then the bytes. */
export function hex4(payload: string | Buffer): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return Buffer.concat([Buffer.from(bytes.length.toString(16).padStart(4, '0')), bytes]);
}

/** `OKAY`, or `OKAY` + hex4 payload for queries. */
export const okay = (payload?: string): Buffer =>
  payload === undefined ? Buffer.from('OKAY') : Buffer.concat([Buffer.from('OKAY'), hex4(payload)]);

/** `FAIL` + hex4 message. */
export const failure = (message: string): Buffer => Buffer.concat([Buffer.from('FAIL'), hex4(message)]);

/** Reads one hex4-framed request, or undefined when the client is gone or sends garbage. */
export async function readRequest(input: ByteQueue): Promise<string | undefined> {
  const length = await input.read(4);
  if (!length || !/^[0-9a-fA-F]{4}$/.test(length.toString('latin1'))) return undefined;
  return (await input.read(Number.parseInt(length.toString('latin1'), 16)))?.toString('utf8');
}
