/**
 * `droidproof merge-reports <dirs...> [--out-dir <dir>] [--root <dir>]`: one
 * HTML report and one JUnit XML from the report folders of a sharded run
 * (each holds the `droidproof-blob.json` a shard writes).
 *
 *   droidproof merge-reports shard-1 shard-2 shard-3 --out-dir droidproof-report
 *     → {"outputDir":"…/droidproof-report","html":"…/index.html","junit":"…/junit.xml","shards":[1,2,3],
 *        "missingShards":[],"summary":{"total":14,"passed":12,"failed":1,"flaky":1,"skipped":0}}
 *
 * Exit 0 when every shard of the run was merged (failed tests included: the
 * shard jobs already failed for them); 1 when a shard is missing (the report
 * is still written and names it) or a folder is not a droidproof blob.
 */
import { relative, resolve } from 'node:path';
import { mergeReports } from '../../evidence/report/merge.js';
import { summarize } from '../../evidence/report/run-model.js';
import { type CliCommand, EXIT } from '../command.js';
import { MissingArgumentError } from '../errors.js';
import { stringFlag } from './device-flags.js';

export const mergeReportsCommand: CliCommand = {
  name: 'merge-reports',
  summary: 'Merge the report folders of a sharded run into one HTML report and JUnit XML',
  usage: 'merge-reports <dirs...> [--out-dir <dir>] [--root <dir>]',
  flags: {
    'out-dir': {
      type: 'string',
      valueName: '<dir>',
      description: 'merged report folder (default droidproof-report); its bundles/ is replaced',
    },
    root: {
      type: 'string',
      valueName: '<dir>',
      description: 'project root the test files are shown relative to (default: the current directory)',
    },
  },
  async run({ args, cwd }) {
    if (args.positionals.length === 0) {
      throw new MissingArgumentError('merge-reports needs at least one report folder', {
        usage: this.usage,
      });
    }
    const rootDir = resolve(cwd, stringFlag(args, 'root') ?? '.');
    const merged = await mergeReports(
      args.positionals.map((dir) => resolve(cwd, dir)),
      { rootDir, outputDir: resolve(cwd, stringFlag(args, 'out-dir') ?? 'droidproof-report') },
    );
    const summary = summarize(merged.model);
    const { report } = merged;
    const show = (path: string) => relative(cwd, path) || '.';
    return {
      body: {
        outputDir: report.outputDir,
        html: report.htmlPath,
        junit: report.junitPath,
        shards: (merged.model.shards ?? []).map((shard) => shard.index),
        missingShards: merged.missingShards,
        summary,
      },
      exitCode: merged.missingShards.length > 0 ? EXIT.FAILURE : EXIT.OK,
      pretty: () =>
        [
          `merged ${args.positionals.length} report folder(s): ${summary.total} tests, ${summary.passed} passed, ${summary.failed} failed, ${summary.flaky} flaky, ${summary.skipped} skipped`,
          ...merged.missingShards.map((index) => `missing shard ${index}: its tests are not in the report`),
          `report ${show(report.htmlPath ?? report.outputDir)}${report.junitPath ? `, JUnit ${show(report.junitPath)}` : ''}`,
        ].join('\n'),
    };
  },
};
