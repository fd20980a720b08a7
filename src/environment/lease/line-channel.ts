import type { Socket } from 'node:net';
import type { z } from 'zod';

/**
 * Reads newline-delimited JSON messages from a socket and validates each with
 * `schema`. Malformed lines are reported through `onInvalid`, never thrown,
 * so one bad peer cannot crash the broker.
 */
export function readLines<T>(
  socket: Socket,
  schema: z.ZodType<T>,
  onMessage: (message: T) => void,
  onInvalid: (reason: string) => void,
): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > 1_048_576) {
      onInvalid('message over 1 MiB');
      buffered = '';
      return;
    }
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.length > 0) parseLine(line, schema, onMessage, onInvalid);
      newline = buffered.indexOf('\n');
    }
  });
}

function parseLine<T>(
  line: string,
  schema: z.ZodType<T>,
  onMessage: (message: T) => void,
  onInvalid: (reason: string) => void,
): void {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    onInvalid('not JSON');
    return;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) onMessage(parsed.data);
  else onInvalid(parsed.error.issues[0]?.message ?? 'invalid message');
}

export function writeLine(socket: Socket, message: unknown): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}
