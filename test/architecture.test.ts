/**
 * The layers of docs/ARCHITECTURE.md, enforced: a module may import only its
 * own layer and the layers below it. The virtual device is "the phone" and is
 * reached through adb only, so it never imports the actuator or anything above.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Layer → the layers it may import (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  contract: ['version'],
  version: [],
  'virtual-device': ['contract', 'version', 'test-apps'],
  'test-apps': ['virtual-device', 'contract'],
  actuator: ['contract', 'version'],
  matchers: ['actuator', 'contract', 'evidence', 'version'],
  evidence: ['actuator', 'contract', 'version', 'matchers'],
  environment: ['actuator', 'contract', 'matchers', 'evidence', 'virtual-device', 'test-apps', 'version'],
  cli: ['actuator', 'contract', 'virtual-device', 'evidence', 'version'],
  index: ['contract', 'actuator', 'version'],
};

function layerOf(file: string): string | undefined {
  const rel = relative(root, file).split('\\').join('/');
  if (rel.startsWith('test-apps/')) return 'test-apps';
  const match = /^src\/([^/.]+)/.exec(rel);
  return match?.[1];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('layering', () => {
  const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'test-apps'))];

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('every relative import points to its own layer or one allowed below it', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file)!;
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const to = layerOf(resolve(dirname(file), spec!));
        if (to === undefined || to === from) continue;
        if (!(ALLOWED[from] ?? []).includes(to))
          violations.push(`${relative(root, file)} (${from}) -> ${spec} (${to})`);
      }
    }
    expect(violations).toEqual([]);
  });
});
