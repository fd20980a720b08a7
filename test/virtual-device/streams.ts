import type { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';

/** Everything a stream emits until it ends. */
export async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The next `event` whose first argument passes `accept`; rejects on `error`. */
export function nextEvent<T = unknown>(
  emitter: EventEmitter,
  event: string,
  accept: (value: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onEvent = (value: T) => {
      if (!accept(value)) return;
      cleanup();
      resolve(value);
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      emitter.off(event, onEvent);
      emitter.off('error', onError);
    };
    emitter.on(event, onEvent);
    emitter.on('error', onError);
  });
}
