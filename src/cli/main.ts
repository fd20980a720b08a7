#!/usr/bin/env node
/** The `droidproof` bin: a running daemon answers device commands before the CLI loads its modules. */
import { runViaDaemon } from '../daemon/fast-path.js';
import { commandWord, logInvocation } from './log-file.js';

const startedMs = performance.now();
const argv = process.argv.slice(2);
const fast = await runViaDaemon(argv, { cwd: process.cwd(), env: process.env });
if (fast.kind === 'answered') {
  process.stdout.write(fast.output);
  process.exitCode = fast.exitCode;
} else {
  const { runCli } = await import('./run.js');
  process.exitCode = await runCli(fast.kind === 'direct' ? [...argv, '--no-daemon'] : argv, {
    write: (text) => process.stdout.write(text),
    cwd: process.cwd(),
  });
}
// `logs` reads the log; logging its own run would feed what it follows.
if (commandWord(argv) !== 'logs') await logInvocation(argv, Number(process.exitCode ?? 0), startedMs);
