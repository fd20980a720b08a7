/** Vitest global setup (main process): starts the devices and the lease broker; the returned function stops them. */
import type { TestProject } from 'vitest/node';
import { startRun } from '../run.js';
import { registeredOptions } from './options-registry.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = project.config;
  const run = await startRun(registeredOptions(config.environmentOptions), config.root);
  return () => run.stop();
}
