/**
 * `dumpsys package <pkg>` (and `pm dump <pkg>`) in Android 14's layout: the
 * resolver tables of the package's components, then the `Packages:` block
 * with `versionCode=... minSdk=... targetSdk=...`, `versionName=`, flags,
 * times, installer, permissions and the per-user state clients grep.
 */
import type { VirtualAndroid } from '../../device.js';
import type { ApkComponent, InstalledPackage } from '../../system/packages.js';
import { identityHash } from './identity-hash.js';

export function formatDumpTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** `pkg/.Short` or `pkg/full.Name`, as ComponentName.flattenToShortString prints. */
function shortName(packageName: string, className: string): string {
  return `${packageName}/${className.startsWith(`${packageName}.`) ? className.slice(packageName.length) : className}`;
}

/** `Activity Resolver Table:` / `Receiver Resolver Table:` / `Service Resolver Table:` for the actions declared. */
function resolverTable(title: string, pkg: InstalledPackage, components: readonly ApkComponent[]): string {
  const byAction = new Map<string, ApkComponent[]>();
  for (const c of components) for (const a of c.actions) byAction.set(a, [...(byAction.get(a) ?? []), c]);
  if (byAction.size === 0) return '';
  let out = `${title} Resolver Table:\n  Non-Data Actions:\n`;
  for (const [action, list] of byAction) {
    out += `      ${action}:\n`;
    for (const c of list) {
      out += `        ${identityHash(`${c.name}`)} ${shortName(pkg.packageName, c.name)} filter ${identityHash(`${c.name}/${action}`)}\n`;
      out += `          Action: "${action}"\n`;
    }
  }
  return `${out}\n`;
}

export function dumpPackage(device: VirtualAndroid, packageName: string): string {
  const pkg = device.packages.get(packageName);
  if (!pkg) return `Dexopt state:\n  Unable to find package: ${packageName}\n`;
  const codeDir = pkg.codePath.replace(/\/[^/]+\.apk$/, '');
  const flags = `[ ${pkg.system ? 'SYSTEM ' : ''}HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]`;
  const requested = pkg.requestedPermissions.map((p) => `      ${p}\n`).join('');
  const install = pkg.requestedPermissions.map((p) => `      ${p}: granted=true\n`).join('');
  const runtime = [...pkg.grantedPermissions]
    .map((p) => `        ${p}: granted=true, flags=[ USER_SET ]\n`)
    .join('');
  const stopped = device.activities.pidOf(packageName) === undefined && !pkg.system;
  return (
    resolverTable('Activity', pkg, pkg.activities) +
    resolverTable('Receiver', pkg, pkg.receivers) +
    resolverTable('Service', pkg, pkg.services) +
    `Key Set Manager:\n  [${pkg.packageName}]\n      Signing KeySets: ${(pkg.uid % 97) + 1}\n\n` +
    `Packages:\n  Package [${pkg.packageName}] (${identityHash(pkg.packageName)}):\n` +
    `    userId=${pkg.uid}\n` +
    `    pkg=Package{${identityHash(`pkg:${pkg.packageName}`)} ${pkg.packageName}}\n` +
    `    codePath=${codeDir}\n    resourcePath=${codeDir}\n` +
    `    legacyNativeLibraryDir=${codeDir}/lib\n    extractNativeLibs=false\n` +
    `    primaryCpuAbi=null\n    secondaryCpuAbi=null\n    cpuAbiOverride=null\n` +
    `    versionCode=${pkg.versionCode} minSdk=${pkg.minSdk} targetSdk=${pkg.targetSdk}\n` +
    `    minExtensionVersions=[]\n` +
    `    versionName=${pkg.versionName || 'null'}\n` +
    `    usesNonSdkApi=false\n    splits=[base]\n    apkSigningVersion=2\n` +
    `    flags=${flags}\n` +
    `    privateFlags=[ PRIVATE_FLAG_ACTIVITIES_RESIZE_MODE_RESIZEABLE_VIA_SDK_VERSION ALLOW_AUDIO_PLAYBACK_CAPTURE ]\n` +
    `    forceQueryable=false\n` +
    `    dataDir=/data/user/0/${pkg.packageName}\n` +
    `    supportsScreens=[small, medium, large, xlarge, resizeable, anyDensity]\n` +
    `    timeStamp=${formatDumpTime(pkg.lastUpdateTime)}\n` +
    `    lastUpdateTime=${formatDumpTime(pkg.lastUpdateTime)}\n` +
    `    installerPackageName=${pkg.installer ?? 'null'}\n` +
    `    installerPackageUid=${pkg.installer ? 2000 : -1}\n` +
    `    initiatingPackageName=${pkg.installer ?? 'null'}\n` +
    `    originatingPackageName=null\n    packageSource=0\n` +
    `    signatures=PackageSignatures{${identityHash(`sig:${pkg.packageName}`)} version:2, signatures:[${identityHash(`cert:${pkg.packageName}`)}], past signatures:[]}\n` +
    `    installPermissionsFixed=true\n` +
    `    pkgFlags=${flags}\n` +
    (requested ? `    requested permissions:\n${requested}` : '') +
    (install ? `    install permissions:\n${install}` : '') +
    `    User 0: ceDataInode=${40_000 + (pkg.uid % 10_000)} installed=true hidden=false suspended=false distractionFlags=0 stopped=${stopped} notLaunched=false enabled=0 instant=false virtual=false quarantined=false\n` +
    `      installReason=0\n` +
    `      firstInstallTime=${formatDumpTime(pkg.firstInstallTime)}\n` +
    `      uninstallReason=0\n` +
    `      gids=[3003]\n` +
    `      runtime permissions:\n${runtime}`
  );
}
