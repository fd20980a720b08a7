/**
 * PackageManager: installed packages with version, uid, code path and
 * granted permissions. An app definition installs its package; a bare
 * `PackageSpec` is a package with no UI (the Operator's, system packages).
 *
 * `adb install` of a real APK cannot be parsed here, so an installable file is
 * a JSON `PackageSpec` (see `virtualApk`); anything else fails the way Android
 * fails a corrupt APK.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppDefinition } from '../app/types.js';
import { Emitter } from './emitter.js';

/** Java package-name syntax with at least two segments, as `PackageParser` requires. */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/;

export const PackageSpecSchema = z.object({
  packageName: z.string().regex(PACKAGE_NAME_PATTERN),
  versionName: z.string().default('1.0'),
  versionCode: z.number().int().nonnegative().default(1),
  label: z.string().optional(),
  /** Preinstalled system package (`pm list packages -s`); cannot be uninstalled. */
  system: z.boolean().default(false),
});
export type PackageSpec = z.input<typeof PackageSpecSchema>;

export interface InstalledPackage {
  packageName: string;
  versionName: string;
  versionCode: number;
  label: string;
  system: boolean;
  uid: number;
  /** `/data/app/~~<hash>==/<pkg>-<hash>==/base.apk`. */
  codePath: string;
  firstInstallTime: number;
  grantedPermissions: Set<string>;
  /** The app model, when the package has a UI. */
  app?: AppDefinition;
}

export type PackageEvent = { type: 'installed' | 'removed'; packageName: string };

/** Wraps a package spec into the bytes `adb install` sends for a virtual APK. */
export function virtualApk(spec: PackageSpec): Buffer {
  return Buffer.from(JSON.stringify({ droidproofVirtualApk: 1, ...spec }));
}

export class PackageManager {
  private readonly installed = new Map<string, InstalledPackage>();
  private readonly events = new Emitter<PackageEvent>();
  private nextUid = 10_100;

  constructor(private readonly now: () => number) {}

  /** Installs or replaces (keeping the uid) a package, optionally with its app model. */
  install(input: PackageSpec, app?: AppDefinition): InstalledPackage {
    const spec = PackageSpecSchema.parse(input);
    const previous = this.installed.get(spec.packageName);
    const hash = (salt: string) =>
      createHash('sha256')
        .update(salt + spec.packageName)
        .digest('base64url')
        .slice(0, 22);
    const pkg: InstalledPackage = {
      ...spec,
      label: spec.label ?? app?.label ?? spec.packageName,
      uid: previous?.uid ?? (spec.system ? 1000 : this.nextUid++),
      codePath:
        previous?.codePath ?? `/data/app/~~${hash('a')}==/${spec.packageName}-${hash('b')}==/base.apk`,
      firstInstallTime: previous?.firstInstallTime ?? this.now(),
      grantedPermissions: previous?.grantedPermissions ?? new Set(),
      app: app ?? previous?.app,
    };
    this.installed.set(spec.packageName, pkg);
    this.events.emit({ type: 'installed', packageName: spec.packageName });
    return pkg;
  }

  /** Installs the bytes of a virtual APK; returns what `pm install` prints. */
  installApk(apk: Buffer): { ok: boolean; output: string; packageName?: string } {
    let spec: unknown;
    try {
      spec = JSON.parse(apk.toString('utf8'));
    } catch {
      return { ok: false, output: 'Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse APK]' };
    }
    const parsed = PackageSpecSchema.safeParse(spec);
    if (!parsed.success || (spec as { droidproofVirtualApk?: unknown }).droidproofVirtualApk !== 1) {
      return { ok: false, output: 'Failure [INSTALL_PARSE_FAILED_NO_CERTIFICATES: No virtual APK manifest]' };
    }
    const previous = this.installed.get(parsed.data.packageName);
    if (previous && previous.versionCode > parsed.data.versionCode) {
      return { ok: false, output: 'Failure [INSTALL_FAILED_VERSION_DOWNGRADE]' };
    }
    this.install(parsed.data);
    return { ok: true, output: 'Success', packageName: parsed.data.packageName };
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
