import { access, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/evidence/report/html.js';
import { renderJunit } from '../../src/evidence/report/junit.js';
import type { RunModel } from '../../src/evidence/report/run-model.js';
import { buildReportFixture, FAILED_NAME, FLAKY_NAME } from './report-fixture.js';

type Fixture = Awaited<ReturnType<typeof buildReportFixture>>;
let fixture: Fixture;
let xml: string;

beforeAll(async () => {
  fixture = await buildReportFixture();
  xml = await readFile(fixture.written.junitPath!, 'utf8');
});

const ALLOWED_CHILDREN: Record<string, string[]> = {
  testsuites: ['testsuite'],
  testsuite: ['properties', 'testcase', 'system-out', 'system-err'],
  testcase: ['properties', 'skipped', 'error', 'failure', 'system-out', 'system-err'],
  properties: ['property'],
};

/** Checks the JUnit element structure (the Jenkins/GitLab schema) over the parser's ordered output. */
function checkStructure(nodes: Record<string, unknown>[], parent: string, problems: string[]): void {
  for (const node of nodes) {
    for (const [name, children] of Object.entries(node)) {
      if (name === ':@' || name === '#text' || name === '?xml') continue;
      const allowed = ALLOWED_CHILDREN[parent];
      if (allowed && !allowed.includes(name)) problems.push(`<${name}> inside <${parent}>`);
      if (Array.isArray(children)) checkStructure(children as Record<string, unknown>[], name, problems);
    }
  }
}

describe('junit.xml', () => {
  it('is well-formed and follows the JUnit element structure', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false }).parse(xml);
    const problems: string[] = [];
    checkStructure(ordered, '#document', problems);
    expect(problems).toEqual([]);
  });

  it('carries the attributes the schema requires, in their formats', () => {
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => ['testsuite', 'testcase'].includes(n),
    }).parse(xml);
    const decimal = /^\d+\.\d{3}$/;
    for (const suite of doc.testsuites.testsuite) {
      for (const key of ['name', 'tests', 'failures', 'errors', 'skipped', 'time', 'timestamp']) {
        expect(suite[key], key).toBeDefined();
      }
      expect(suite.time).toMatch(decimal);
      expect(suite.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      for (const testcase of suite.testcase) {
        expect(testcase.classname).toBeTruthy();
        expect(testcase.name).toBeTruthy();
        expect(testcase.time).toMatch(decimal);
      }
    }
    // Names with markup characters survive escaping.
    expect(xml).toContain('name="settings &gt; shows &quot;Saved&quot; &amp; &lt;confirms&gt;"');
  });

  it('reports each test once with counts, flaky as a property and skipped as <skipped>', () => {
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => ['testsuite', 'testcase', 'property'].includes(n),
    }).parse(xml);
    const suites = doc.testsuites;
    expect(suites).toMatchObject({ tests: '4', failures: '1', skipped: '1', errors: '0' });
    const cases = suites.testsuite[0].testcase;
    expect(cases).toHaveLength(4);
    expect(suites.testsuite[0].name).toBe('test/settings.test.ts');
    const byName = Object.fromEntries(cases.map((c: { name: string }) => [c.name, c]));
    const failed = byName[FAILED_NAME];
    expect(failed.failure.message).toContain('expected "Saved"');
    expect(failed.failure.message).not.toContain('\u001b');
    const flaky = byName[FLAKY_NAME];
    expect(flaky.failure).toBeUndefined();
    expect(flaky.properties.property).toContainEqual({ name: 'flaky', value: 'true' });
    expect(flaky.properties.property).toContainEqual({ name: 'attempts', value: '2' });
    expect(byName['settings > later'].skipped).toBe('');
    expect(byName['settings > lists rows']['system-out']).toBeUndefined();
  });

  it('lists every bundle file of failures as [[ATTACHMENT|relative path]] lines that exist', async () => {
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => n === 'testcase',
    }).parse(xml);
    const cases = doc.testsuites.testsuite.testcase as { name: string; 'system-out'?: string }[];
    for (const name of [FAILED_NAME, FLAKY_NAME]) {
      const out = cases.find((c) => c.name === name)!['system-out']!;
      const paths = [...out.matchAll(/^\[\[ATTACHMENT\|(.+)\]\]$/gm)].map((m) => m[1]);
      expect(paths.some((p) => p.endsWith('manifest.json'))).toBe(true);
      expect(paths.some((p) => p.endsWith('screenshot.png'))).toBe(true);
      for (const path of paths) {
        expect(isAbsolute(path)).toBe(false);
        await access(join(dirname(fixture.written.junitPath!), path));
      }
    }
    const failedOut = cases.find((c) => c.name === FAILED_NAME)!['system-out']!;
    expect(failedOut).toMatch(/annotated\.png/);
    expect(failedOut).toMatch(/failure\.json/);
  });
});

describe('run incidents', () => {
  const model: RunModel = {
    runner: 'vitest',
    rootDir: '/project',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1200,
    tests: [
      {
        file: '/project/a.test.ts',
        name: 'a > holds',
        outcome: 'failed',
        durationMs: 5,
        attempts: 1,
        errors: ['x'],
        bundles: [],
      },
      {
        file: '/project/b.test.ts',
        name: 'b > passes',
        outcome: 'passed',
        durationMs: 5,
        attempts: 1,
        errors: [],
        bundles: [],
      },
    ],
    incidents: [
      {
        kind: 'worker-died',
        message: 'worker 1 (pid 7) died during test "a > holds" on virtual-5554',
        test: 'a > holds',
      },
      {
        kind: 'worker-died',
        message: 'worker 2 (pid 8) died during test "gone" on virtual-5556',
        test: 'gone',
      },
    ],
  };
  const parse = (text: string) =>
    new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => n === 'testsuite',
    }).parse(text).testsuites.testsuite as { name: string; tests: string; 'system-err'?: string }[];

  it('puts each incident in <system-err> of the suite of its test, others in a zero-test droidproof suite', () => {
    const junit = renderJunit(model, '/project/report');
    expect(XMLValidator.validate(junit)).toBe(true);
    const problems: string[] = [];
    checkStructure(
      new XMLParser({ preserveOrder: true, ignoreAttributes: false }).parse(junit),
      '#document',
      problems,
    );
    expect(problems).toEqual([]);
    // The schema wants <system-err> after the last <testcase>.
    expect(junit.indexOf('<system-err>')).toBeGreaterThan(junit.indexOf('name="a &gt; holds"'));
    const suites = parse(junit);
    expect(suites.map((s) => [s.name, s.tests, s['system-err'] ?? null])).toEqual([
      ['a.test.ts', '1', model.incidents?.[0].message],
      ['b.test.ts', '1', null],
      ['droidproof', '0', model.incidents?.[1].message],
    ]);
  });

  it('shows a banner in the HTML summary naming each incident, and none without incidents', () => {
    const html = renderHtml(model, []);
    const banner = /<div class="incidents"[^>]*>(.*?)<\/div>/s.exec(html)?.[1] ?? '';
    expect(banner).toContain('died during test &quot;a &gt; holds&quot; on virtual-5554');
    expect(banner).toContain('died during test &quot;gone&quot;');
    expect(renderHtml({ ...model, incidents: [] }, [])).not.toContain('class="incidents"');
  });
});
