/**
 * The layers of docs/ARCHITECTURE.md, enforced with dependency-cruiser (which
 * resolves static, dynamic and type-only imports the way TypeScript does): a
 * module may import only its own layer and the layers below it. The virtual
 * device is "the phone" and is reached through adb only, so it never imports
 * the actuator or anything above.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Layer → the layers it may import (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  contract: ['version'],
  version: [],
  'virtual-device': ['contract', 'version', 'test-apps'],
  'test-apps': ['virtual-device', 'contract'],
  actuator: ['contract', 'version'],
  codegen: ['contract'],
  matchers: ['actuator', 'contract', 'evidence', 'version'],
  evidence: ['actuator', 'contract', 'version', 'matchers'],
  environment: ['actuator', 'contract', 'matchers', 'evidence', 'virtual-device', 'test-apps', 'version'],
  serve: ['actuator', 'contract', 'evidence', 'version'],
  daemon: ['serve', 'actuator', 'contract', 'version'],
  mcp: [
    'actuator',
    'codegen',
    'contract',
    'evidence',
    'matchers',
    'version',
    'virtual-device',
    'environment',
    'test-apps',
  ],
  cli: ['actuator', 'codegen', 'contract', 'virtual-device', 'evidence', 'version', 'serve', 'daemon', 'mcp'],
  index: ['contract', 'actuator', 'version'],
};

/** The path pattern of a layer, relative to the project root. */
function layerPath(layer: string): string {
  if (layer === 'test-apps') return 'test-apps/';
  if (layer === 'version' || layer === 'index') return `src/${layer}\\.ts$`;
  return `src/${layer}/`;
}

function layerRules(): IForbiddenRuleType[] {
  return Object.entries(ALLOWED).map(([layer, allowed]) => ({
    name: `layer-${layer}`,
    comment: `${layer} may import only ${[layer, ...allowed].join(', ')}`,
    severity: 'error',
    from: { path: `^${layerPath(layer)}`, pathNot: '\\.test\\.ts$' },
    to: {
      path: '^(src|test-apps)/',
      pathNot: `^(${[layer, ...allowed].map(layerPath).join('|')})`,
    },
  }));
}

async function cruiseLayers(baseDir: string): Promise<ICruiseResult> {
  const result = await cruise(
    ['src', 'test-apps'],
    {
      baseDir,
      validate: true,
      ruleSet: { forbidden: layerRules() },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '\\.test\\.ts$' },
      tsPreCompilationDeps: true,
      outputType: 'json',
    },
    {},
    { tsConfig: { fileName: join(root, 'tsconfig.json') } },
  );
  return JSON.parse(result.output as string) as ICruiseResult;
}

function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((v) => `${v.from} -> ${v.to} (${v.rule.name})`);
}

describe('layering', () => {
  it('every import, static, dynamic or type-only, points to its own layer or one allowed below it', async () => {
    const result = await cruiseLayers(root);
    expect(result.summary.totalCruised).toBeGreaterThan(200);
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies
        .filter((d) => d.couldNotResolve && d.module.startsWith('.'))
        .map((d) => `${m.source} -> ${d.module}`),
    );
    expect(unresolved).toEqual([]);
    expect(violations(result)).toEqual([]);
  }, 60_000);

  it('catches an upward import, including a dynamic one, in a tree that breaks the rules', async () => {
    const fixture = mkdtempSync(join(tmpdir(), 'droidproof-layers-'));
    try {
      const files: Record<string, string> = {
        'src/actuator/device.ts': 'export const device = 1;\n',
        'src/contract/limits.ts': 'export const limit = 1;\n',
        'src/virtual-device/phone.ts':
          "import { limit } from '../contract/limits.js';\nexport const phone = async () => (await import('../actuator/device.js')).device + limit;\n",
        'src/contract/upward.ts':
          "import { device } from '../actuator/device.js';\nexport const up = device;\n",
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(fixture, path)), { recursive: true });
        writeFileSync(join(fixture, path), text);
      }
      mkdirSync(join(fixture, 'test-apps'));
      expect(violations(await cruiseLayers(fixture)).sort()).toEqual([
        'src/contract/upward.ts -> src/actuator/device.ts (layer-contract)',
        'src/virtual-device/phone.ts -> src/actuator/device.ts (layer-virtual-device)',
      ]);
    } finally {
      rmSync(fixture, { recursive: true, force: true });
    }
  }, 60_000);
});
