/**
 * The MCP tools (seed 003 "MCP Server / Tool Summary" plus what a test author
 * needs). Each tool answers JSON text; a failure is a tool result with
 * `isError: true` and the typed `{ ok: false, error: { code, message, details } }`,
 * so the session stays up. Successful actions are recorded for `generate_test`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AdbTransport } from '../actuator/adb/transport.js';
import { generateVitestTest } from '../codegen/test-source.js';
import { DroidproofError, isDroidproofError } from '../contract/errors.js';
import { buildQueryUiPayload } from '../contract/selector/query-ui.js';
import { suggestMatcher } from '../contract/selector/suggest-matcher.js';
import { buildTreeIndex } from '../contract/selector/tree-index.js';
import { McpSelectorSchema, toNodeMatcher } from './selector.js';
import type { McpSession } from './session.js';

function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

function failure(error: unknown): CallToolResult {
  const typed = isDroidproofError(error)
    ? error
    : new DroidproofError('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ ok: false, error: typed.toJSON() }) }],
  };
}

/** Runs a handler and turns any throw into a typed error result. */
async function guarded(handler: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await handler();
  } catch (error) {
    return failure(error);
  }
}

const selector = McpSelectorSchema;
const executionTimeout = (session: McpSession) =>
  session.settings.timeoutMs === undefined ? {} : { executionTimeoutMs: session.settings.timeoutMs };

/** The step's envelope status and data, without the large raw payloads. */
function actionSummary(result: { envelope: { status: string }; step: { data: Record<string, unknown> } }) {
  return { ok: true, status: result.envelope.status, data: result.step.data };
}

