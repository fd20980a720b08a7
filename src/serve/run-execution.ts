/**
 * One execution as every serve surface runs it: on the shared device
 * connections, answered as the seed's passthrough result or typed error with
 * its HTTP status, and published to the SSE hub either way.
 */
import { DroidproofError, isDroidproofError } from '../contract/errors.js';
import type { Execution } from '../contract/execution.js';
import type { DeviceRequest, DeviceSessions } from './device-sessions.js';
import { errorBody } from './errors.js';
import { type EventHub, SSE_EVENTS } from './events.js';
import { httpStatusOf } from './status.js';

export type ExecutionAnswer =
  | {
      status: number;
      answer: { ok: true; deviceId: string; terminalSource: string; envelope: unknown };
    }
  | { status: number; answer: ReturnType<typeof errorBody> };

export async function runAndPublish(
  sessions: DeviceSessions,
  events: EventHub,
  target: DeviceRequest,
  input: unknown,
  execution: () => Execution,
): Promise<ExecutionAnswer> {
  try {
    const result = await sessions.run(target, execution());
    const answer = {
      ok: true as const,
      deviceId: result.deviceId,
      terminalSource: result.terminalSource,
      envelope: result.envelope,
    };
    events.publish(SSE_EVENTS.result, { deviceId: result.deviceId, envelope: result.envelope });
    events.publish(SSE_EVENTS.execution, { deviceId: result.deviceId, input, result: answer });
    return { status: 200, answer };
  } catch (error) {
    const failure = isDroidproofError(error)
      ? error
      : new DroidproofError('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
    const answer = errorBody(failure);
    events.publish(SSE_EVENTS.execution, { deviceId: target.deviceId ?? null, input, result: answer });
    return { status: httpStatusOf(failure.code), answer };
  }
}
