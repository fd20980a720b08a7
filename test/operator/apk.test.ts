/**
 * The Operator APK that `npm run build:operator` produces, read back with the
 * Android tools: manifest (aapt), signature (apksigner), alignment (zipalign)
 * and code (dexdump). Skipped when the APK was not built, except where
 * DROIDPROOF_REQUIRE_OPERATOR_APK=1 (CI), which makes a missing APK a failure.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { packagedApkCandidates } from '../../src/cli/commands/operator-install.js';
import { droidproofVersion } from '../../src/version.js';

const run = promisify(execFile);
const apk = packagedApkCandidates().find((path) => existsSync(path));
const required = process.env.DROIDPROOF_REQUIRE_OPERATOR_APK === '1';

async function tool(command: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

describe.skipIf(!apk && !required)('the Operator APK', () => {
  let badging = '';
  let manifest = '';

  beforeAll(async () => {
    expect(apk, 'operator/droidproof-operator-<version>.apk: run npm run build:operator').toBeDefined();
    badging = await tool('aapt', 'dump', 'badging', apk as string);
    manifest = await tool('aapt', 'dump', 'xmltree', apk as string, 'AndroidManifest.xml');
  });

  it('is named after and versioned as this droidproof', () => {
    const version = droidproofVersion();
    const [major, minor, patch] = version.split(/[.+-]/).map(Number);
    expect(apk?.endsWith(`droidproof-operator-${version}.apk`)).toBe(true);
    expect(badging).toContain(
      `package: name='com.androperator.operator' versionCode='${major * 10_000 + minor * 100 + patch}' versionName='${version}'`,
    );
    expect(badging).toContain("sdkVersion:'24'");
    expect(badging).toContain("targetSdkVersion:'34'");
  });

  it('declares the permissions and the accessibility and notification-listener components', () => {
    expect(badging).toContain("uses-permission: name='android.permission.QUERY_ALL_PACKAGES'");
    expect(badging).toContain("provides-component:'accessibility'");
    expect(badging).toContain("provides-component:'notification-listener'");
  });

  it('has the command receiver for both dialects, guarded by DUMP', () => {
    const receiver = manifest.slice(manifest.indexOf('E: receiver'), manifest.indexOf('E: service'));
    expect(receiver).toContain('"app.androperator.operator.app.AgentCommandReceiver"');
    expect(receiver).toContain('android:permission(0x01010006)="android.permission.DUMP"');
    expect(receiver).toContain('"app.androperator.operator.ACTION_AGENT_COMMAND"');
    expect(receiver).toContain('"app.clawperator.operator.ACTION_AGENT_COMMAND"');
  });

  it('has the services bound by the system with their binding permissions', () => {
    expect(manifest).toMatch(
      /"app\.androperator\.operator\.app\.OperatorAccessibilityService"[\s\S]*?"android\.permission\.BIND_ACCESSIBILITY_SERVICE"/,
    );
    expect(manifest).toMatch(
      /"app\.androperator\.operator\.app\.OperatorNotificationListener"[\s\S]*?"android\.permission\.BIND_NOTIFICATION_LISTENER_SERVICE"/,
    );
  });

  it('is signed with the documented test key (v2 scheme) and verifies', async () => {
    const out = await tool('apksigner', 'verify', '--verbose', '--print-certs', apk as string);
    expect(out).toContain('Verifies');
    expect(out).toContain('Verified using v2 scheme (APK Signature Scheme v2): true');
    expect(out).toContain('Signer #1 certificate DN: CN=droidproof Operator TEST KEY, O=droidproof');
  });

  it('is zip-aligned', async () => {
    await expect(tool('zipalign', '-c', '-p', '4', apk as string)).resolves.toBeDefined();
  });

  it('carries the receiver, the services, the engine and the Kotlin runtime as dex classes', async () => {
    const dex = await tool('dexdump', apk as string);
    const classes = new Set([...dex.matchAll(/Class descriptor\s+: '([^']+)'/g)].map((m) => m[1]));
    for (const name of [
      'Lapp/androperator/operator/app/AgentCommandReceiver;',
      'Lapp/androperator/operator/app/OperatorAccessibilityService;',
      'Lapp/androperator/operator/app/OperatorNotificationListener;',
      'Lapp/androperator/operator/core/Engine;',
      'Lkotlin/jvm/internal/Intrinsics;',
    ]) {
      expect(classes, name).toContain(name);
    }
  });
});
