// The Jest example suite: `npm run example:jest` runs it on 3 virtual devices with 3 workers.
/** @type {import('jest').Config} */
export default {
  rootDir: '../..',
  roots: ['<rootDir>/examples/jest'],
  preset: 'droidproof',
  testEnvironmentOptions: { droidproof: { devices: { source: 'virtual', count: 3 } } },
};
