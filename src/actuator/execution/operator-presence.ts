/**
 * Is the selected Operator package installed? Queried with `pm list packages`
 * (a substring filter, so both variants come back in one call) and cached
 * while positive. Absence is only claimed when the query worked and neither
 * variant is listed (seed 003 "OPERATOR_NOT_INSTALLED"); the other variant
 * installed is OPERATOR_VARIANT_MISMATCH, never an implicit switch. `pm`
 * prints nothing for "no match", which a cut connection also gives, so the
 * query ends with an `echo` of a marker: no marker, no answer (a transport error).
 */

import { alternateVariant, type OperatorDialect } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from '../adb/device-shell.js';
import { shellCommand } from '../adb/shell-quote.js';
import { parseDumpsysVersion, versionsCompatible } from '../doctor/version.js';

const END_MARKER = 'droidproof:pm-list-end';

export function parsePackageList(output: string): Set<string> {
  const names = new Set<string>();
  for (const line of output.split('\n')) {
    const match = /^package:(.+)$/.exec(line.trim());
    if (match) names.add(match[1].trim());
  }
  return names;
}

/** Longest common prefix, used as the `pm list packages` filter for both variants. */
function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

export interface OperatorPresenceOptions {
  /** How long a positive answer is trusted at most (ms); the engine also drops it on events. Default 60 s. */
  cacheMs?: number;
  /**
   * The version the installed Operator must match before a dispatch (seed 003
   * "Version Probing Flow"; `-d` stripped). Undefined leaves versions to doctor.
   */
  requiredVersion?: string;
}

export class OperatorPresence {
  private confirmedAt: number | undefined;
  private versionConfirmedAt: number | undefined;
  /** The query in flight: a caller arriving meanwhile shares its answer instead of asking again. */
  private pending: Promise<void> | undefined;
  private readonly cacheMs: number;

  constructor(
    private readonly shell: DeviceShell,
    private readonly dialect: OperatorDialect,
    private readonly operatorPackage: string,
    private readonly options: OperatorPresenceOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? 60_000;
  }

  /** Whether a version is required at all (the dialect pins Operator versions). */
  get versionPinned(): boolean {
    return this.options.requiredVersion !== undefined;
  }

  invalidate(): void {
    this.confirmedAt = undefined;
    this.versionConfirmedAt = undefined;
    this.pending = undefined;
  }

  /**
   * Starts the dispatch gate's query now (at connect, beside the logcat
   * start) so the first execution finds it answered or in flight. A failure
   * is not reported here: that execution queries again and throws it.
   */
  prefetch(): void {
    this.ensureDispatchable().catch(() => undefined);
  }

  /** Resolves when the package is installed; throws OPERATOR_NOT_INSTALLED, OPERATOR_VARIANT_MISMATCH or DEVICE_SHELL_UNAVAILABLE. */
  async ensureInstalled(): Promise<void> {
    if (this.fresh(this.confirmedAt)) return;
    await this.query(false);
  }

  /**
   * The gate before a dispatch: installed, and (with `requiredVersion`) of a
   * compatible version, read in the same shell command; otherwise
   * VERSION_INCOMPATIBLE or APK_VERSION_UNREADABLE, and nothing is dispatched.
   */
  async ensureDispatchable(): Promise<void> {
    const versionGate = this.options.requiredVersion !== undefined;
    if (this.fresh(this.confirmedAt) && (!versionGate || this.fresh(this.versionConfirmedAt))) return;
    if (this.pending) return this.pending;
    const query = this.query(versionGate).finally(() => {
      if (this.pending === query) this.pending = undefined;
    });
    this.pending = query;
    return query;
  }

  private fresh(at: number | undefined): boolean {
    return at !== undefined && Date.now() - at < this.cacheMs;
  }

  private async query(withVersion: boolean): Promise<void> {
    const alternate = alternateVariant(this.dialect, this.operatorPackage);
    const filter = alternate ? commonPrefix(this.operatorPackage, alternate) : this.operatorPackage;
    const list = shellCommand('pm list packages', { quoted: filter });
    const dumpsys = shellCommand('dumpsys package', { quoted: this.operatorPackage });
    const raw = (
      await this.shell.exec(
        `${list}; echo ${END_MARKER}${withVersion ? `; ${dumpsys}; echo ${END_MARKER}` : ''}`,
      )
    ).toString('utf8');
    const parts = raw.split(END_MARKER);
    const details = { operatorPackage: this.operatorPackage, serial: this.shell.serial };
    if (parts.length < (withVersion ? 3 : 2)) {
      throw new DroidproofError(
        'DEVICE_SHELL_UNAVAILABLE',
        'The installed-package query got no complete answer (the adb connection ended early)',
        { ...details, output: raw.slice(0, 500) },
      );
    }
    const [output = '', versionOutput = ''] = parts;
    const installed = parsePackageList(output);
    if (installed.has(this.operatorPackage)) {
      this.confirmedAt = Date.now();
      if (withVersion) this.checkVersion(versionOutput);
      return;
    }
    if (installed.size === 0 && output.trim() !== '') {
      throw new DroidproofError('DEVICE_SHELL_UNAVAILABLE', 'The installed-package query failed', {
        ...details,
        output: output.slice(0, 500),
      });
    }
    if (alternate && installed.has(alternate)) {
      throw new DroidproofError(
        'OPERATOR_VARIANT_MISMATCH',
        `Operator package ${this.operatorPackage} is not installed, but ${alternate} is; pass --operator-package ${alternate} or install the intended variant`,
        { ...details, installedVariant: alternate, fix: { operatorPackage: alternate } },
      );
    }
    throw new DroidproofError(
      'OPERATOR_NOT_INSTALLED',
      `Operator package ${this.operatorPackage} is not installed`,
      {
        ...details,
        install: `adb -s ${this.shell.serial} install <operator.apk>`,
      },
    );
  }

  private checkVersion(dumpsysOutput: string): void {
    const required = this.options.requiredVersion!;
    const { versionName, versionCode } = parseDumpsysVersion(dumpsysOutput);
    const details = {
      cliVersion: required,
      apkVersion: versionName,
      apkVersionCode: versionCode,
      operatorPackage: this.operatorPackage,
      serial: this.shell.serial,
    };
    if (versionName === undefined)
      throw new DroidproofError('APK_VERSION_UNREADABLE', 'Installed APK version is unreadable.', details);
    if (!versionsCompatible(required, versionName)) {
      throw new DroidproofError(
        'VERSION_INCOMPATIBLE',
        `CLI ${required} is not compatible with installed APK ${versionName}.`,
        {
          ...details,
          hint: 'droidproof requires the exact same version between the CLI and APK, ignoring only the debug suffix.',
        },
      );
    }
    this.versionConfirmedAt = Date.now();
  }
}
