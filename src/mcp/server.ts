/**
 * The stdio MCP server (seed 003 "MCP Server"): the official SDK's `McpServer`
 * with droidproof's tools over one session. It starts without a device; tools
 * that need one lease it on first use.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { droidproofVersion } from '../version.js';
import { McpSession, type McpSessionOptions } from './session.js';
import { registerTools } from './tools.js';

export function createMcpServer(options: McpSessionOptions = {}): { server: McpServer; session: McpSession } {
  const server = new McpServer({ name: 'droidproof', version: droidproofVersion() });
  const session = new McpSession(options);
  registerTools(server, session);
  return { server, session };
}

/** Serves MCP on stdin/stdout until the client closes stdin; releases the leased device. */
export async function serveMcpOverStdio(options: McpSessionOptions = {}): Promise<void> {
  const { server, session } = createMcpServer(options);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await session.release();
  await server.close();
}
