/**
 * Dispatch: one `am broadcast` carrying the payload JSON as a single-quoted
 * string extra (brief "Dispatch"). `am` prints `Broadcast completed` once the
 * broadcast was delivered to the system; anything else is BROADCAST_FAILED.
 */

import type { OperatorDialect } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { shellCommand } from '../adb/shell-quote.js';

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

/** Sends the broadcast; throws BROADCAST_FAILED (with the `am` output) when it was not completed. */
export async function sendBroadcast(
  shell: DeviceShell,
  dialect: OperatorDialect,
  operatorPackage: string,
  payloadJson: string,
): Promise<void> {
  let output: string;
  try {
    output = (await shell.exec(broadcastCommand(dialect, operatorPackage, payloadJson))).toString('utf8');
  } catch (error) {
    throw new DroidproofError(
      'BROADCAST_FAILED',
      `Broadcast to ${operatorPackage} failed: ${(error as Error).message}`,
      {
        operatorPackage,
        transportCode: (error as DroidproofError).code,
        // A refused transport never reached the device; a dropped one may have.
        dispatchState: /NOT_FOUND|OFFLINE|UNAUTHORIZED|ADB_SERVER/.test((error as DroidproofError).code ?? '')
          ? 'not_dispatched'
          : 'unknown',
      },
      { cause: error },
    );
  }
  if (!/Broadcast completed/.test(output)) {
    throw new DroidproofError('BROADCAST_FAILED', `Broadcast to ${operatorPackage} was not completed`, {
      operatorPackage,
      output: output.slice(0, 2000),
      dispatchState: 'not_dispatched',
    });
  }
}