export function registerTools(server: McpServer, session: McpSession): void {
  server.registerTool(
    'devices',
    {
      description:
        'List the Android devices this session can use (the leased virtual device under --virtual).',
    },
    () =>
      guarded(async () => {
        if (session.isVirtual) {
          await session.device();
          const leased = await session.descriptor();
          return json({ ok: true, devices: leased ? [{ serial: leased.serial, state: 'device' }] : [] });
        }
        return json({ ok: true, devices: await new AdbTransport(session.adbServer).listDevices() });
      }),
  );

  server.registerTool(
    'configure',
    {
      description: 'Store per-session defaults for deviceId, operatorPackage and timeoutMs.',
      inputSchema: {
        deviceId: z.string().min(1).optional(),
        operatorPackage: z.string().min(1).optional(),
        timeoutMs: z.number().int().min(1000).max(120_000).optional(),
      },
    },
    (args) => guarded(async () => json({ ok: true, settings: await session.configure(args) })),
  );

  server.registerTool(
    'snapshot',
    {
      description:
        'Capture the current UI hierarchy as XML, or bounded JSON with compact: true (maxNodes and maxTextChars require compact).',
      inputSchema: {
        compact: z.boolean().optional(),
        maxNodes: z.number().int().min(1).max(1000).optional(),
        maxTextChars: z.number().int().min(1).max(4096).optional(),
      },
    },
    (args) =>
      guarded(async () => {
        if (!args.compact && (args.maxNodes !== undefined || args.maxTextChars !== undefined)) {
          throw new DroidproofError(
            'EXECUTION_VALIDATION_FAILED',
            'maxNodes and maxTextChars require compact: true',
            {
              path: 'compact',
            },
          );
        }
        const device = await session.device();
        const snap = await device.snapshot({ ...args, ...executionTimeout(session) });
        if (snap.compact) return json(snap.compact);
        return { content: [{ type: 'text', text: snap.xml }] };
      }),
  );

  server.registerTool(
    'execute',
    {
      description:
        'Run a validated execution payload (seed execution contract) and return the result envelope.',
      inputSchema: { execution: z.record(z.string(), z.unknown()).describe('the execution payload') },
    },
    (args) =>
      guarded(async () => {
        const device = await session.device();
        const result = await device.execute(args.execution, { allowFailure: true });
        return json({
          ok: true,
          deviceId: result.deviceId,
          terminalSource: result.terminalSource,
          envelope: result.envelope,
        });
      }),
  );

  server.registerTool(
    'query',
    {
      description:
        'Fresh UI nodes matching a selector (all on-screen nodes without one), each with its path and a suggested locator and matcher for tests. Paths are observation-local, never action handles.',
      inputSchema: { selector: selector.optional(), limit: z.number().int().min(1).max(1000).optional() },
    },
    (args) =>
      guarded(async () => {
        const device = await session.device();
        const matcher = args.selector ? toNodeMatcher(args.selector) : undefined;
        // One observation for the nodes and their suggestions: each is proven unique on that screen.
        const snapshot = await device.snapshot(executionTimeout(session));
        const found = buildQueryUiPayload(snapshot.hierarchy, {
          ...(matcher ? { matcher } : {}),
          ...(args.limit ? { limit: args.limit } : {}),
          snapshotId: snapshot.envelope.commandId,
          capturedAt: new Date().toISOString(),
        }).payload;
        const byPath = new Map(buildTreeIndex(snapshot.hierarchy).entries.map((e) => [e.path, e.node]));
        const nodes = found.nodes.map((node) => {
          const uiNode = byPath.get(node.nodePath);
          const suggested = uiNode && suggestMatcher(snapshot.hierarchy, uiNode);
          const locator = suggested ? `device.node(${JSON.stringify(suggested)})` : undefined;
          return {
            ...node,
            suggestedMatcher: suggested ?? null,
            suggestedExpect: locator
              ? node.label
                ? `await expect(${locator}).toHaveText(${JSON.stringify(node.label)})`
                : `await expect(${locator}).toBeVisible()`
              : null,
          };
        });
        return json({ ok: true, totalMatches: found.totalMatches, truncated: found.truncated, nodes });
      }),
  );

  server.registerTool(
    'screenshot',
    { description: 'A PNG screenshot of the device screen, returned as an image.' },
    () =>
      guarded(async () => {
        const device = await session.device();
        const dir = await mkdtemp(join(tmpdir(), 'droidproof-mcp-'));
        try {
          const shot = await device.screenshot({
            path: join(dir, 'screen.png'),
            ...executionTimeout(session),
          });
          const data = (await readFile(shot.path)).toString('base64');
          return {
            content: [
              { type: 'image', data, mimeType: 'image/png' },
              { type: 'text', text: JSON.stringify({ width: shot.width, height: shot.height }) },
            ],
          };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }),
  );

  server.registerTool(
    'open',
    {
      description: 'Open an application by package id, or launch a URI.',
      inputSchema: { applicationId: z.string().min(1).optional(), uri: z.string().min(1).optional() },
    },
    (args) =>
      guarded(async () => {
        if ((args.applicationId === undefined) === (args.uri === undefined)) {
          throw new DroidproofError(
            'EXECUTION_VALIDATION_FAILED',
            'open takes exactly one of applicationId or uri',
            {
              path: 'applicationId',
            },
          );
        }
        const device = await session.device();
        if (args.applicationId !== undefined) {
          const result = await device.openApp(args.applicationId, executionTimeout(session));
          session.record({ kind: 'openApp', applicationId: args.applicationId });
          return json(actionSummary(result));
        }
        const result = await device.openUri(args.uri!, executionTimeout(session));
        session.record({ kind: 'openUri', uri: args.uri! });
        return json(actionSummary(result));
      }),
  );

  server.registerTool(
    'click',
    { description: 'Click the first node matching the selector.', inputSchema: { selector } },
    (args) =>
      guarded(async () => {
        const matcher = toNodeMatcher(args.selector);
        const result = await (await session.device()).click(matcher, executionTimeout(session));
        session.record({ kind: 'click', matcher });
        return json(actionSummary(result));
      }),
  );

  server.registerTool(
    'enter_text',
    {
      description:
        'Type text into the field matching the selector, optionally clearing it first or submitting after.',
      inputSchema: {
        selector,
        text: z.string(),
        clear: z.boolean().optional(),
        submit: z.boolean().optional(),
      },
    },
    (args) =>
      guarded(async () => {
        const matcher = toNodeMatcher(args.selector);
        const result = await (await session.device()).enterText(matcher, args.text, {
          ...(args.clear === undefined ? {} : { clear: args.clear }),
          ...(args.submit === undefined ? {} : { submit: args.submit }),
          ...executionTimeout(session),
        });
        session.record({ kind: 'enterText', matcher, text: args.text });
        return json(actionSummary(result));
      }),
  );

  server.registerTool(
    'scroll_until',
    {
      description: 'Scroll until a node matching the selector is visible, optionally clicking it afterwards.',
      inputSchema: {
        selector,
        container: selector.optional(),
        direction: z.enum(['down', 'up', 'left', 'right']).optional(),
        click: z.boolean().optional(),
      },
    },
    (args) =>
      guarded(async () => {
        const matcher = toNodeMatcher(args.selector);
        const container = args.container ? toNodeMatcher(args.container) : undefined;
        const device = await session.device();
        const options = {
          ...(container ? { container } : {}),
          ...(args.direction ? { direction: args.direction } : {}),
          ...executionTimeout(session),
        };
        const result = args.click
          ? await device.scrollAndClick(matcher, options)
          : await device.scrollUntil(matcher, options);
        session.record({
          kind: 'scrollUntil',
          matcher,
          ...(container ? { container } : {}),
          click: args.click === true,
        });
        return json(actionSummary(result));
      }),
  );

  server.registerTool(
    'wait_for',
    {
      description:
        'Wait until a node matching the selector is shown, and when text is given until it shows exactly that text. Recorded as an expect() in generate_test.',
      inputSchema: {
        selector,
        text: z.string().optional(),
        timeoutMs: z.number().int().min(1).max(120_000).optional(),
      },
    },
    (args) =>
      guarded(async () => {
        const matcher = toNodeMatcher(args.selector);
        const target = args.text === undefined ? matcher : { ...matcher, textEquals: args.text };
        const result = await (await session.device()).waitForNode(target, {
          ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
          ...executionTimeout(session),
        });
        session.record(
          args.text === undefined
            ? { kind: 'expectVisible', matcher }
            : { kind: 'expectText', matcher, text: args.text },
        );
        return json(actionSummary(result));
      }),
  );

  server.registerTool(
    'press',
    {
      description: 'Press a navigation key.',
      inputSchema: { key: z.enum(['back', 'home', 'recents']) },
    },
    (args) =>
      guarded(async () => {
        const result = await (await session.device()).pressKey(args.key, executionTimeout(session));
        session.record({ kind: 'press', key: args.key });
        return json(actionSummary(result));
      }),
  );

  server.registerTool(
    'generate_test',
    {
      description:
        "Turn this session's successful actions into a Vitest test using locators and expect(device) matchers. With path, also writes the file (relative to the server's working directory; replaced if present).",
      inputSchema: { name: z.string().min(1).optional(), path: z.string().min(1).optional() },
    },
    (args) =>
      guarded(async () => {
        const source = generateVitestTest(session.steps, { name: args.name });
        const written = args.path === undefined ? undefined : resolve(args.path);
        if (written !== undefined) await writeFile(written, source);
        return {
          content: [
            { type: 'text', text: source },
            {
              type: 'text',
              text: JSON.stringify({ ok: true, steps: session.steps.length, path: written ?? null }),
            },
          ],
        };
      }),
  );
}
