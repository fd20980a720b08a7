/**
 * `screenrecord [--time-limit S] [--size WxH] [--bit-rate R] [--verbose] FILE`:
 * records the screen until SIGINT or SIGHUP (`pkill -INT screenrecord`,
 * `kill -2 PID`, a closed adb stream) or the time limit (at most 180 s, as
 * on a phone), then writes the file and exits 0. SIGTERM and SIGKILL end it
 * without finishing the file, which stays empty, like the unplayable MP4 a
 * killed recorder leaves. The file is an animated PNG, whatever its name: a
 * real phone writes H.264 MP4, so readers detect the container by its bytes.
 */
import { ScreenRecording } from '../../render/screen-recording.js';
import type { CommandContext, ShellCommand } from '../context.js';

const MAX_TIME_LIMIT_S = 180;

const USAGE = `Usage: screenrecord [options] <filename>

Android screenrecord v1.3.  Records the device's display to a .mp4 file.

Options:
--size WIDTHxHEIGHT
    Set the video size, e.g. "1280x720".  Default is the device's main
    display resolution.
--bit-rate RATE
    Set the video bit rate, in bits per second.  Default 20Mbps.
--time-limit TIME
    Set the maximum recording time, in seconds.  Default / maximum is 180.
--verbose
    Display interesting information on stdout.
--help
    Show this message.

Recording continues until Ctrl-C is hit or the time limit is reached.
`;

interface Request {
  file: string;
  timeLimitS: number;
  size?: { width: number; height: number };
  verbose: boolean;
}

/** The request, or the exit status after printing what was wrong. */
function parse(ctx: CommandContext): Request | number {
  const request: Partial<Request> = { timeLimitS: MAX_TIME_LIMIT_S, verbose: false };
  const args = [...ctx.args];
  while (args.length > 0) {
    const arg = args.shift()!;
    if (arg === '--help') {
      ctx.stderr(USAGE);
      return 0;
    }
    if (arg === '--verbose') request.verbose = true;
    else if (arg === '--time-limit') {
      const seconds = Number(args.shift());
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_TIME_LIMIT_S) {
        ctx.stderr(`Time limit ${seconds}s outside acceptable range [1,${MAX_TIME_LIMIT_S}]\n`);
        return 2;
      }
      request.timeLimitS = seconds;
    } else if (arg === '--size') {
      const match = /^(\d+)x(\d+)$/.exec(args.shift() ?? '');
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.stderr('Invalid size specified\n');
        return 2;
      }
      request.size = { width: Number(match[1]), height: Number(match[2]) };
    } else if (arg === '--bit-rate') args.shift();
    else if (arg.startsWith('-')) {
      ctx.stderr(`Unknown option '${arg}'\n${USAGE}`);
      return 2;
    } else if (request.file === undefined) request.file = arg;
    else {
      ctx.stderr('Must specify output file (see --help).\n');
      return 2;
    }
  }
  if (request.file === undefined) {
    ctx.stderr('Must specify output file (see --help).\n');
    return 2;
  }
  return request as Request;
}

const screenrecord: ShellCommand = async (ctx) => {
  const request = parse(ctx);
  if (typeof request === 'number') return request;
  const { device } = ctx;
  const mtime = () => Math.floor(device.clock.wallTime() / 1000);
  try {
    device.fs.write(request.file, Buffer.alloc(0), 0o100644, mtime());
  } catch (error) {
    ctx.stderr(`Unable to open '${request.file}': ${(error as Error).message}\n`);
    return 1;
  }
  const size = request.size ?? device.display.size;
  if (request.verbose) ctx.stdout(`Main display is ${size.width}x${size.height} @60.00fps (orientation=0)\n`);
  const recording = new ScreenRecording(() => device.screencap(), size);
  let end: (how: 'finish' | 'killed') => void = () => {};
  const ended = new Promise<'finish' | 'killed'>((resolve) => {
    end = resolve;
  });
  const program = device.shellProcesses.spawn(['screenrecord', ...ctx.args], (signal) => {
    if (signal === 'INT' || signal === 'HUP') end('finish');
    else if (signal === 'TERM' || signal === 'KILL' || signal === 'QUIT') end('killed');
  });
  const timer = setTimeout(() => end('finish'), request.timeLimitS * 1000);
  // A closed adb stream hangs the shell up.
  const onHangUp = () => end('finish');
  ctx.signal.addEventListener('abort', onHangUp, { once: true });
  if (ctx.signal.aborted) end('finish');
  try {
    if ((await ended) === 'killed') {
      await recording.stop();
      return 143;
    }
    const file = await recording.finish();
    device.fs.write(request.file, file, 0o100644, mtime());
    if (request.verbose) ctx.stdout(`Encoder stopping; recorded ${recording.frameCount} frames\n`);
    return 0;
  } catch (error) {
    ctx.stderr(`ERROR: recording failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onHangUp);
    program.exit();
  }
};

export const SCREENRECORD_COMMANDS: Record<string, ShellCommand> = { screenrecord };
