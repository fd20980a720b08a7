/**
 * Vitest adapter: the typed augmentation and an installer.
 *
 *     // setup file
 *     import { expect } from 'vitest';
 *     import { installVitestMatchers } from 'droidproof/matchers/vitest';
 *     installVitestMatchers(expect);
 */
import type { ExpectStatic } from 'vitest';
import { type DroidproofMatchers, droidproofMatchers } from './matchers.js';

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the default must match Vitest's declaration for merging.
  interface Assertion<T = any> extends DroidproofMatchers<T, Promise<void>> {}
}

export function installVitestMatchers(expect: ExpectStatic): void {
  expect.extend(droidproofMatchers);
}
