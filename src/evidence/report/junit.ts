/**
 * JUnit XML: one `<testsuite>` per test file, one `<testcase>` per test
 * (retries reported once; a flaky test passes with `<property name="flaky">`),
 * and every bundle file of a failing or flaky test as an `[[ATTACHMENT|path]]`
 * line in `<system-out>`, the convention Jenkins and GitLab read. Paths are
 * relative to the directory of the XML file. Run incidents (a worker that
 * died mid-test) go to `<system-err>` of the suite holding the named test, or
 * of a zero-test `droidproof` suite when no suite does: the schema allows
 * `<system-err>` only inside a `<testsuite>`.
 */
import { relative } from 'node:path';
import { BUNDLE_FILES } from '../manifest.js';
import { cleanText, escapeMarkup, portablePath } from '../markup.js';
import { bundleDevice } from './bundle-index.js';
import { type RunIncident, type RunModel, summarize, type TestRecord } from './run-model.js';

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** Bundle-file paths relative to `fromDir`, the manifest of each bundle included. */
export function attachmentPaths(test: TestRecord, fromDir: string): string[] {
  return test.bundles.flatMap((bundle) =>
    [...bundle.manifest.artifacts.flatMap((a) => (a.path ? [a.path] : [])), BUNDLE_FILES.manifest].map(
      (file) => portablePath(relative(fromDir, `${bundle.dir}/${file}`)),
    ),
  );
}

function cdata(text: string): string {
  return `<![CDATA[${cleanText(text).split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

function testcase(test: TestRecord, model: RunModel, reportDir: string): string {
  const classname = portablePath(relative(model.rootDir, test.file));
  const open = `    <testcase classname="${escapeMarkup(classname)}" name="${escapeMarkup(test.name)}" time="${seconds(test.durationMs)}">`;
  const body: string[] = [];
  const properties = [
    ['attempts', String(test.attempts)],
    ...(test.outcome === 'flaky' ? [['flaky', 'true']] : []),
    ...test.bundles.map((b) => {
      const device = bundleDevice(b.manifest);
      return [
        'evidence',
        `${b.manifest.status}${device ? ` on ${device}` : ''}: ${portablePath(relative(reportDir, b.dir))}`,
      ];
    }),
  ];
  body.push(
    '      <properties>',
    ...properties.map(
      ([name, value]) => `        <property name="${escapeMarkup(name)}" value="${escapeMarkup(value)}"/>`,
    ),
    '      </properties>',
  );
  if (test.outcome === 'skipped') body.push('      <skipped/>');
  if (test.outcome === 'failed') {
    const message = test.errors[0]?.split('\n')[0] ?? 'failed';
    body.push(
      `      <failure message="${escapeMarkup(message)}" type="AssertionError">${cdata(test.errors.join('\n\n'))}</failure>`,
    );
  }
  const attachments =
    test.outcome === 'failed' || test.outcome === 'flaky' ? attachmentPaths(test, reportDir) : [];
  if (attachments.length > 0) {
    body.push(
      `      <system-out>${cdata(attachments.map((path) => `[[ATTACHMENT|${path}]]`).join('\n'))}</system-out>`,
    );
  }
  return [open, ...body, '    </testcase>'].join('\n');
}

function systemErr(incidents: RunIncident[]): string[] {
  return incidents.length === 0
    ? []
    : [`    <system-err>${cdata(incidents.map((i) => i.message).join('\n'))}</system-err>`];
}

function testsuite(
  name: string,
  tests: TestRecord[],
  incidents: RunIncident[],
  model: RunModel,
  reportDir: string,
): string {
  const failures = tests.filter((t) => t.outcome === 'failed').length;
  const skipped = tests.filter((t) => t.outcome === 'skipped').length;
  const time = tests.reduce((sum, t) => sum + t.durationMs, 0);
  return [
    `  <testsuite name="${escapeMarkup(name)}" tests="${tests.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${model.startedAt.slice(0, 19)}">`,
    ...tests.map((t) => testcase(t, model, reportDir)),
    ...systemErr(incidents),
    '  </testsuite>',
  ].join('\n');
}

/** Renders the run as JUnit XML; `reportDir` is where the file will be written. */
export function renderJunit(model: RunModel, reportDir: string): string {
  const files = [...new Set(model.tests.map((t) => t.file))];
  const total = summarize(model);
  const incidents = model.incidents ?? [];
  const fileOf = (incident: RunIncident) => model.tests.find((t) => t.name === incident.test)?.file;
  const suites = files.map((file) =>
    testsuite(
      portablePath(relative(model.rootDir, file)),
      model.tests.filter((t) => t.file === file),
      incidents.filter((i) => fileOf(i) === file),
      model,
      reportDir,
    ),
  );
  const unplaced = incidents.filter((i) => fileOf(i) === undefined);
  if (unplaced.length > 0) suites.push(testsuite('droidproof', [], unplaced, model, reportDir));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="droidproof" tests="${total.total}" failures="${total.failed}" errors="0" skipped="${total.skipped}" time="${seconds(model.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
