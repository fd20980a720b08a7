/** Shared fixtures for the evidence tests: a real PNG, a hierarchy XML, an in-memory source. */
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { parseHierarchyXml } from '../../src/contract/selector/hierarchy-xml.js';
import { summarizeNode } from '../../src/contract/selector/node-summary.js';
import { buildTreeIndex } from '../../src/contract/selector/tree-index.js';
import type { Candidate, FailureReport } from '../../src/evidence/failure.js';
import type { DeviceMetadata } from '../../src/evidence/manifest.js';
import type { EvidenceSource } from '../../src/evidence/source.js';

export const SETTINGS_XML = readFileSync(new URL('./fixtures/settings.xml', import.meta.url), 'utf8');

export function tempRoot(prefix = 'droidproof-evidence-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** A PNG of the given size with a few coloured bands, so the image is not trivially uniform. */
export async function makePng(width = 1080, height = 2400): Promise<Buffer> {
  const bands = [0, 1, 2, 3].map((i) => ({
    input: {
      create: {
        width,
        height: Math.floor(height / 8),
        channels: 3 as const,
        background: { r: 40 * i, g: 120, b: 200 - 40 * i },
      },
    },
    top: i * Math.floor(height / 4),
    left: 0,
  }));
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .composite(bands)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export const FULL_METADATA: DeviceMetadata = {
  serial: 'virtual-5554',
  operatorPackage: 'com.androperator.operator',
  cliVersion: '0.1.0',
  operatorVersion: '1.0.0',
  apiLevel: 34,
  androidVersion: '14',
  manufacturer: 'droidproof',
  model: 'Virtual Pixel',
  deviceType: 'emulator',
  deviceTypeProperties: { 'ro.kernel.qemu': '1', 'ro.boot.qemu': null },
  display: { width: 1080, height: 2400, density: 420, rotation: 0 },
};

export const LOGCAT = [
  '12-01 02:49:16.100  1000  1000 I ActivityManager: Start proc 4242:com.example.settings/u0a1',
  '12-01 02:49:16.200  4242  4242 D Settings: onCreate',
  '12-01 02:49:16.300  1200  1300 W System: unrelated',
  '12-01 02:49:16.400  4242  4250 E Settings: save failed',
].join('\n');

/** An in-memory EvidenceSource; override any method to inject a failure. */
export function memorySource(png: Buffer, overrides: Partial<EvidenceSource> = {}): EvidenceSource {
  return {
    screenshot: async () => png,
    hierarchy: async () => ({
      xml: SETTINGS_XML,
      commandId: 'cmd-1',
      taskId: 'task-1',
      result: { status: 'success' },
    }),
    metadata: async () => FULL_METADATA,
    timeline: () => [
      {
        commandId: 'cmd-0',
        startedAtMs: 1000,
        finishedAtMs: 1150,
        payload: { actions: [{ id: 'a1', type: 'click' }] },
        envelope: { status: 'success' },
      },
    ],
    logcat: async () => LOGCAT,
    processIds: async () => [4242],
    ...overrides,
  };
}

/** A candidate built from the settings fixture the way the matchers build them. */
export function fixtureCandidate(path: string, reason: Candidate['reason']): Candidate {
  const entry = buildTreeIndex(parseHierarchyXml(SETTINGS_XML)).entries.find((e) => e.path === path)!;
  return { ...summarizeNode(entry), reason };
}

/** A matcher failure as the matchers report it, with one real candidate from the settings fixture. */
export const SAMPLE_FAILURE: FailureReport = {
  matcher: 'toShowNode',
  isNot: false,
  selector: { textEquals: 'Saved' },
  options: { timeout: 200 },
  expected: 'a node matching {"textEquals":"Saved"}',
  observed: 'no match in 4 observations',
  foregroundPackage: 'com.example.settings',
  attempts: 4,
  elapsedMs: 200,
  matchCount: 0,
  candidates: [fixtureCandidate('0.1.3', 'case_mismatch')],
};
