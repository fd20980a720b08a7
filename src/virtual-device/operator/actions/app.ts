/**
 * `open_app` and `open_uri` (seed 003:3053-3124, 10595-10801). `open_app`
 * sends the launch intent, then waits until the package is the foreground
 * accessibility package (`navigationTimeoutMs`, default 15000), unless
 * `skipNavigationWait`; an already-foreground package succeeds at once.
 */
import { defineAction, UI_GATES } from '../context.js';
import { returnedFailure, succeeded } from '../envelope.js';
import { elapsedMs } from '../receipts.js';
import { readRetry } from '../retry.js';
import { navigationReached, pollUntil } from './wait.js';

export const openAppAction = defineAction({
  type: 'open_app',
  gates: UI_GATES,
  parse: (params) => ({
    applicationId: params.requiredString('applicationId'),
    skipNavigationWait: params.boolean('skipNavigationWait', false),
    navigationTimeoutMs: params.integer('navigationTimeoutMs', 15_000, 1000, 120_000),
    retry: readRetry(params, 'retry', 'AppLaunch'),
  }),
  run: async (ctx, step, p) => {
    const data = { application_id: p.applicationId };
    if (ctx.platform.foregroundPackage() === p.applicationId) return succeeded(step, data);
    if (!ctx.platform.installed(p.applicationId)) {
      return returnedFailure(step, 'APP_NOT_INSTALLED', `Package ${p.applicationId} is not installed`, data);
    }
    if (!ctx.platform.launch(p.applicationId)) {
      return returnedFailure(
        step,
        'ACTION_FAILED',
        `Package ${p.applicationId} has no launcher activity`,
        data,
      );
    }
    if (p.skipNavigationWait) return succeeded(step, data);
    const reached = await pollUntil(ctx, p.navigationTimeoutMs, () =>
      navigationReached(ctx, p.applicationId, undefined) ? true : undefined,
    );
    if (!reached) {
      const last = ctx.platform.foregroundPackage();
      return returnedFailure(step, 'NAVIGATION_TIMEOUT', `${p.applicationId} did not reach the foreground`, {
        ...data,
        ...(last ? { last_package: last } : {}),
        elapsed_ms: elapsedMs(ctx),
      });
    }
    return succeeded(step, { ...data, elapsed_ms: elapsedMs(ctx) });
  },
});

export const openUriAction = defineAction({
  type: 'open_uri',
  gates: UI_GATES,
  parse: (params) => {
    readRetry(params, 'retry', 'AppLaunch');
    return { uri: params.requiredString('uri') };
  },
  run: async (ctx, step, p) => {
    if (!ctx.platform.openUri(p.uri)) {
      return returnedFailure(step, 'ACTION_FAILED', `No activity handles ${p.uri}`, { uri: p.uri });
    }
    return succeeded(step, { uri: p.uri });
  },
});
