/**
 * `droidproof virtual` as a real process, with the wire-test fake devices
 * instead of the full virtual Android (so the CLI test needs no emulation).
 */
import { createVirtualCommand } from '../../src/cli/commands/virtual.js';
import { runCli } from '../../src/cli/run.js';
import { createFakeDevice } from './fake-device.js';

process.exitCode = await runCli(
  process.argv.slice(2),
  { write: (text) => process.stdout.write(text), cwd: process.cwd() },
  [createVirtualCommand({ createDevice: createFakeDevice })],
);
