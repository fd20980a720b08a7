/**
 * PackageManager: installed packages with version, SDK levels, uid, code path,
 * components and granted permissions. An app definition installs its package;
 * a bare `PackageSpec` is a package with no UI (the Operator's, system
 * packages). `adb install` / `pm install` of an APK file reads its binary
 * AndroidManifest.xml (`../apk/manifest.ts`) and fails the way `pm` fails.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { installedAppModel } from '../apk/installed-app.js';
import { type ApkComponent, ApkComponentSchema, ApkParseError, readApkManifest } from '../apk/manifest.js';
import type { AppDefinition } from '../app/types.js';
import { Emitter } from './emitter.js';

/** Java package-name syntax with at least two segments, as `PackageParser` requires. */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/;

export const PackageSpecSchema = z.object({
  // `android` (the framework's own package) is the one name without a dot.
  packageName: z.string().refine((name) => name === 'android' || PACKAGE_NAME_PATTERN.test(name)),
  /** Empty when an APK's manifest declares none (`dumpsys package` prints `versionName=null`). */
  versionName: z.string().default('1.0'),
  versionCode: z.number().int().nonnegative().default(1),
  minSdk: z.number().int().positive().default(24),
  targetSdk: z.number().int().positive().default(34),
  label: z.string().optional(),
  /** Preinstalled system package (`pm list packages -s`); cannot be uninstalled. */
  system: z.boolean().default(false),
  /** A fixed uid (`android.uid.system` packages share 1000); default the next app uid. */
  uid: z.number().int().positive().optional(),
  /** Where the APK lives; default a fresh `/data/app/~~.../base.apk` (system packages name theirs). */
  codePath: z.string().optional(),
  requestedPermissions: z.array(z.string()).default([]),
  activities: z.array(ApkComponentSchema).default([]),
  receivers: z.array(ApkComponentSchema).default([]),
  services: z.array(ApkComponentSchema).default([]),
});
export type PackageSpec = z.input<typeof PackageSpecSchema>;

export interface InstalledPackage
  extends Omit<z.output<typeof PackageSpecSchema>, 'codePath' | 'label' | 'uid'> {
  label: string;
  uid: number;
  /** `/data/app/~~<hash>==/<pkg>-<hash>==/base.apk`, or the system image path. */
  codePath: string;
  firstInstallTime: number;
  lastUpdateTime: number;
  /** Who installed it: `com.android.shell` for adb installs, undefined for the system image. */
  installer: string | undefined;
  grantedPermissions: Set<string>;
  /** The app model, when the package has a UI. */
  app?: AppDefinition;
}

export type { ApkComponent };

export type PackageEvent = { type: 'installed' | 'removed'; packageName: string };

export interface InstallApkResult {
  ok: boolean;
  /** `Success` or `Failure [REASON: message]`, what `pm install` prints. */
  output: string;
  packageName?: string;
}

export interface PackageManagerOptions {
  now: () => number;
  /** The platform's API level (install checks `minSdkVersion` against it). */
  sdk: number;
}

/** Android 14 refuses apps targeting an older SDK than this (`MIN_INSTALLABLE_TARGET_SDK`). */
const MIN_INSTALLABLE_TARGET_SDK = 23;

export class PackageManager {
  private readonly installed = new Map<string, InstalledPackage>();
  private readonly events = new Emitter<PackageEvent>();
  private nextUid = 10_100;
  private nextSession = 0;

  constructor(private readonly options: PackageManagerOptions) {}

