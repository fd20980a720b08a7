/**
 * The Vitest runner the plugin installs. Its `onTaskFinished` runs after the
 * test function failed and before `afterEach`, so a throw, a timeout or a
 * failed `beforeEach` gets its evidence while the screen still shows the
 * failure; a failing matcher has usually captured it already, with its
 * candidates, and the session keeps that one. A test that only fails in
 * `afterEach` gets its bundle in `onAfterRetryTask`, the last hook of an attempt.
 */
import { type RunnerTask, type RunnerTestCase, recordArtifact, TestRunner } from 'vitest';
import type { CaptureResult } from '../../evidence/capture.js';
import { evidenceArtifact } from '../../evidence/runner-artifact.js';
import { existingSession, type WorkerSession } from '../worker/session.js';

async function sessionFor(task: RunnerTask): Promise<WorkerSession | undefined> {
  if (task.type !== 'test') return undefined;
  return existingSession()?.catch(() => undefined);
}

function outcome(test: RunnerTestCase): { verdict: 'passed' | 'failed'; message?: string } {
  const failed = test.result?.state === 'fail';
  return {
    verdict: failed ? 'failed' : 'passed',
    message: test.result?.errors?.map((error) => error.message).join('\n'),
  };
}

export default class DroidproofRunner extends TestRunner {
  /** Bundles already recorded as artifacts, so the afterEach fallback records only new ones. */
  private readonly recorded = new WeakSet<object>();

  override async onBeforeTryTask(test: RunnerTask, options?: { retry: number }): Promise<void> {
    super.onBeforeTryTask(test);
    const session = await sessionFor(test);
    await session?.beginTest({
      name: test.fullTestName ?? test.name,
      path: test.file.filepath,
      attempt: (options?.retry ?? 0) + 1,
    });
  }

  /** After the test function (or a beforeEach) and before afterEach. */
  async onTaskFinished(test: RunnerTestCase): Promise<void> {
    const session = await sessionFor(test);
    if (!session) return;
    const { verdict, message } = outcome(test);
    await this.record(test, await session.settle(verdict, message));
    await this.recordSet(test, session);
  }

  /** After afterEach and the onTestFailed hooks: the fallback for a test that only failed in afterEach. */
  async onAfterRetryTask(test: RunnerTestCase): Promise<void> {
    const session = await sessionFor(test);
    if (!session) return;
    const { verdict, message } = outcome(test);
    if (verdict === 'failed') await this.record(test, await session.settle(verdict, message));
    await this.recordSet(test, session);
    session.endTest();
  }

  /** The bundles of a multi-device test's other devices (one per device). */
  private async recordSet(test: RunnerTestCase, session: WorkerSession): Promise<void> {
    const attempt = session.current;
    if (!attempt) return;
    for (const evidence of attempt.deviceSet?.bundles(attempt) ?? []) await this.record(test, evidence);
  }

  private async record(test: RunnerTestCase, evidence: CaptureResult | undefined): Promise<void> {
    const artifact = evidence && !this.recorded.has(evidence) ? evidenceArtifact(evidence) : undefined;
    if (!artifact || !evidence) return;
    this.recorded.add(evidence);
    await recordArtifact(test, artifact);
  }
}
