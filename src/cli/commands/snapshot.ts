/**
 * `droidproof snapshot [--compact --max-nodes --max-text-chars --raw-path]`
 * (seed 003 "Snapshot Format", "Compact Output and Raw Artifacts"). Raw mode
 * prints the wrapper (plus top-level `rawArtifactPath`); compact mode prints
 * the wrapper with the snapshot `data.text` omitted and a `compact` projection.
 * `--raw-path` creates a new file with the exact XML and never overwrites.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildExecution } from '../../actuator/device/builders.js';
import { compactSnapshot } from '../../actuator/device/compact-snapshot.js';
import { DroidproofError } from '../../contract/errors.js';
import { parseHierarchyXml } from '../../contract/selector/hierarchy-xml.js';
import type { ExecutionResultWrapper } from '../../contract/wrappers.js';
import type { CliCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { snapshotSummary } from '../pretty/snapshot-summary.js';
import {
  ACTION_FLAGS,
  executionTimeout,
  intFlag,
  runExecution,
  stringFlag,
  wrapperOf,
} from './device-flags.js';

async function writeRaw(path: string, xml: string, result: ExecutionResultWrapper): Promise<void> {
  try {
    await writeFile(path, xml, { flag: 'wx' });
  } catch (error) {
    throw new DroidproofError('SNAPSHOT_ARTIFACT_WRITE_FAILED', `Raw XML could not be written to ${path}`, {
      path,
      cause: (error as Error).message,
      phase: 'post_processing',
      envelope: result.envelope,
    });
  }
}

export const snapshotCommand: CliCommand = {
  name: 'snapshot',
  aliases: ['snapshot-ui', 'snapshot_ui'],
  summary: 'Get the current Android UI hierarchy as XML',
  usage:
    'snapshot [--device <serial>] [--compact [--max-nodes <n>] [--max-text-chars <n>]] [--raw-path <file>]',
  flags: {
    ...ACTION_FLAGS,
    compact: { type: 'boolean', description: 'print a bounded JSON projection instead of raw XML' },
    'max-nodes': {
      type: 'string',
      valueName: '<n>',
      description: 'compact: nodes to return, 1..1000 (default 100)',
    },
    'max-text-chars': {
      type: 'string',
      valueName: '<n>',
      description: 'compact: code points per text, 1..4096 (default 256)',
    },
    'raw-path': { type: 'string', valueName: '<file>', description: 'also save the exact XML to a new file' },
  },
  async run(context) {
    const { args, cwd } = context;
    if (args.positionals.length > 0) throw new UsageError('snapshot takes no positional arguments');
    const compact = args.flags.compact === true;
    const maxNodes = intFlag(args, 'max-nodes', 1, 1000);
    const maxTextChars = intFlag(args, 'max-text-chars', 1, 4096);
    if (!compact && (maxNodes !== undefined || maxTextChars !== undefined)) {
      throw new UsageError('--max-nodes and --max-text-chars require --compact');
    }
    const rawFlag = stringFlag(args, 'raw-path');
    const rawPath = rawFlag === undefined ? undefined : resolve(cwd, rawFlag);
    const execution = buildExecution('snapshot', undefined, {
      timeoutMs: executionTimeout(args),
    });
    let summary: (() => string) | undefined;
    const ran = await runExecution(context, execution, async (result) => {
      const step = result.envelope.stepResults.find((s) => s.actionType === 'snapshot' && s.success);
      const xml = typeof step?.data.text === 'string' ? step.data.text : undefined;
      if (xml !== undefined) summary = () => snapshotSummary(parseHierarchyXml(xml), result.deviceId);
      if (xml !== undefined && rawPath !== undefined) await writeRaw(rawPath, xml, result);
      if (!compact || xml === undefined || step === undefined) {
        return {
          ...wrapperOf(result),
          ...(rawPath && xml !== undefined ? { rawArtifactPath: rawPath } : {}),
        };
      }
      const projection = compactSnapshot(
        parseHierarchyXml(xml),
        { ...result.envelope, ...(rawPath ? { rawArtifactPath: rawPath } : {}) },
        { maxNodes, maxTextChars },
      );
      const { text: _text, ...data } = step.data;
      const envelope = {
        ...result.envelope,
        stepResults: result.envelope.stepResults.map((s) => (s === step ? { ...s, data } : s)),
      };
      return { ...wrapperOf(result), envelope, compact: projection };
    });
    return { ...ran, pretty: summary };
  },
};
