import type { ServiceStream } from '../service-stream.js';
import { failure, okay } from '../smart-socket.js';

/**
 * `reverse:`: a virtual device has no network stack for a reverse tunnel to
 * serve, so it says so (FAIL) rather than accept a forward nothing would use.
 * Listing answers honestly with an empty list; removing everything is a no-op.
 */
export async function runReverse(stream: ServiceStream, request: string): Promise<void> {
  if (request === 'list-forward') await stream.write(okay(''));
  else if (request === 'killforward-all') await stream.write(Buffer.concat([okay(), okay()]));
  else
    await stream.write(
      failure(`reverse forwarding is not supported by the droidproof virtual device (${request})`),
    );
  await stream.close();
}
