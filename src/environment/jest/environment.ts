/**
 * `testEnvironment: 'droidproof/jest-environment'` (Jest 30): the worker's
 * leased device as the `device` global. The lease is taken on the first test
 * file and kept across the worker's files (Jest reuses the module per worker
 * process); it ends when the worker gets no further file, or exits. Evidence
 * is captured on `test_fn_failure`, which Jest dispatches before `afterEach`.
 */
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { DroidproofError } from '../../contract/errors.js';
import { droidproofMatchers } from '../../matchers/matchers.js';
import type { DeviceSet } from '../multi/device-set.js';
import { openTestDevices } from '../multi/test-devices.js';
import { readWorkerRuntime } from '../options.js';
import { configureSessionMatchers } from '../worker/matcher-hook.js';
import { closeWorkerSession, type WorkerSession, workerSession } from '../worker/session.js';
import type { TestDevice } from '../worker/test-device.js';
import { MATCHERS_GLOBAL } from './matchers-global.js';
import { errorMessage, jestFullName } from './test-name.js';

/**
 * The lease stays with the worker process for its next test file, which Jest
 * starts within milliseconds. A worker that gets no further file gives the
 * device back, and closes the sockets that would keep it from exiting when
 * Jest ends it (Jest force-kills workers that do not exit within 500 ms).
 */
const IDLE_RELEASE_MS = 400;
let idleTimer: NodeJS.Timeout | undefined;

function keepLease(): void {
  clearTimeout(idleTimer);
}

function releaseWhenIdle(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void closeWorkerSession(), IDLE_RELEASE_MS);
}

function jestWorkerLabel(): string {
  return `jest worker ${process.env.JEST_WORKER_ID ?? '?'} (pid ${process.pid})`;
}

export default class DroidproofEnvironment extends TestEnvironment {
  private readonly testPath: string;
  private session?: WorkerSession;
  /** Aborted when the test ends, so a `useDevices` still waiting for its set withdraws it. */
  private testEnded?: AbortController;
  /** The running test's set, opened by its first `useDevices` call (later calls share it). */
  private testDevices?: Promise<DeviceSet>;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.testPath = context.testPath;
  }

  override async setup(): Promise<void> {
    await super.setup();
    configureSessionMatchers(readWorkerRuntime());
    keepLease();
    this.session = await workerSession(jestWorkerLabel());
    this.global.device = this.session.device;
    this.global.useDevices = (count?: number) => this.useDevices(count);
    (this.global as Record<symbol, unknown>)[Symbol.for(MATCHERS_GLOBAL)] = droidproofMatchers;
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    const session = this.session;
    if (!session) return;
    switch (event.name) {
      case 'test_start':
        this.testEnded = new AbortController();
        this.testDevices = undefined;
        await session.beginTest({
          name: jestFullName(event.test),
          path: this.testPath,
          attempt: event.test.invocations,
        });
        break;
      case 'test_fn_failure':
        await session.captureFailure(errorMessage(event.error));
        break;
      case 'hook_failure':
        // A failed beforeEach/afterEach fails the running test; beforeAll/afterAll have none.
        if (session.current) await session.captureFailure(errorMessage(event.error));
        break;
      case 'test_done':
        await session.settle(
          event.test.errors.length > 0 ? 'failed' : 'passed',
          event.test.errors.map((error) => errorMessage(Array.isArray(error) ? error[0] : error)).join('\n'),
        );
        this.testEnded?.abort(new Error('the test ended'));
        await session.current?.deviceSet?.close();
        session.endTest();
        break;
    }
  }

  /** The running test's set of devices, leased on the first call (`devicesPerTest` by default). */
  private async useDevices(count?: number): Promise<readonly TestDevice[]> {
    const session = this.session;
    const attempt = session?.current;
    if (!session || !attempt) {
      throw new DroidproofError(
        'TEST_OUTSIDE_RUNNER',
        'useDevices() can only be called inside a running test',
      );
    }
    this.testDevices ??= openTestDevices(
      session,
      count ?? session.runtime.devicesPerTest,
      attempt.name,
      this.testEnded?.signal,
    );
    return (await this.testDevices).devices;
  }

  override async teardown(): Promise<void> {
    Reflect.deleteProperty(this.global, 'device');
    Reflect.deleteProperty(this.global, 'useDevices');
    releaseWhenIdle();
    await super.teardown();
  }
}
