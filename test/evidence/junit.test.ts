import { access, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
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
