/**
 * What `droidproof init` writes: a device-test config beside the project's own
 * (so existing unit tests keep their config), one example test that passes
 * at once against a virtual device, and an opt-in emulator CI workflow.
 * `DROIDPROOF_DEVICES=adb` switches the same config to real devices.
 */

export type Runner = 'vitest' | 'jest';

export const TEST_DIR = 'device-tests';

/** The device source: the virtual farm, or whatever adb sees when DROIDPROOF_DEVICES=adb. */
const SOURCE =
  "process.env.DROIDPROOF_DEVICES === 'adb' ? { source: 'adb' } : { source: 'virtual', count: 2 }";

const EXAMPLE_STEPS = `  await device.openApp('com.droidproof.settings');
  await device.node({ resourceId: 'com.droidproof.settings:id/search' }).enterText('batt');
  await expect(device).toShowNode({ textEquals: 'Battery' });`;

const EXAMPLE_NOTE = `// An example against the virtual device's Settings test app (docs/test-apps.md lists its screens and ids).
// Replace it with tests of your own app; \`device\` is this worker's leased device.`;

export interface Scaffold {
  config: { path: string; text: string };
  example: { path: string; text: string };
  script: string;
}

/**
 * `esm`: the project's package.json says `"type": "module"`. Otherwise the
 * Vitest example is `.mts`, so TypeScript treats it as ESM (droidproof is ESM-only).
 */
export function scaffold(runner: Runner, esm: boolean): Scaffold {
  if (runner === 'vitest') {
    const config = 'vitest.droidproof.config.mts';
    return {
      config: {
        path: config,
        text: `// droidproof device tests: npm run test:device (DROIDPROOF_DEVICES=adb for real devices and emulators).
import { droidproof } from 'droidproof/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [droidproof({ devices: ${SOURCE} })],
  test: { include: ['${TEST_DIR}/**/*.test.{ts,mts,js,mjs}'] },
});
`,
      },
      example: {
        path: `${TEST_DIR}/example.test.${esm ? 'ts' : 'mts'}`,
        text: `${EXAMPLE_NOTE}
import { expect, test } from 'droidproof/vitest';

test('search narrows the settings list', async ({ device }) => {
${EXAMPLE_STEPS}
});
`,
      },
      script: `vitest run --config ${config}`,
    };
  }
  const config = 'jest.droidproof.config.cjs';
  return {
    config: {
      path: config,
      text: `// droidproof device tests: npm run test:device (DROIDPROOF_DEVICES=adb for real devices and emulators).
/** @type {import('jest').Config} */
module.exports = {
  testMatch: ['<rootDir>/${TEST_DIR}/**/*.test.{js,cjs}'],
  preset: 'droidproof',
  testEnvironmentOptions: { droidproof: { devices: ${SOURCE} } },
};
`,
    },
    example: {
      path: `${TEST_DIR}/example.test.cjs`,
      text: `${EXAMPLE_NOTE}
test('search narrows the settings list', async () => {
${EXAMPLE_STEPS}
});
`,
    },
    script: `jest --config ${config}`,
  };
}

export const CI_WORKFLOW_PATH = '.github/workflows/droidproof-emulator.yml';

/** A GitHub Actions job: an emulator, the Operator installed and enabled, then the device tests. */
export const CI_WORKFLOW = `# droidproof device tests on an Android emulator (written by \`droidproof init --ci\`).
# Set DROIDPROOF_OPERATOR_APK to the Operator APK matching your droidproof version
# (android-operator/README.md in the droidproof repository says how to build it).
name: device tests (emulator)
on: [push, pull_request]
jobs:
  device-tests:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    env:
      DROIDPROOF_DEVICES: adb
      DROIDPROOF_OPERATOR_APK: android-operator.apk
      OPERATOR: com.androperator.operator
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - name: Enable KVM
        run: |
          echo 'KERNEL=="kvm", GROUP="kvm", MODE="0666", OPTIONS+="static_node=kvm"' | sudo tee /etc/udev/rules.d/99-kvm4all.rules
          sudo udevadm control --reload-rules
          sudo udevadm trigger --name-match=kvm
      - name: Device tests
        uses: reactivecircus/android-emulator-runner@v2
        with:
          api-level: 34
          arch: x86_64
          script: |
            adb install -r "$DROIDPROOF_OPERATOR_APK"
            adb shell settings put secure enabled_accessibility_services "$OPERATOR/app.androperator.operator.app.OperatorAccessibilityService"
            adb shell settings put secure accessibility_enabled 1
            adb shell cmd notification allow_listener "$OPERATOR/app.androperator.operator.app.OperatorNotificationListener"
            npx droidproof doctor --format pretty
            npm run test:device
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: droidproof-report
          path: droidproof-report
`;
