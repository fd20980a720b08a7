/**
 * `droidproof()`: the Vite plugin for `vitest.config.ts`. It sets the
 * droidproof environment, the global setup that starts the devices and the
 * lease broker, the setup file that registers the matchers, the runner that
 * captures evidence before `afterEach`, and the report.
 *
 *     import { defineConfig } from 'vitest/config';
 *     import { droidproof } from 'droidproof/vitest';
 *     export default defineConfig({ plugins: [droidproof({ devices: { source: 'virtual', count: 3 } })] });
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type { ViteUserConfig } from 'vitest/config';
import { type DroidproofOptionsInput, outputDirOption, parseOptions } from '../options.js';
import { builtPackagePattern, siblingModule } from './module-path.js';
import { registerOptions } from './options-registry.js';
import { DroidproofRunReporter } from './reporter.js';

/** Device tests take longer than unit tests: a failing matcher must fail before the test times out. */
const DEVICE_TEST_TIMEOUT_MS = 60_000;

export function droidproof(input: DroidproofOptionsInput = {}): Plugin {
  const options = parseOptions(input);
  return {
    name: 'droidproof',
    config(user: ViteUserConfig): ViteUserConfig {
      registerOptions(options);
      const outputDir = outputDirOption(options.evidence.outputDir);
      const reporter = new DroidproofRunReporter({ outputDir });
      const built = builtPackagePattern();
      return {
        test: {
          // Built droidproof modules load natively in workers, like any package in node_modules.
          ...(built ? { server: { deps: { external: [built] } } } : {}),
          environment: siblingModule('environment'),
          globalSetup: [siblingModule('global-setup')],
          setupFiles: [siblingModule('setup')],
          runner: siblingModule('runner'),
          reporters: user.test?.reporters ? [reporter] : ['default', reporter],
          // Vitest copies annotation attachments (evidence screenshots) here; keep them with the report.
          attachmentsDir: user.test?.attachmentsDir ?? join(outputDir, 'attachments'),
          testTimeout: user.test?.testTimeout ?? DEVICE_TEST_TIMEOUT_MS,
          hookTimeout: user.test?.hookTimeout ?? DEVICE_TEST_TIMEOUT_MS,
        },
      };
    },
  };
}
