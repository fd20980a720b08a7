/**
 * What the package manager reads from an APK file: the binary
 * AndroidManifest.xml (package, version, SDK levels, label, permissions,
 * components) and whether the file is signed. Failures carry the
 * `INSTALL_PARSE_FAILED_*` reason and message a real `pm install` prints.
 */
import { z } from 'zod';
import { DroidproofError } from '../../../contract/errors.js';
import { type AxmlElement, AxmlFormatError, type AxmlValue, parseAxml } from './axml.js';
import { hasSigningBlock, readZip, readZipEntry, ZipFormatError } from './zip.js';

/** An activity, receiver or service the manifest declares. */
export const ApkComponentSchema = z.object({
  /** Fully qualified class name (`.Receiver` is expanded with the package). */
  name: z.string(),
  exported: z.boolean().optional(),
  /** `<intent-filter><action android:name>` values. */
  actions: z.array(z.string()).default([]),
});
export type ApkComponent = z.output<typeof ApkComponentSchema>;

export interface ApkManifest {
  packageName: string;
  versionCode: number;
  /** Absent when the manifest has none (`dumpsys package` prints `versionName=null`). */
  versionName: string | undefined;
  minSdk: number;
  targetSdk: number;
  /** `android:label` when it is a literal string (a `@string/` reference needs resources.arsc). */
  label: string | undefined;
  permissions: string[];
  activities: ApkComponent[];
  receivers: ApkComponent[];
  services: ApkComponent[];
}

/** An `INSTALL_PARSE_FAILED_*` reason, as `pm install` reports it. */
export class ApkParseError extends DroidproofError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super('APK_PARSE_FAILED', message, { reason });
  }

  /** `Failure [REASON: message]`, pm's one line. */
  get pmOutput(): string {
    return `Failure [${this.reason}: ${this.message}]`;
  }
}

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
/** Framework attribute ids (android.R.attr): how Android itself finds `android:` attributes. */
const ATTR = {
  label: 0x01010001,
  name: 0x01010003,
  exported: 0x01010010,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  minSdkVersion: 0x0101020c,
  targetSdkVersion: 0x01010270,
} as const;

function androidAttr(element: AxmlElement, name: keyof typeof ATTR): AxmlValue | undefined {
  const byId = element.attributes.find((a) => a.resourceId === ATTR[name]);
  return (byId ?? element.attributes.find((a) => a.namespace === ANDROID_NS && a.name === name))?.value;
}

function plainAttr(element: AxmlElement, name: string): AxmlValue | undefined {
  return element.attributes.find((a) => a.namespace === undefined && a.name === name)?.value;
}

function asString(value: AxmlValue | undefined): string | undefined {
  if (!value) return undefined;
  if (value.type === 'string') return value.value;
  if (value.type === 'int') return String(value.value);
  if (value.type === 'boolean') return String(value.value);
  return undefined;
}

function asInt(value: AxmlValue | undefined): number | undefined {
  if (value?.type === 'int') return value.value;
  if (value?.type === 'string' && /^\d+$/.test(value.value)) return Number(value.value);
  return undefined;
}

/** `FrameworkParsingPackageUtils.validateName` for a package: the error text, or undefined when valid. */
export function packageNameError(name: string): string | undefined {
  let separator = false;
  let front = true;
  for (const c of name) {
    if (/[A-Za-z]/.test(c)) front = false;
    else if (!front && /[0-9_]/.test(c)) continue;
    else if (c === '.') {
      separator = true;
      front = true;
    } else return `bad character '${c}'`;
  }
  return separator ? undefined : "must have at least one '.' separator";
}

function components(application: AxmlElement | undefined, tag: string, packageName: string): ApkComponent[] {
  return (application?.children ?? [])
    .filter((c) => c.name === tag)
    .map((c) => {
      const raw = asString(androidAttr(c, 'name')) ?? '';
      const exported = androidAttr(c, 'exported');
      return {
        name: raw.startsWith('.') ? packageName + raw : raw.includes('.') ? raw : `${packageName}.${raw}`,
        exported: exported?.type === 'boolean' ? exported.value : undefined,
        actions: c.children
          .filter((f) => f.name === 'intent-filter')
          .flatMap((f) => f.children.filter((a) => a.name === 'action'))
          .map((a) => asString(androidAttr(a, 'name')) ?? ''),
      };
    });
}

/** Reads the manifest of the APK bytes; `path` is where pm says it parsed them. */
export function readApkManifest(apk: Buffer, path: string): ApkManifest {
  let root: AxmlElement;
  let signed: boolean;
  try {
    const zip = readZip(apk);
    const manifest = zip.entries.get('AndroidManifest.xml');
    if (!manifest)
      throw new ApkParseError('INSTALL_PARSE_FAILED_UNEXPECTED_EXCEPTION', `Failed to parse ${path}`);
    root = parseAxml(readZipEntry(apk, manifest));
    signed =
      hasSigningBlock(apk, zip) ||
      (zip.entries.has('META-INF/MANIFEST.MF') &&
        [...zip.entries.keys()].some((n) => /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i.test(n)));
  } catch (error) {
    if (error instanceof ZipFormatError)
      throw new ApkParseError('INSTALL_PARSE_FAILED_NOT_APK', `Failed to parse ${path}`);
    if (error instanceof AxmlFormatError)
      throw new ApkParseError('INSTALL_PARSE_FAILED_UNEXPECTED_EXCEPTION', `Failed to parse ${path}`);
    throw error;
  }
  // ApkLiteParseUtils' order: open the manifest, collect certificates, then read the <manifest> tag.
  if (!signed)
    throw new ApkParseError(
      'INSTALL_PARSE_FAILED_NO_CERTIFICATES',
      `Failed collecting certificates for ${path}`,
    );
  if (root.name !== 'manifest')
    throw new ApkParseError('INSTALL_PARSE_FAILED_MANIFEST_MALFORMED', 'No <manifest> tag');
  const packageName = asString(plainAttr(root, 'package')) ?? '';
  const nameError = packageNameError(packageName);
  if (nameError)
    throw new ApkParseError(
      'INSTALL_PARSE_FAILED_BAD_PACKAGE_NAME',
      `Invalid manifest package: ${nameError}`,
    );
  const usesSdk = root.children.find((c) => c.name === 'uses-sdk');
  const minSdk = (usesSdk && asInt(androidAttr(usesSdk, 'minSdkVersion'))) ?? 1;
  const application = root.children.find((c) => c.name === 'application');
  const label = application && androidAttr(application, 'label');
  return {
    packageName,
    versionCode: asInt(androidAttr(root, 'versionCode')) ?? 0,
    versionName: asString(androidAttr(root, 'versionName')),
    minSdk,
    targetSdk: (usesSdk && asInt(androidAttr(usesSdk, 'targetSdkVersion'))) ?? minSdk,
    label: label?.type === 'string' ? label.value : undefined,
    permissions: root.children
      .filter((c) => c.name === 'uses-permission')
      .map((c) => asString(androidAttr(c, 'name')) ?? ''),
    activities: components(application, 'activity', packageName),
    receivers: components(application, 'receiver', packageName),
    services: components(application, 'service', packageName),
  };
}
