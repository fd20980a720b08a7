/**
 * `setupFilesAfterEnv: ['droidproof/jest-matchers']`: registers droidproof's
 * matchers on Jest's `expect`. CommonJS, because Jest's module loader runs
 * setup files as CommonJS; the matchers come from the droidproof environment.
 */
const matchers = (globalThis as Record<symbol, unknown>)[Symbol.for('droidproof.jest-matchers')];
if (!matchers) {
  throw new Error(
    "droidproof/jest-matchers needs testEnvironment: 'droidproof/jest-environment' (or preset: 'droidproof') in the Jest config",
  );
}
(globalThis as unknown as { expect: { extend(m: unknown): void } }).expect.extend(matchers);
