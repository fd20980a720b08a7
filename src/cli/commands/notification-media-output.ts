/** Output of notification and media commands: the wrapper plus the decoded `data.payload` of a successful step. */
import {
  decodeNotificationMediaPayload,
  type NotificationMediaActionType,
} from '../../actuator/device/notification-media.js';
import type { ExecutionResultWrapper } from '../../contract/wrappers.js';
import { wrapperOf } from './device-flags.js';

export function withPayload(type: NotificationMediaActionType) {
  return (result: ExecutionResultWrapper): Record<string, unknown> => {
    const step = result.envelope.stepResults.find((s) => s.actionType === type && s.success);
    if (!step) return wrapperOf(result);
    return { ...wrapperOf(result), payload: decodeNotificationMediaPayload(type, step.data.payload) };
  };
}
