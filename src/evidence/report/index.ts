/**
 * `droidproof/reporter`: the Vitest reporter as default export, the Jest
 * reporter and the renderers as named exports.
 */
export { BundleIndex, readBundle, scanBundles } from './bundle-index.js';
export { renderHtml } from './html.js';
export { buildHtmlTests } from './html-data.js';
export { DroidproofJestReporter } from './jest-reporter.js';
export { attachmentPaths, renderJunit } from './junit.js';
export type { BundleRef, RunIncident, RunModel, RunSummary, TestOutcome, TestRecord } from './run-model.js';
export { summarize } from './run-model.js';
export { DroidproofReporter, DroidproofReporter as default } from './vitest-reporter.js';
export type { ReportOptions, WrittenReport } from './write-report.js';
export { writeReport } from './write-report.js';
