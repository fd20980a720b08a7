/**
 * `testEnvironment: 'droidproof/jest-environment'` (Jest 30): the worker's
 * leased device as the `device` global, and one attempt per try of each test
 * (attempt.ts), driven by Jest's test events. The lease is taken on the first
 * test file and kept across the worker's files (worker-session.ts). Evidence
 * is captured on `test_fn_failure`, which Jest dispatches before `afterEach`.
 */
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { DroidproofError } from '../../contract/errors.js';
import { droidproofMatchers } from '../../matchers/matchers.js';
import type { TestAttempt } from '../worker/attempt.js';
import type { WorkerSession } from '../worker/session.js';
import type { TestDevice } from '../worker/test-device.js';
import { MATCHERS_GLOBAL } from './matchers-global.js';
import { errorMessage, jestFullName } from './test-name.js';
import { holdSession, releaseWhenIdle } from './worker-session.js';

export default class DroidproofEnvironment extends TestEnvironment {
  private readonly testPath: string;
  private session?: WorkerSession;
  private attempt?: TestAttempt;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.testPath = context.testPath;
  }

  override async setup(): Promise<void> {
    await super.setup();
    this.session = await holdSession();
    this.global.device = this.session.device;
    this.global.useDevices = (count?: number) => this.useDevices(count);
    (this.global as Record<symbol, unknown>)[Symbol.for(MATCHERS_GLOBAL)] = droidproofMatchers;
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    switch (event.name) {
      case 'test_start':
        this.attempt = this.session?.beginTest({
          name: jestFullName(event.test),
          path: this.testPath,
          attempt: event.test.invocations,
        });
        await this.attempt?.start();
        break;
      case 'test_fn_success':
        await this.attempt?.bodyFinished('passed');
        break;
      case 'test_fn_failure':
        await this.attempt?.bodyFinished('failed', errorMessage(event.error));
        break;
      case 'hook_failure':
        // A failed beforeEach/afterEach fails the running test; beforeAll/afterAll have none.
        await this.attempt?.captureFailure(errorMessage(event.error));
        break;
      case 'test_done':
        await this.attempt?.settle(
          event.test.errors.length > 0 ? 'failed' : 'passed',
          event.test.errors.map((error) => errorMessage(Array.isArray(error) ? error[0] : error)).join('\n'),
        );
        this.attempt = undefined;
        break;
    }
  }

  /** Jest has no fixtures: a test asks for its set; the attempt gives it back when the test ends. */
  private async useDevices(count?: number): Promise<readonly TestDevice[]> {
    const { session, attempt } = this;
    if (!session || !attempt) {
      throw new DroidproofError(
        'TEST_OUTSIDE_RUNNER',
        'useDevices() can only be called inside a running test',
      );
    }
    return (await attempt.useDevices(count ?? session.runtime.devicesPerTest)).devices;
  }

  override async teardown(): Promise<void> {
    Reflect.deleteProperty(this.global, 'device');
    Reflect.deleteProperty(this.global, 'useDevices');
    releaseWhenIdle();
    await super.teardown();
  }
}
