/**
 * `droidproof operator install` against virtual devices through the real adb
 * server: what the command installs, enables and prints. The APKs are real
 * (aapt against framework-res, signed); the virtual package manager reads
 * their binary manifests, so the installed version is the APK's own.
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdbTransport } from '../../src/actuator/adb/transport.js';
import { packagedApkCandidates } from '../../src/cli/commands/operator-install.js';
import { runCli } from '../../src/cli/run.js';
import { droidproofVersion } from '../../src/version.js';
import { type Harness, OPERATOR, startHarness } from '../actuator/e2e/harness.js';
import { hasAdb } from '../virtual-device/adb-server.js';
import { type ApkBuilder, apkBuilder, hasApkTools } from '../virtual-device/apk-builder.js';

const SERVICE = `${OPERATOR}/app.androperator.operator.app.OperatorAccessibilityService`;
// biome-ignore lint/suspicious/noExplicitAny: CLI output is asserted field by field.
type CliJson = Record<string, any>;

async function cli(h: Harness, cwd: string, ...args: string[]): Promise<{ code: number; json: CliJson }> {
  let out = '';
  const target = ['--adb-port', String(h.server.port), '--device', h.serial];
  const code = await runCli(['operator', 'install', ...args, ...target], { write: (t) => (out += t), cwd });
  return { code, json: JSON.parse(out) };
}

async function shell(h: Harness, command: string): Promise<string> {
  return (await new AdbTransport({ adbPort: h.server.port }).device(h.serial).exec(command)).toString();
}

describe.skipIf(!hasAdb || !hasApkTools)('droidproof operator install', () => {
  let dir: string;
  let apk: string;
  let builder: ApkBuilder;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'droidproof-operator-install-'));
    builder = await apkBuilder();
    apk = join(dir, 'operator.apk');
    await writeFile(
      apk,
      await builder.build({ packageName: OPERATOR, versionName: droidproofVersion(), versionCode: 100 }),
    );
  }, 30_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await builder?.remove();
  });

  describe('on a device that has an Operator', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(async () => h?.stop());

    it('reinstalls, adds its accessibility service beside the enabled ones, and doctor passes', async () => {
      // Another app's service is on and the Operator's is off, as after Android revoked it.
      const other = 'com.example.reader/com.example.reader.ReaderService';
      h.vd.android.settings.put('secure', 'enabled_accessibility_services', other);
      const { code, json } = await cli(h, dir, '--apk', 'operator.apk');
      expect(json).toMatchObject({
        operatorPackage: OPERATOR,
        deviceId: h.serial,
        apk,
        install: { ok: true },
        permissions: {
          accessibility: { ok: true, component: SERVICE },
          notificationListener: { ok: true },
          dump: { ok: true },
        },
        verification: { ok: true, packageInstalled: true },
        doctor: { criticalOk: true, deviceId: h.serial },
        message: 'Operator installed and ready.',
      });
      expect(code).toBe(0);
      const enabled = h.vd.android.settings.get('secure', 'enabled_accessibility_services')?.split(':');
      expect(enabled).toEqual([other, SERVICE]);
      expect(h.vd.android.settings.get('secure', 'accessibility_enabled')).toBe('1');
      expect(json.manualSteps).toEqual([
        `Nothing: ${OPERATOR} is installed and ready. Keep the screen unlocked while tests run.`,
      ]);
    });

    it('installing twice does not enable the service twice', async () => {
      await cli(h, dir, '--apk', apk);
      const enabled = h.vd.android.settings.get('secure', 'enabled_accessibility_services')?.split(':') ?? [];
      expect(enabled.filter((entry) => entry === SERVICE)).toHaveLength(1);
    });

    it('a missing APK is OPERATOR_APK_NOT_FOUND before any device work', async () => {
      const { code, json } = await cli(h, dir, '--apk', 'nope.apk');
      expect(code).toBe(1);
      expect(json).toMatchObject({
        code: 'OPERATOR_APK_NOT_FOUND',
        details: { searched: [join(dir, 'nope.apk')] },
      });
    });

    it('a corrupt APK is OPERATOR_INSTALL_FAILED with what pm printed', async () => {
      await writeFile(join(dir, 'corrupt.apk'), 'not an apk');
      const { code, json } = await cli(h, dir, '--apk', 'corrupt.apk');
      expect(code).toBe(1);
      expect(json.code).toBe('OPERATOR_INSTALL_FAILED');
      expect(json.details.output).toMatch(/\[INSTALL_[A-Z_]+/);
    });

    it('an APK of another package fails verification for the selected package', async () => {
      await writeFile(join(dir, 'other.apk'), await builder.build({ packageName: 'com.example.other' }));
      const { code, json } = await cli(
        h,
        dir,
        '--apk',
        'other.apk',
        '--operator-package',
        'com.example.absent',
      );
      expect(code).toBe(1);
      expect(json.code).toBe('OPERATOR_VERIFY_FAILED');
    });
  });

  describe('on a device without an Operator', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ operator: () => ({ faults: { notInstalled: true } }) });
    });
    afterAll(async () => h?.stop());

    it('installs the package and enables it, then reports what doctor still finds and the steps left', async () => {
      const { code, json } = await cli(h, dir, '--apk', apk);
      expect(await shell(h, `pm list packages ${OPERATOR}`)).toContain(`package:${OPERATOR}`);
      expect(h.vd.android.settings.get('secure', 'enabled_accessibility_services')).toBe(SERVICE);
      expect(json.install).toEqual({ ok: true });
      expect(json.doctor.criticalOk).toBe(json.message === 'Operator installed and ready.');
      expect(code).toBe(json.doctor.criticalOk ? 0 : 1);
      expect(json.manualSteps.length).toBeGreaterThan(0);
    });
  });

  const built = packagedApkCandidates().find((path) => existsSync(path));
  const requireApk = process.env.DROIDPROOF_REQUIRE_OPERATOR_APK === '1';
  describe.skipIf(!built && !requireApk)('the real APK from npm run build:operator', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ operator: () => ({ faults: { notInstalled: true } }) });
    });
    afterAll(async () => h?.stop());

    it('is what the command installs by default: the device reads its manifest, and doctor passes', async () => {
      expect(built, 'operator/droidproof-operator-<version>.apk (npm run build:operator)').toBeDefined();
      const { code, json } = await cli(h, dir);
      expect(json).toMatchObject({
        apk: built,
        install: { ok: true },
        permissions: { accessibility: { ok: true, component: SERVICE } },
        verification: { packageInstalled: true },
        doctor: { criticalOk: true },
      });
      expect(code).toBe(0);
      const dumpsys = await shell(h, `dumpsys package ${OPERATOR}`);
      expect(dumpsys).toContain(`versionName=${droidproofVersion()}`);
      expect(json.doctor.checks).toContainEqual(
        expect.objectContaining({
          id: 'readiness.version.compatibility',
          status: 'pass',
          evidence: expect.objectContaining({ apkVersion: droidproofVersion() }),
        }),
      );
    });
  });
});
