/**
 * `droidproof/jest`: Jest's global setup and teardown (main process). The
 * default export does both, so one module serves as `globalSetup` and
 * `globalTeardown`; `preset: 'droidproof'` (jest-preset.cts) wires it with
 * the environment, the matchers and the reporter.
 */
import type { Config } from '@jest/types';
import '../globals.js';
import '../../matchers/jest.js';
import { parseOptions } from '../options.js';
import { type RunHandle, startRun } from '../run.js';
import { closeSession } from './worker-session.js';

export type { DroidproofOptionsInput as DroidproofJestOptions } from '../options.js';

const RUN = Symbol.for('droidproof.jest-run');
type RunHolder = { [RUN]?: RunHandle };

export async function globalSetup(
  _globalConfig: Config.GlobalConfig,
  projectConfig: Config.ProjectConfig,
): Promise<void> {
  const options = parseOptions(projectConfig.testEnvironmentOptions?.droidproof);
  (globalThis as RunHolder)[RUN] = await startRun(options, projectConfig.rootDir);
}

export async function globalTeardown(): Promise<void> {
  const holder = globalThis as RunHolder;
  const run = holder[RUN];
  holder[RUN] = undefined;
  // With --runInBand the environment ran in this process and still holds its lease.
  await closeSession();
  await run?.stop();
}

/** Global setup on the first call, global teardown on the second. */
export default function droidproofGlobal(
  globalConfig: Config.GlobalConfig,
  projectConfig: Config.ProjectConfig,
): Promise<void> {
  return (globalThis as RunHolder)[RUN] ? globalTeardown() : globalSetup(globalConfig, projectConfig);
}
