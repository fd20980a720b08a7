import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testAppCatalogue, withCatalogue } from './catalogue.js';
import { TEST_APPS } from './index.js';

/** Markdown tables compared cell by cell: the formatter's column padding does not matter. */
const normalize = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/-{3,}/g, '---').replace(/\s+/g, ' ').trim())
    .join('\n');

describe('docs/test-apps.md', () => {
  const doc = readFileSync(new URL('../docs/test-apps.md', import.meta.url), 'utf8');

  it('lists the screens, resource ids and texts the models render (run npm run docs:test-apps)', () => {
    expect(normalize(doc)).toBe(normalize(withCatalogue(doc)));
  });

  it('covers every screen of every app', () => {
    const catalogue = testAppCatalogue();
    for (const app of TEST_APPS) {
      expect(catalogue).toContain(`(\`${app.packageName}\`)`);
      for (const screen of Object.keys(app.screens)) expect(catalogue).toContain(`**${screen}**`);
    }
    expect(catalogue).toContain('`com.droidproof.settings:id/search`');
    expect(catalogue).toContain('`Welcome, ada@example.com`');
  });
});
