/**
 * Jest runs setup files inside the test's vm context, where droidproof's ESM
 * modules cannot be required; the environment leaves the matchers on the
 * test global under this key, and `setup-matchers.cjs` hands them to `expect.extend`.
 */
export const MATCHERS_GLOBAL = 'droidproof.jest-matchers';
