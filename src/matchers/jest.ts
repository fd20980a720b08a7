/**
 * Jest adapter: the typed augmentation of `expect`'s `Matchers` and an installer.
 *
 *     // setupFilesAfterEnv
 *     import { expect } from '@jest/globals';
 *     import { installJestMatchers } from 'droidproof/matchers/jest';
 *     installJestMatchers(expect);
 */
import type {} from 'expect';
import { type DroidproofMatchers, droidproofMatchers } from './matchers.js';

declare module 'expect' {
  // R and T must match Jest's declaration for declaration merging.
  interface Matchers<R extends void | Promise<void>, T = unknown>
    extends DroidproofMatchers<T, Promise<void>> {}
}

/** Anything with Jest's `expect.extend`. */
export interface ExtendableExpect {
  extend(matchers: Record<string, (this: never, received: unknown, ...args: never[]) => unknown>): void;
}

export function installJestMatchers(expect: ExtendableExpect): void {
  expect.extend(droidproofMatchers as unknown as Parameters<ExtendableExpect['extend']>[0]);
}
