import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's android-framework-res: the platform resources aapt links a manifest against. */
export const FRAMEWORK_RES =
  process.env.DROIDPROOF_FRAMEWORK_RES ?? '/usr/share/android-framework-res/framework-res.apk';

/**
 * Whether aapt, framework-res.apk, keytool and apksigner are installed. APK
 * tests skip on a machine without them; with DROIDPROOF_REQUIRE_ADB=1 (CI) a
 * missing tool fails the run instead.
 */
export const hasApkTools =
  ['/usr/bin/aapt', '/usr/bin/apksigner', '/usr/bin/keytool'].every((path) => existsSync(path)) &&
  existsSync(FRAMEWORK_RES);
if (!hasApkTools && process.env.DROIDPROOF_REQUIRE_ADB === '1') {
  throw new Error(
    'DROIDPROOF_REQUIRE_ADB=1 but aapt/apksigner/android-framework-res are missing (apt-get install -y aapt apksigner android-framework-res)',
  );
}

export interface Component {
  name: string;
  actions?: string[];
  exported?: boolean;
}

export interface ManifestSpec {
  packageName: string;
  versionCode?: number;
  versionName?: string;
  minSdk?: number;
  targetSdk?: number;
  label?: string;
  permissions?: string[];
  activities?: Component[];
  receivers?: Component[];
  services?: Component[];
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function component(tag: string, c: Component): string {
  const exported = c.exported === undefined ? '' : ` android:exported="${c.exported}"`;
  const filters = c.actions?.length
    ? `<intent-filter>${c.actions.map((a) => `<action android:name="${xmlEscape(a)}"/>`).join('')}</intent-filter>`
    : '';
  return `<${tag} android:name="${xmlEscape(c.name)}"${exported}>${filters}</${tag}>`;
}

/** A source AndroidManifest.xml for aapt. */
export function manifestXml(spec: ManifestSpec): string {
  const version =
    (spec.versionCode === undefined ? '' : ` android:versionCode="${spec.versionCode}"`) +
    (spec.versionName === undefined ? '' : ` android:versionName="${xmlEscape(spec.versionName)}"`);
  return `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${xmlEscape(spec.packageName)}"${version}>
  <uses-sdk android:minSdkVersion="${spec.minSdk ?? 24}" android:targetSdkVersion="${spec.targetSdk ?? 34}"/>
  ${(spec.permissions ?? []).map((p) => `<uses-permission android:name="${xmlEscape(p)}"/>`).join('\n  ')}
  <application${spec.label === undefined ? '' : ` android:label="${xmlEscape(spec.label)}"`}>
    ${(spec.activities ?? []).map((a) => component('activity', a)).join('\n    ')}
    ${(spec.receivers ?? []).map((r) => component('receiver', r)).join('\n    ')}
    ${(spec.services ?? []).map((s) => component('service', s)).join('\n    ')}
  </application>
</manifest>
`;
}

export interface ApkBuilder {
  /** Builds an APK with Debian aapt against framework-res; signed with a test key unless `sign: false`. */
  build(manifest: ManifestSpec | string, options?: { sign?: boolean }): Promise<Buffer>;
  /** Writes bytes into the builder's temp dir and returns the path. */
  file(name: string, data: Buffer): Promise<string>;
  remove(): Promise<void>;
}

/** A builder with its own temp dir and a throwaway signing key (keytool, about 1.5 s). */
export async function apkBuilder(): Promise<ApkBuilder> {
  const dir = await mkdtemp(join(tmpdir(), 'droidproof-apk-'));
  const keystore = join(dir, 'test.jks');
  await run('keytool', [
    '-genkeypair',
    ...['-keystore', keystore, '-storepass', 'droidproof', '-keypass', 'droidproof', '-alias', 'test'],
    ...['-keyalg', 'RSA', '-keysize', '2048', '-validity', '3650', '-dname', 'CN=droidproof test'],
  ]);
  let count = 0;
  return {
    async build(manifest, options = {}) {
      const name = `app${++count}`;
      // aapt only reads a manifest named AndroidManifest.xml.
      await mkdir(join(dir, name));
      const source = join(dir, name, 'AndroidManifest.xml');
      const unsigned = join(dir, `${name}-unsigned.apk`);
      const signed = join(dir, `${name}.apk`);
      await writeFile(source, typeof manifest === 'string' ? manifest : manifestXml(manifest));
      await run('aapt', ['package', '-f', '-M', source, '-I', FRAMEWORK_RES, '-F', unsigned]);
      if (options.sign === false) return readFile(unsigned);
      await run('apksigner', [
        'sign',
        ...['--ks', keystore, '--ks-pass', 'pass:droidproof', '--out', signed, unsigned],
      ]);
      return readFile(signed);
    },
    async file(name, data) {
      const path = join(dir, name);
      await writeFile(path, data);
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
