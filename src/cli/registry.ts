/**
 * The command registry: which module implements each command word, so that a
 * run loads only the command it runs (a cold `droidproof snapshot` must not pay
 * for sharp, fastify, the MCP SDK, the virtual device or other commands' schemas).
 *
 * To add a command: create `commands/<name>.ts` exporting a `CliCommand`, and
 * append one line here with every word it answers to (its `name` first, then
 * its `aliases`, exactly as the module declares them; `test/cli/registry.test.ts`
 * fails on a mismatch) and a dynamic `import()` of the module. Never import a
 * command module statically from this file or from `run.ts`.
 */
import type { CliCommand } from './command.js';

/** One command as dispatch sees it: the words it answers to, and how to load it. */
export interface CommandEntry {
  /** `name` first, then the aliases. */
  readonly names: readonly string[];
  load(): Promise<CliCommand>;
}

const entry = (names: readonly string[], load: () => Promise<CliCommand>): CommandEntry => ({ names, load });

export const COMMANDS: readonly CommandEntry[] = [
  entry(['init'], async () => (await import('./commands/init.js')).initCommand),
  entry(['exec'], async () => (await import('./commands/exec.js')).execCommand),
  entry(['virtual'], async () => (await import('./commands/virtual.js')).virtualCommand),
  entry(['devices'], async () => (await import('./commands/devices.js')).devicesCommand),
  entry(['doctor'], async () => (await import('./commands/doctor.js')).doctorCommand),
  entry(
    ['snapshot', 'snapshot-ui', 'snapshot_ui'],
    async () => (await import('./commands/snapshot.js')).snapshotCommand,
  ),
  entry(['query'], async () => (await import('./commands/query.js')).queryCommand),
  entry(['click', 'tap'], async () => (await import('./commands/click.js')).clickCommand),
  entry(
    ['type', 'fill', 'enter-text', 'enter_text'],
    async () => (await import('./commands/type.js')).typeCommand,
  ),
  entry(['read', 'read-text', 'read_text'], async () => (await import('./commands/read.js')).readCommand),
  entry(
    ['wait', 'wait-for', 'wait_for', 'wait-for-node', 'wait_for_node', 'find', 'find-node', 'find_node'],
    async () => (await import('./commands/wait.js')).waitCommand,
  ),
  entry(
    ['wait-for-nav', 'wait-for-navigation', 'wait_for_navigation'],
    async () => (await import('./commands/wait-for-nav.js')).waitForNavCommand,
  ),
  entry(
    ['read-value', 'read-kv', 'read-key-value-pair', 'read_key_value_pair'],
    async () => (await import('./commands/read-value.js')).readValueCommand,
  ),
  entry(['sleep'], async () => (await import('./commands/sleep.js')).sleepCommand),
  entry(['toast'], async () => (await import('./commands/toast.js')).toastCommand),
  entry(
    ['screenshot', 'take-screenshot', 'take_screenshot', 'capture-screenshot'],
    async () => (await import('./commands/screenshot.js')).screenshotCommand,
  ),
  entry(
    ['open', 'open-app', 'open_app', 'open-uri', 'open-url', 'open_uri', 'open_url'],
    async () => (await import('./commands/open.js')).openCommand,
  ),
  entry(['close', 'close-app', 'close_app'], async () => (await import('./commands/close.js')).closeCommand),
  entry(['press', 'press-key', 'press_key'], async () => (await import('./commands/press.js')).pressCommand),
  entry(['back'], async () => (await import('./commands/press.js')).backCommand),
  entry(['scroll'], async () => (await import('./commands/scroll.js')).scrollCommand),
  entry(
    ['scroll-until', 'scroll_until'],
    async () => (await import('./commands/scroll-until.js')).scrollUntilCommand,
  ),
  entry(
    ['scroll-and-click', 'scroll_and_click'],
    async () => (await import('./commands/scroll-until.js')).scrollAndClickCommand,
  ),
  entry(['swipe'], async () => (await import('./commands/swipe.js')).swipeCommand),
  entry(['drag'], async () => (await import('./commands/swipe.js')).dragCommand),
  entry(['notifications'], async () => (await import('./commands/notifications.js')).notificationsCommand),
  entry(['media'], async () => (await import('./commands/media.js')).mediaCommand),
  entry(['operator'], async () => (await import('./commands/operator-install.js')).operatorCommand),
  entry(['serve'], async () => (await import('./commands/serve.js')).serveCommand),
  entry(['mcp'], async () => (await import('./commands/mcp.js')).mcpCommand),
  entry(['daemon'], async () => (await import('./commands/daemon.js')).daemonCommand),
  entry(['record', 'recording'], async () => (await import('./commands/record.js')).recordCommand),
  entry(['codegen'], async () => (await import('./commands/codegen.js')).codegenCommand),
  entry(['merge-reports'], async () => (await import('./commands/merge-reports.js')).mergeReportsCommand),
  entry(['on-screen-log'], async () => (await import('./commands/on-screen-log.js')).onScreenLogCommand),
  entry(['evidence'], async () => (await import('./commands/evidence.js')).evidenceCommand),
  entry(['logs'], async () => (await import('./commands/logs.js')).logsCommand),
  entry(['version'], async () => (await import('./commands/version.js')).versionCommand),
  entry(['show-report'], async () => (await import('./commands/show-report.js')).showReportCommand),
];

/** An already loaded command as an entry (tests and embedders pass their own commands). */
export function entryOf(command: CliCommand): CommandEntry {
  return entry([command.name, ...(command.aliases ?? [])], async () => command);
}

/** The entry that answers to `name`. */
export function findCommand(
  name: string,
  commands: readonly CommandEntry[] = COMMANDS,
): CommandEntry | undefined {
  return commands.find((command) => command.names.includes(name));
}

/** Every command, loaded (for the command index and checks over all of them). */
export function loadCommands(commands: readonly CommandEntry[] = COMMANDS): Promise<CliCommand[]> {
  return Promise.all(commands.map((command) => command.load()));
}
