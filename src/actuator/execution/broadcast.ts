/**
 * Dispatch: one `am broadcast` carrying the payload JSON as a single-quoted
 * string extra (brief "Dispatch"). `am` prints `Broadcast completed` once the
 * broadcast was delivered to the system; anything else is BROADCAST_FAILED.
 * Its dispatch state is `not_dispatched` only when the request provably never
 * reached the device or `am` itself refused it; an empty or cut answer after
 * the request was sent is `unknown`, because the Operator may already be acting.
 */

import type { OperatorDialect } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import { PayloadTooLargeError } from '../../contract/validation-errors.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { shellCommand } from '../adb/shell-quote.js';
import { requestNeverSent } from '../adb/transport.js';

export function broadcastCommand(
  dialect: OperatorDialect,
  operatorPackage: string,
  payloadJson: string,
): string {
  return shellCommand(
    'am broadcast -a',
    { quoted: dialect.action },
    '-p',
    { quoted: operatorPackage },
    `--es ${dialect.payloadExtra}`,
    { quoted: payloadJson },
    '--receiver-foreground',
  );
}

/**
 * adb's smart-socket request carries its length in four hex digits, so
 * `shell:<command>` must fit in 0xFFFF bytes. A payload within the contract's
 * 64,000-byte limit can still outgrow it once quoted (each `'` becomes five bytes).
 */
export const MAX_ADB_REQUEST_BYTES = 0xffff;

/** Sends the broadcast; throws BROADCAST_FAILED (with the `am` output) when it was not completed. */
export async function sendBroadcast(
  shell: DeviceShell,
  dialect: OperatorDialect,
  operatorPackage: string,
  payloadJson: string,
  /** Deadline of the `am broadcast` call; the engine derives it from the execution's timeout. */
  timeoutMs?: number,
): Promise<void> {
  const command = broadcastCommand(dialect, operatorPackage, payloadJson);
  const requestBytes = Buffer.byteLength(`shell:${command}`);
  if (requestBytes > MAX_ADB_REQUEST_BYTES) {
    throw new PayloadTooLargeError(
      `The payload is ${Buffer.byteLength(payloadJson)} bytes, but quoted for the device shell the adb request is ${requestBytes} bytes, over adb's limit of ${MAX_ADB_REQUEST_BYTES} (each ' in the payload costs 5 bytes); split the execution or use fewer quote characters`,
      MAX_ADB_REQUEST_BYTES,
    );
  }
  let output: string;
  try {
    output = (await shell.exec(command, { timeoutMs })).toString('utf8');
  } catch (error) {
    throw new DroidproofError(
      'BROADCAST_FAILED',
      `Broadcast to ${operatorPackage} failed: ${(error as Error).message}`,
      {
        operatorPackage,
        transportCode: (error as DroidproofError).code,
        dispatchState: requestNeverSent(error) ? 'not_dispatched' : 'unknown',
      },
      { cause: error },
    );
  }
  if (!/Broadcast completed/.test(output)) {
    throw new DroidproofError('BROADCAST_FAILED', `Broadcast to ${operatorPackage} was not completed`, {
      operatorPackage,
      output: output.slice(0, 2000),
      dispatchState: amRefused(output) ? 'not_dispatched' : 'unknown',
    });
  }
}

/** `am` rejected the command before sending anything: it printed its error and never `Broadcasting:`. */
function amRefused(output: string): boolean {
  return !output.includes('Broadcasting:') && /^(Error|Exception occurred|java\.|Security)/m.test(output);
}
