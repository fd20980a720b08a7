/**
 * `droidproof/reporter`: the Vitest reporter as default export, the Jest
 * reporter and the renderers as named exports.
 */
export type { Blob, ReadBlob } from './blob.js';
export { BLOB_FILE, BLOB_SCHEMA_VERSION, BlobError, BlobErrorCode, readBlob, writeBlob } from './blob.js';
export { BundleIndex, readBundle, scanBundles } from './bundle-index.js';
export { renderHtml } from './html.js';
export { buildHtmlTests } from './html-data.js';
export { DroidproofJestReporter } from './jest-reporter.js';
export { attachmentPaths, renderJunit } from './junit.js';
export type { MergedReport, MergeOptions } from './merge.js';
export { mergeReports } from './merge.js';
export type {
  BundleRef,
  RunIncident,
  RunModel,
  RunSummary,
  ShardRef,
  TestOutcome,
  TestRecord,
} from './run-model.js';
export { summarize } from './run-model.js';
export { type ServedReport, type ServeReportOptions, serveReport } from './serve-report.js';
export { DroidproofReporter, DroidproofReporter as default } from './vitest-reporter.js';
export type { ReportOptions, WrittenReport } from './write-report.js';
export { writeReport } from './write-report.js';
