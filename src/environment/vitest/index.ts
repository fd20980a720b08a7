/**
 * `droidproof/vitest`: the plugin for `vitest.config.ts`, and `test` / `expect`
 * for test files.
 *
 *     import { expect, test } from 'droidproof/vitest';
 *     test('saves', async ({ device }) => {
 *       await device.openApp('com.droidproof.settings');
 *       await expect(device).toShowNode({ textEquals: 'Settings' });
 *     });
 */
import '../../matchers/vitest.js';
import '../globals.js';

export { describe, expect } from 'vitest';
export type { DroidproofOptions, DroidproofOptionsInput } from '../options.js';
export type { TestDevice } from '../worker/test-device.js';
export { it, test } from './fixtures.js';
export { droidproof } from './plugin.js';
