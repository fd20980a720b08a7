// The Jest example suite: `npm run example:jest` runs it on 3 virtual devices with 3 workers.
/** @type {import('jest').Config} */
export default {
  rootDir: '../..',
  roots: ['<rootDir>/examples/jest'],
  testEnvironment: 'droidproof/jest-environment',
  globalSetup: 'droidproof/jest',
  globalTeardown: 'droidproof/jest',
  setupFilesAfterEnv: ['droidproof/jest-matchers'],
  reporters: ['default', 'droidproof/reporter/jest'],
  testEnvironmentOptions: { droidproof: { devices: { source: 'virtual', count: 3 } } },
  testTimeout: 60_000,
};
