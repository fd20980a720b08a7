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

export class OperatorPresence {
  private confirmedAt: number | undefined;

  constructor(
    private readonly shell: DeviceShell,
    private readonly dialect: OperatorDialect,
    private readonly operatorPackage: string,
    private readonly cacheMs = 60_000,
  ) {}

  invalidate(): void {
    this.confirmedAt = undefined;
  }

  /** Resolves when the package is installed; throws OPERATOR_NOT_INSTALLED, OPERATOR_VARIANT_MISMATCH or DEVICE_SHELL_UNAVAILABLE. */
  async ensureInstalled(): Promise<void> {
    if (this.confirmedAt !== undefined && Date.now() - this.confirmedAt < this.cacheMs) return;
    const alternate = alternateVariant(this.dialect, this.operatorPackage);
    const filter = alternate ? commonPrefix(this.operatorPackage, alternate) : this.operatorPackage;
    const output = (
      await this.shell.exec(`${shellCommand('pm list packages', { quoted: filter })}; echo ${END_MARKER}`)
    ).toString('utf8');
    const details = { operatorPackage: this.operatorPackage, serial: this.shell.serial };
    if (!output.includes(END_MARKER)) {
      throw new DroidproofError(
        'DEVICE_SHELL_UNAVAILABLE',
        'The installed-package query got no complete answer (the adb connection ended early)',
        { ...details, output: output.slice(0, 500) },
      );
    }
    const installed = parsePackageList(output);
    if (installed.has(this.operatorPackage)) {
      this.confirmedAt = Date.now();
      return;
    }
    if (installed.size === 0 && output.replace(END_MARKER, '').trim() !== '') {
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
}
