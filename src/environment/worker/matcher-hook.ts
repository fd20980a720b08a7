/**
 * Points the matchers at the worker session: the configured default wait,
 * and the evidence hook that captures the attempt's bundle at the moment a
 * matcher finally fails (with its candidates drawn on the screenshot).
 */
import { configureMatchers } from '../../matchers/config.js';
import type { WorkerRuntime } from '../options.js';
import { existingSession } from './session.js';

export function configureSessionMatchers(runtime: WorkerRuntime): void {
  configureMatchers({
    timeout: runtime.matcherMs,
    onFailure: async ({ failure, received }) => {
      const session = await existingSession()?.catch(() => undefined);
      return session?.captureFailure(
        `${failure.matcher}: expected ${failure.expected}, observed ${failure.observed}`,
        failure,
        received,
      );
    },
  });
}
