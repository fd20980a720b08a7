import { relative } from 'node:path';
import type { WrittenReport } from '../evidence/report/write-report.js';
import { incidentLines } from './run.js';

/** The lines printed at the end of a run: its incidents (workers that died mid-test, remote devices reconnected or quarantined), and where the HTML report and JUnit XML are. */
export function runSummary(report: WrittenReport | undefined, cwd = process.cwd()): string {
  const lines = incidentLines();
  if (report) {
    const show = (path: string) => relative(cwd, path) || '.';
    const parts = [
      report.htmlPath && `report ${show(report.htmlPath)}`,
      report.junitPath && `JUnit ${show(report.junitPath)}`,
      report.blobPath && `blob ${show(report.blobPath)}`,
    ];
    lines.push(`droidproof: ${parts.filter(Boolean).join(', ') || `report in ${show(report.outputDir)}`}`);
  }
  return lines.map((line) => `${line}\n`).join('');
}
