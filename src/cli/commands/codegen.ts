/**
 * `droidproof codegen`: records what the user does on the device and writes a
 * test. With `--app` the app is closed first (a fresh start), the recording
 * starts, the app opens; the user then taps through it — on the device, or on
 * a virtual device with `droidproof click`/`type`/`open` or the serve API —
 * and presses Enter (or Ctrl-C). The recording is stopped and pulled (kept
 * in `--recordings`, default `./recordings/`), the screen the session ended on
 * is captured, and the steps become a Vitest or Jest test (docs/codegen.md).
 * `--input <file.ndjson>` generates from a recording pulled earlier instead.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import type { Device } from '../../actuator/device/device.js';
import { generateTest, type RecordedStep, stepsFromRecording, type TestRunner } from '../../codegen/index.js';
import { DroidproofError } from '../../contract/errors.js';
import type { Recording } from '../../contract/recording/schema.js';
import type { ParsedArgs } from '../args.js';
import { type CliCommand, type CommandContext, type CommandResult, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { DEVICE_FLAGS, stringFlag, withDevice } from './device-flags.js';
import { readRecordingFile, writeWhole } from './record.js';

const RUNNERS: readonly TestRunner[] = ['vitest', 'jest'];

function runnerFlag(args: ParsedArgs): TestRunner {
  const runner = stringFlag(args, 'runner') ?? 'vitest';
  if (!(RUNNERS as readonly string[]).includes(runner)) {
    throw new UsageError(`--runner must be vitest or jest, got ${JSON.stringify(runner)}`, {
      flag: '--runner',
    });
  }
  return runner as TestRunner;
}

/** Resolves when the user presses Enter, stdin ends, or SIGINT/SIGTERM arrives. */
function untilDone(): Promise<void> {
  return new Promise((done) => {
    const stdin = process.stdin;
    const finish = () => {
      stdin.off('data', onData);
      stdin.off('end', finish);
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      stdin.pause();
      done();
    };
    const onData = (chunk: Buffer) => {
      if (chunk.includes(0x0a)) finish();
    };
    stdin.on('data', onData);
    stdin.once('end', finish);
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    stdin.resume();
  });
}

interface Session {
  recording: Recording;
  recordingPath: string;
  finalSnapshot?: string;
}

async function recordSession(context: CommandContext, device: Device): Promise<Session> {
  const { args, cwd } = context;
  const app = stringFlag(args, 'app');
  const sessionId = `codegen-${Date.now()}`;
  if (app) await device.closeApp(app);
  await device.recording.start(sessionId);
  let stopped = false;
  try {
    if (app) await device.openApp(app);
    process.stderr.write(
      `Recording on ${device.serial}. Use the app, then press Enter here to write the test (Ctrl-C works too).\n`,
    );
    await untilDone();
    // The screen the session ended on: what appeared there becomes the last postcondition.
    const finalSnapshot = (await device.snapshot()).xml;
    await device.recording.stop(sessionId);
    stopped = true;
    const outDir = resolve(cwd, stringFlag(args, 'recordings') ?? 'recordings');
    const pulled = await device.recording.pull({ sessionId, outDir });
    return {
      recording: await readRecordingFile(pulled.localPath),
      recordingPath: pulled.localPath,
      finalSnapshot,
    };
  } finally {
    // Never leave the Operator recording after a failure or an interrupt.
    if (!stopped) await device.recording.stop(sessionId).catch(() => undefined);
  }
}

/** Relative to the working directory when inside it, as `record pull` prints paths. */
function shownPath(cwd: string, path: string): string {
  const shown = relative(cwd, path);
  return shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}

function testName(args: ParsedArgs, steps: readonly RecordedStep[]): string {
  const named = stringFlag(args, 'name');
  if (named) return named;
  const app = steps.find((s) => s.kind === 'openApp');
  return app?.kind === 'openApp' ? `recorded session in ${app.applicationId}` : 'recorded session';
}

export const codegenCommand: CliCommand = {
  name: 'codegen',
  summary: 'Record a session on the device and write it as a test',
  usage:
    'codegen [--app <pkg>] [--device <serial>] [--runner vitest|jest] [--out <file>] [--name <test name>] [--recordings <dir>] | codegen --input <recording.ndjson> [...]',
  flags: {
    ...DEVICE_FLAGS,
    app: {
      type: 'string',
      valueName: '<package>',
      description: 'close, then open this app when recording starts',
    },
    runner: {
      type: 'string',
      valueName: 'vitest|jest',
      description: 'test runner of the generated file (default vitest)',
    },
    out: { type: 'string', valueName: '<file>', description: 'write the test here (default: printed)' },
    name: { type: 'string', valueName: '<text>', description: 'the test name' },
    recordings: {
      type: 'string',
      valueName: '<dir>',
      description: 'where the raw recording is kept (default ./recordings/)',
    },
    input: {
      type: 'string',
      valueName: '<file>',
      description: 'generate from this pulled recording; no device needed',
    },
  },
  async run(context): Promise<CommandResult> {
    const { args, cwd } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const runner = runnerFlag(args);
    const input = stringFlag(args, 'input');
    if (input !== undefined && stringFlag(args, 'app') !== undefined) {
      throw new UsageError('--app records a new session; it does not apply to --input', { flag: '--app' });
    }
    const session: Session =
      input === undefined
        ? await withDevice(context, (device) => recordSession(context, device))
        : { recording: await readRecordingFile(resolve(cwd, input)), recordingPath: resolve(cwd, input) };
    const { steps, warnings } = stepsFromRecording(session.recording, {
      finalSnapshot: session.finalSnapshot,
    });
    const source = generateTest(steps, {
      runner,
      name: testName(args, steps),
      origin: `droidproof codegen from recording ${session.recording.header.sessionId}`,
    });
    const out = stringFlag(args, 'out');
    if (out !== undefined) {
      try {
        await writeWhole(resolve(cwd, out), source);
      } catch (error) {
        throw new DroidproofError(
          'CODEGEN_WRITE_FAILED',
          `Cannot write ${out}: ${(error as Error).message}`,
          {
            outputFile: out,
          },
        );
      }
    }
    const body = {
      ok: true,
      ...(out === undefined ? { source } : { outputFile: out }),
      runner,
      sessionId: session.recording.header.sessionId,
      recording: shownPath(cwd, session.recordingPath),
      stepCount: steps.filter((s) => s.kind !== 'comment').length,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
    return { body, exitCode: EXIT.OK, pretty: () => source };
  },
};
