import { relative } from 'node:path';
import type { WrittenReport } from '../evidence/report/write-report.js';

/** The line printed at the end of a run: where the HTML report and JUnit XML are. */
export function reportLocation(report: WrittenReport, cwd = process.cwd()): string {
  const show = (path: string) => relative(cwd, path) || '.';
  const parts = [report.htmlPath && `report ${show(report.htmlPath)}`, report.junitPath && `JUnit ${show(report.junitPath)}`];
  return `droidproof: ${parts.filter(Boolean).join(', ') || `report in ${show(report.outputDir)}`}`;
}
