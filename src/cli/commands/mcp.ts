/**
 * `droidproof mcp serve [--virtual]`: the stdio MCP server (seed 003 "MCP
 * Server", docs/mcp.md). stdout carries MCP messages only, so the command
 * prints nothing of its own; `--virtual` leases a virtual device with the test apps.
 */
import type { DialectName } from '../../contract/dialect.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { intFlag, stringFlag } from './device-flags.js';

export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'Start the MCP server on stdio',
  usage: 'mcp serve [--virtual] [--adb-host <host>] [--adb-port <port>]',
  flags: {
    virtual: { type: 'boolean', description: 'lease a virtual device with the test apps' },
    'adb-host': { type: 'string', valueName: '<host>', description: 'adb server host (default 127.0.0.1)' },
    'adb-port': { type: 'string', valueName: '<port>', description: 'adb server port' },
    dialect: { type: 'string', valueName: 'androperator|clawperator', description: 'Operator wire dialect' },
  },
  async run({ args }) {
    const [sub, ...rest] = args.positionals;
    if (sub !== 'serve' || rest.length > 0) throw new UsageError('usage: droidproof mcp serve [--virtual]');
    // Loaded on use: the MCP SDK stays out of every other command's start-up.
    const { serveMcpOverStdio } = await import('../../mcp/server.js');
    await serveMcpOverStdio({
      virtual: args.flags.virtual === true,
      adbHost: stringFlag(args, 'adb-host'),
      adbPort: intFlag(args, 'adb-port', 1, 65_535),
      dialect: stringFlag(args, 'dialect') as DialectName | undefined,
    });
    return { body: undefined, exitCode: EXIT.OK };
  },
};