  /** Installs or replaces (keeping the uid and data) a package, optionally with its app model. */
  install(input: PackageSpec, app?: AppDefinition, installer?: string): InstalledPackage {
    const spec = PackageSpecSchema.parse(input);
    const previous = this.installed.get(spec.packageName);
    const hash = (salt: string) =>
      createHash('sha256')
        .update(salt + spec.packageName)
        .digest('base64url')
        .slice(0, 22);
    const now = this.options.now();
    const pkg: InstalledPackage = {
      ...spec,
      // An update of a system package stays a system package (an "updated system app").
      system: spec.system || (previous?.system ?? false),
      label: spec.label ?? app?.label ?? previous?.label ?? spec.packageName,
      uid: previous?.uid ?? spec.uid ?? this.nextUid++,
      codePath:
        spec.codePath ??
        previous?.codePath ??
        `/data/app/~~${hash('a')}==/${spec.packageName}-${hash('b')}==/base.apk`,
      firstInstallTime: previous?.firstInstallTime ?? now,
      lastUpdateTime: now,
      installer: installer ?? previous?.installer,
      grantedPermissions: previous?.grantedPermissions ?? new Set(),
      app: app ?? previous?.app,
    };
    this.installed.set(spec.packageName, pkg);
    this.events.emit({ type: 'installed', packageName: spec.packageName });
    return pkg;
  }

  /**
   * Installs an APK file from its bytes, as `pm install` does: parse the
   * manifest, check signature, SDK levels and downgrades (`-d` allows one on
   * this userdebug build); returns what `pm install` prints.
   */
  installApk(apk: Buffer, flags: readonly string[] = []): InstallApkResult {
    // The staging path of a PackageInstaller session, as pm's messages name it.
    const path = `/data/app/vmdl${1_000_000_000 + 7919 * ++this.nextSession}.tmp/base.apk`;
    let manifest: ReturnType<typeof readApkManifest>;
    try {
      manifest = readApkManifest(apk, path);
    } catch (error) {
      if (error instanceof ApkParseError) return { ok: false, output: error.pmOutput };
      throw error;
    }
    const fail = (reason: string, message: string) => ({
      ok: false,
      output: `Failure [${reason}: ${message}]`,
    });
    if (manifest.targetSdk < MIN_INSTALLABLE_TARGET_SDK)
      return fail(
        'INSTALL_FAILED_DEPRECATED_SDK_VERSION',
        `App package must target at least SDK version ${MIN_INSTALLABLE_TARGET_SDK}, but found ${manifest.targetSdk}`,
      );
    if (manifest.minSdk > this.options.sdk)
      return fail(
        'INSTALL_FAILED_OLDER_SDK',
        `Requires newer sdk version #${manifest.minSdk} (current version is #${this.options.sdk})`,
      );
    const previous = this.installed.get(manifest.packageName);
    if (previous && previous.versionCode > manifest.versionCode && !flags.includes('-d'))
      return fail(
        'INSTALL_FAILED_VERSION_DOWNGRADE',
        `Downgrade detected: Update version code ${manifest.versionCode} is older than current ${previous.versionCode}`,
      );
    this.install(
      {
        ...manifest,
        versionName: manifest.versionName ?? '',
        label: manifest.label,
        requestedPermissions: manifest.permissions,
      },
      installedAppModel(manifest),
      'com.android.shell',
    );
    return { ok: true, output: 'Success', packageName: manifest.packageName };
  }

  uninstall(packageName: string): boolean {
    const pkg = this.installed.get(packageName);
    if (!pkg || pkg.system) return false;
    this.installed.delete(packageName);
    this.events.emit({ type: 'removed', packageName });
    return true;
  }

  get(packageName: string): InstalledPackage | undefined {
    return this.installed.get(packageName);
  }

  isInstalled(packageName: string): boolean {
    return this.installed.has(packageName);
  }

  versionName(packageName: string): string | undefined {
    return this.installed.get(packageName)?.versionName;
  }

  /** Installed packages in install order. */
  list(): InstalledPackage[] {
    return [...this.installed.values()];
  }

  /** Packages with a launcher activity (an app model that is not the home app). */
  launchable(): InstalledPackage[] {
    return this.list().filter((p) => p.app && !p.app.home);
  }

  uidOf(packageName: string): number {
    return this.installed.get(packageName)?.uid ?? 1000;
  }

  subscribe(fn: (event: PackageEvent) => void): () => void {
    return this.events.on(fn);
  }
}
