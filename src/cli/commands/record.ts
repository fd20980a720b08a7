/**
 * `droidproof record start|stop|pull|parse` (alias `recording`; seed 003
 * "Recording Format"). start and stop are executions (`start_recording` /
 * `stop_recording` with the seed's builder literals) printed as the usual
 * wrapper, exit 1 unless the envelope succeeded; a start refused because a
 * recording runs carries the seed's `hint` in the failed step and at the top of
 * the envelope. pull writes `<out>/<sessionId>.ndjson` (default `./recordings/`);
 * parse writes the lossy step log next to its input.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { buildExecution } from '../../actuator/device/builders.js';
import { type DialectName, resolveDialect, selectOperatorPackage } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import { parseRecording, type Recording, recordingStepLog } from '../../contract/recording/index.js';
import type { ExecutionResultWrapper } from '../../contract/wrappers.js';
import type { ParsedArgs } from '../args.js';
import { type CliCommand, type CommandContext, type CommandResult, EXIT } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import {
  ACTION_FLAGS,
  executionTimeout,
  runExecution,
  stringFlag,
  withDevice,
  wrapperOf,
} from './device-flags.js';

const SUBCOMMANDS = ['start', 'stop', 'pull', 'parse'] as const;

/** Reads and validates a local NDJSON recording; an unreadable file is RECORDING_PARSE_FAILED. */
export async function readRecordingFile(path: string): Promise<Recording> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new DroidproofError('RECORDING_PARSE_FAILED', `Cannot read recording ${path}: ${cause}`, {
      input: path,
      hint: 'Pass the .ndjson file that droidproof record pull wrote.',
    });
  }
  return parseRecording(text);
}

/** `<input without .ndjson>.<suffix>`, or `<input>.<suffix>` (003:11174, 11398-11401). */
export function siblingPath(input: string, suffix: string): string {
  return `${input.endsWith('.ndjson') ? input.slice(0, -'.ndjson'.length) : input}.${suffix}`;
}

/** Writes `text` to `path` in one rename: a failed write leaves no partial file. */
export async function writeWhole(path: string, text: string): Promise<void> {
  const partial = `${path}.partial-${process.pid}`;
  await writeFile(partial, text);
  await rename(partial, path);
}

function operatorPackageOf(args: ParsedArgs): string {
  return selectOperatorPackage(
    resolveDialect(stringFlag(args, 'dialect') as DialectName | undefined),
    stringFlag(args, 'operator-package'),
  );
}

/** The seed's copy/paste recovery for RECORDING_ALREADY_IN_PROGRESS (003:12036-12057). */
function withStopHint(args: ParsedArgs) {
  return (result: ExecutionResultWrapper): Record<string, unknown> => {
    const wrapper = wrapperOf(result);
    const steps = result.envelope.stepResults;
    const refused = steps.find((s) => !s.success && s.data.error === 'RECORDING_ALREADY_IN_PROGRESS');
    if (!refused) return wrapper;
    const session = refused.data.sessionId ?? '<active_session_id>';
    const hint = `Run 'droidproof record stop --session-id ${session} --device ${result.deviceId} --operator-package ${operatorPackageOf(args)}' before starting a new recording.`;
    const stepResults = steps.map((s) => (s === refused ? { ...s, data: { ...s.data, hint } } : s));
    return { ...wrapper, envelope: { ...result.envelope, stepResults, hint } };
  };
}

function sessionParams(args: ParsedArgs): { sessionId?: string } {
  const sessionId = stringFlag(args, 'session-id');
  return sessionId === undefined ? {} : { sessionId };
}

async function pull(context: CommandContext): Promise<CommandResult> {
  const { args, cwd } = context;
  const outDir = resolve(cwd, stringFlag(args, 'out') ?? 'recordings');
  const pulled = await withDevice(context, (device) =>
    device.recording.pull({ ...sessionParams(args), outDir }),
  );
  const local = relative(cwd, pulled.localPath);
  return {
    body: {
      ok: true,
      localPath: local.startsWith('..') ? pulled.localPath : local,
      sessionId: pulled.sessionId,
    },
    exitCode: EXIT.OK,
  };
}

async function parse(context: CommandContext): Promise<CommandResult> {
  const { args, cwd } = context;
  const input = stringFlag(args, 'input');
  if (input === undefined) throw new UsageError('record parse requires --input <file>', { flag: '--input' });
  const log = recordingStepLog(await readRecordingFile(resolve(cwd, input)));
  const outputFile = stringFlag(args, 'out') ?? siblingPath(input, 'steps.json');
  try {
    await writeWhole(resolve(cwd, outputFile), `${JSON.stringify(log, null, 2)}\n`);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new DroidproofError('RECORDING_PARSE_FAILED', `Cannot write ${outputFile}: ${cause}`, {
      outputFile,
    });
  }
  // The human summary goes to stderr, the JSON result to stdout (003:11413-11417).
  for (const step of log.steps) {
    const target = step.type === 'click' ? (step.resourceId ?? step.text ?? step.contentDesc ?? '') : '';
    process.stderr.write(
      `seq ${step.seq}: ${step.type} ${step.packageName} ${target}\n`.replace(/ +\n$/, '\n'),
    );
  }
  return {
    body: {
      ok: true,
      outputFile,
      stepCount: log.steps.length,
      ...(log._warnings ? { warnings: log._warnings } : {}),
    },
    exitCode: EXIT.OK,
  };
}

export const recordCommand: CliCommand = {
  name: 'record',
  aliases: ['recording'],
  summary: 'Record accessibility events on the Operator, pull and parse the recording',
  usage:
    'record start [--session-id <id>] | stop [--session-id <id>] | pull [--session-id <id>] [--out <dir>] | parse --input <file> [--out <file>]',
  flags: {
    ...ACTION_FLAGS,
    'session-id': { type: 'string', valueName: '<id>', description: 'recording session id ([a-zA-Z0-9_-]+)' },
    out: {
      type: 'string',
      valueName: '<path>',
      description: 'pull: directory (default ./recordings/); parse: file',
    },
    input: { type: 'string', valueName: '<file>', description: 'parse: the pulled .ndjson recording' },
  },
  async run(context) {
    const { args } = context;
    const [sub, ...extra] = args.positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    const timeoutMs = executionTimeout(args);
    switch (sub) {
      case 'start':
        return runExecution(
          context,
          buildExecution('start_recording', sessionParams(args), { timeoutMs }),
          withStopHint(args),
        );
      case 'stop':
        return runExecution(context, buildExecution('stop_recording', sessionParams(args), { timeoutMs }));
      case 'pull':
        return pull(context);
      case 'parse':
        return parse(context);
      case undefined:
        throw new MissingArgumentError(`record requires a subcommand: ${SUBCOMMANDS.join(', ')}`);
      default:
        throw new UsageError(`unknown record subcommand ${JSON.stringify(sub)}`, {
          subcommands: SUBCOMMANDS,
        });
    }
  },
};
