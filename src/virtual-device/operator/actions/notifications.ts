/**
 * Notification actions (seed 001; 003:6260-6367): listing with fresh opaque
 * button handles, dismissal with optional removal confirmation, and invoking
 * an advertised button exactly once against the revision it was listed at.
 * Failures are thrown (the step's `errorCode` identifies them) and keep the
 * dispatch receipt when dispatch happened.
 */

import {
  DismissNotificationParamsSchema,
  InvokeNotificationActionParamsSchema,
  LISTING_DEFAULTS,
  ListingParamsSchema,
} from '../../../contract/actions/notifications.js';
import type { ErrorCode } from '../../../contract/error-codes.js';
import type { ActiveNotification } from '../../android/system/notifications.js';
import { type ActionContext, BACKGROUND_GATES, defineAction, UI_GATES } from '../context.js';
import { MAX_LISTING_PAYLOAD_BYTES, payloadJson, requireListener, truncateText } from '../device-state.js';
import { StepFailure, succeeded } from '../envelope.js';
import { pollUntil } from './wait.js';

/** At most this many buttons are advertised per notification; more are reported as truncated. */
export const MAX_ADVERTISED_ACTIONS = 8;

function describe(ctx: ActionContext, n: ActiveNotification, maxTextChars: number) {
  const title = truncateText(n.title, maxTextChars);
  const text = truncateText(n.text, maxTextChars);
  const generation = ctx.platform.notifications.listener(ctx.state.packageName).generation;
  const advertised = n.actions.slice(0, MAX_ADVERTISED_ACTIONS);
  const actionTitles = advertised.map((a) => truncateText(a.title, maxTextChars));
  return {
    key: n.key,
    applicationId: n.packageName,
    title: title.text,
    text: text.text,
    postTime: n.postTime,
    ongoing: n.ongoing,
    clearable: n.clearable,
    group: n.group,
    groupSummary: n.groupSummary,
    actions: advertised.map((a, i) => ({
      actionId: ctx.state.issueNotificationAction({
        key: n.key,
        revision: n.revision,
        actionIndex: a.index,
        generation,
      }),
      title: actionTitles[i].text,
      requiresInput: a.requiresInput,
      requiresAuthentication: a.requiresAuthentication,
    })),
    textTruncated: title.truncated || text.truncated,
    actionsTruncated: n.actions.length > advertised.length || actionTitles.some((t) => t.truncated),
    progress: n.progress,
  };
}

export const listNotificationsAction = defineAction({
  type: 'list_notifications',
  gates: BACKGROUND_GATES,
  parse: (params) => {
    const p = params.schema(ListingParamsSchema);
    return { ...LISTING_DEFAULTS, ...p };
  },
  run: async (ctx, step, p) => {
    requireListener(ctx);
    const active = ctx.platform.notifications.active(p.applicationId);
    const notifications: ReturnType<typeof describe>[] = [];
    for (const n of active.slice(0, p.limit)) {
      const next = [...notifications, describe(ctx, n, p.maxTextChars)];
      const size = Buffer.byteLength(
        payloadJson(ctx, { notifications: next, total: active.length, truncated: true }),
      );
      if (size > MAX_LISTING_PAYLOAD_BYTES) break;
      notifications.push(next[next.length - 1]);
    }
    const truncated = notifications.length < active.length;
    return succeeded(step, { payload: payloadJson(ctx, { notifications, total: active.length, truncated }) });
  },
});

export const dismissNotificationAction = defineAction({
  type: 'dismiss_notification',
  gates: UI_GATES,
  parse: (params) => {
    const p = params.schema(DismissNotificationParamsSchema);
    return { notificationKey: p.notificationKey, waitTimeoutMs: p.waitTimeoutMs ?? 0 };
  },
  run: async (ctx, step, p) => {
    requireListener(ctx);
    ctx.evidence.waitTimeoutMs = String(p.waitTimeoutMs);
    const current = ctx.platform.notifications.get(p.notificationKey);
    if (!current)
      throw new StepFailure('NOTIFICATION_EXPIRED', 'The notification key is no longer active', {
        ...ctx.evidence,
        dispatched: 'false',
      });
    if (!current.clearable) {
      throw new StepFailure('NOTIFICATION_NOT_DISMISSIBLE', 'The notification is not clearable', {
        ...ctx.evidence,
        dispatched: 'false',
      });
    }
    ctx.platform.notifications.dismiss(p.notificationKey);
    ctx.evidence.dispatched = 'true';
    const gone = () => (ctx.platform.notifications.get(p.notificationKey) ? undefined : true);
    const removalObserved =
      (p.waitTimeoutMs > 0 ? await pollUntil(ctx, p.waitTimeoutMs, gone) : gone()) === true;
    return succeeded(step, {
      ...ctx.evidence,
      payload: payloadJson(ctx, {
        notificationKey: p.notificationKey,
        dispatched: true,
        removalObserved,
        waitTimeoutMs: p.waitTimeoutMs,
      }),
    });
  },
});

export const invokeNotificationActionAction = defineAction({
  type: 'invoke_notification_action',
  gates: UI_GATES,
  parse: (params) => params.schema(InvokeNotificationActionParamsSchema),
  run: async (ctx, step, p) => {
    requireListener(ctx);
    const fail = (code: ErrorCode, message: string) =>
      new StepFailure(code, message, { dispatched: 'false' });
    // The key first, then the handle (seed 003:6340-6341, 6352): a missing key is NOTIFICATION_EXPIRED.
    const current = ctx.platform.notifications.get(p.notificationKey);
    if (!current) throw fail('NOTIFICATION_EXPIRED', 'The notification key is no longer active');
    const ref = ctx.state.notificationActions.get(p.actionId);
    const generation = ctx.platform.notifications.listener(ctx.state.packageName).generation;
    if (!ref || ref.key !== p.notificationKey || ref.generation !== generation) {
      throw fail(
        'NOTIFICATION_ACTION_EXPIRED',
        'The action handle is unknown or no longer valid; list again',
      );
    }
    if (current.revision !== ref.revision)
      throw fail('NOTIFICATION_ACTION_EXPIRED', 'The notification changed since it was listed');
    const action = current.actions[ref.actionIndex];
    if (action?.requiresInput)
      throw fail('NOTIFICATION_ACTION_INPUT_UNSUPPORTED', 'The button requires RemoteInput');
    if (action?.requiresAuthentication) {
      throw fail('NOTIFICATION_ACTION_AUTHENTICATION_UNSUPPORTED', 'The button requires authentication');
    }
    const result = ctx.platform.notifications.invokeAction(p.notificationKey, ref.revision, ref.actionIndex);
    if (result.status === 'cancelled')
      throw fail('NOTIFICATION_ACTION_CANCELLED', 'Android cancelled the PendingIntent');
    if (result.status !== 'sent')
      throw fail('NOTIFICATION_ACTION_EXPIRED', `The advertised action is gone (${result.status})`);
    return succeeded(step, {
      dispatched: 'true',
      payload: payloadJson(ctx, {
        notificationKey: p.notificationKey,
        actionId: p.actionId,
        dispatched: true,
      }),
    });
  },
});
