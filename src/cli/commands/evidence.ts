/**
 * `droidproof evidence capture --output-dir <new-directory> [--label <text>]
 * [--context-json <object>] [--timeout <ms>]` (seed 003 "Evidence Bundles",
 * CLI capture): one still bundle (screenshot, raw hierarchy, metadata,
 * receipts) in a new absolute directory whose parent exists. Exit 0 only for
 * a complete bundle; partial and failed ones answer `ok: false` with
 * EVIDENCE_CAPTURE_FAILED and keep the manifest.
 */
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, sep } from 'node:path';
import { shellCommand } from '../../actuator/adb/shell-quote.js';
import { AdbTransport } from '../../actuator/adb/transport.js';
import { parseDumpsysVersion } from '../../actuator/doctor/version.js';
import { DroidproofError } from '../../contract/errors.js';
import { captureEvidence } from '../../evidence/capture.js';
import { deviceEvidenceSource } from '../../evidence/device-source.js';
import type { ParsedArgs } from '../args.js';
import { type CliCommand, EXIT } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { DEVICE_FLAGS, intFlag, stringFlag, targetFromFlags, withDevice } from './device-flags.js';

const MAX_LABEL_UNITS = 2048;
const MAX_CONTEXT_BYTES = 16 * 1024;

function invalid(message: string, details: Record<string, unknown>): DroidproofError {
  return new DroidproofError('EXECUTION_VALIDATION_FAILED', message, details);
}

/** Absolute, not a root, no `..`, parent a directory, itself absent (EVIDENCE_OUTPUT_EXISTS). */
async function outputDirOf(args: ParsedArgs): Promise<string> {
  const raw = stringFlag(args, 'output-dir');
  if (raw === undefined)
    throw new MissingArgumentError('evidence capture requires --output-dir <new-directory>.');
  const path = raw.length > 1 && raw.endsWith(sep) ? raw.slice(0, -1) : raw;
  if (!isAbsolute(path)) throw invalid('--output-dir must be an absolute path', { path: raw });
  if (dirname(path) === path) throw invalid('--output-dir must not be a filesystem root', { path: raw });
  if (path.split(sep).includes('..'))
    throw invalid('--output-dir must not traverse to a parent', { path: raw });
  const parent = await stat(dirname(path)).catch(() => undefined);
  if (!parent?.isDirectory())
    throw invalid(`the parent of --output-dir must be an existing directory: ${dirname(path)}`, {
      path: raw,
    });
  if (await stat(path).catch(() => undefined))
    throw new DroidproofError('EVIDENCE_OUTPUT_EXISTS', `${path} already exists; choose a new directory`, {
      path,
    });
  return path;
}

/** `--label`: any text up to 2048 UTF-16 code units, the empty string included; default null. */
function labelOf(args: ParsedArgs): string | null {
  const value = args.flags.label;
  if (value === true) throw new UsageError('--label needs a value', { flag: '--label' });
  if (value === undefined) return null;
  if (value.length > MAX_LABEL_UNITS)
    throw invalid(`--label is ${value.length} UTF-16 code units; at most ${MAX_LABEL_UNITS}`, {
      flag: '--label',
    });
  return value;
}

/** `--context-json`: a JSON object of at most 16 KiB serialized; default `{}`. */
function contextOf(args: ParsedArgs): Record<string, unknown> {
  const raw = stringFlag(args, 'context-json');
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('--context-json is not valid JSON', { flag: '--context-json' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('--context-json must be a JSON object', { flag: '--context-json' });
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_CONTEXT_BYTES)
    throw invalid(`--context-json exceeds ${MAX_CONTEXT_BYTES} bytes serialized`, { flag: '--context-json' });
  return value as Record<string, unknown>;
}

export const evidenceCommand: CliCommand = {
  name: 'evidence',
  summary: 'Capture a screenshot and raw hierarchy evidence bundle',
  usage:
    'evidence capture --output-dir <new-directory> [--label <text>] [--context-json <object>] [--timeout <ms>]',
  flags: {
    ...DEVICE_FLAGS,
    'output-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'absolute new bundle directory (parent must exist)',
    },
    label: { type: 'string', valueName: '<text>', description: 'bundle label (default null)' },
    'context-json': {
      type: 'string',
      valueName: '<object>',
      description: 'opaque context object (default {})',
    },
    timeout: {
      type: 'string',
      valueName: '<ms>',
      description: 'device-work budget, 1000..120000 (default 30000)',
    },
  },
  async run(context) {
    const { args, env } = context;
    const [sub, ...extra] = args.positionals;
    if (sub === 'video') {
      throw new UsageError(
        "evidence video is not available: droidproof films tests through the runner option evidence.video ('on-failure' | 'always')",
        { subcommands: ['capture'] },
      );
    }
    if (sub !== 'capture')
      throw new UsageError(
        sub === undefined ? 'evidence needs a subcommand: capture' : `unknown evidence subcommand ${sub}`,
        {
          subcommands: ['capture'],
        },
      );
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    const timeoutMs = intFlag(args, 'timeout', 1000, 120_000) ?? 30_000;
    const label = labelOf(args);
    const bundleContext = contextOf(args);
    const outputDir = await outputDirOf(args);
    const target = await targetFromFlags(args, env);
    const result = await withDevice(
      context,
      async (device) => {
        // The Operator's versionName for the manifest; unreadable leaves it null (a partial bundle says so).
        const dumpsys = await new AdbTransport(target)
          .device(device.serial)
          .exec(shellCommand('dumpsys package', { quoted: device.operatorPackage }))
          .catch(() => Buffer.alloc(0));
        const operatorVersion = parseDumpsysVersion(dumpsys.toString('utf8')).versionName;
        return captureEvidence({
          source: deviceEvidenceSource(device, { operatorVersion }),
          outputDir,
          label,
          context: bundleContext,
          timeoutMs,
        });
      },
      target,
    );
    const exists = result.errors.find((e) => e.code === 'EVIDENCE_OUTPUT_EXISTS');
    if (result.dir === null && exists)
      throw new DroidproofError('EVIDENCE_OUTPUT_EXISTS', exists.message, { path: outputDir });
    const body = {
      ok: result.ok,
      status: result.status,
      manifestPath: result.manifestPath,
      evidenceId: result.evidenceId,
      ...(result.ok ? {} : { code: 'EVIDENCE_CAPTURE_FAILED' }),
    };
    return { body, exitCode: result.ok ? EXIT.OK : EXIT.FAILURE };
  },
};
