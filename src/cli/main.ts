#!/usr/bin/env node
/** The `droidproof` bin. */
import { runCli } from './run.js';

process.exitCode = await runCli(process.argv.slice(2), {
  write: (text) => process.stdout.write(text),
  cwd: process.cwd(),
});
