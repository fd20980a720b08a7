import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DroidproofError } from '../../src/contract/errors.js';
import { captureEvidence } from '../../src/evidence/capture.js';
import { ManifestSchema } from '../../src/evidence/manifest.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { makePng, memorySource, SAMPLE_FAILURE, tempRoot } from './fixtures.js';

let png: Buffer;
beforeAll(async () => {
  png = await makePng(540, 1200);
});

const context = (attempt = 1) => ({
  testName: 'settings > saves the theme',
  testPath: 'test/settings.test.ts',
  attempt,
  originalVerdict: 'failed' as const,
  testStartedAtMs: 0,
});

const failure = SAMPLE_FAILURE;

async function readManifest(dir: string) {
  return ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
}

describe('captureEvidence', () => {
  it('writes a complete bundle whose files all verify', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({
      source: memorySource(png),
      root,
      label: 'failure',
      context: context(),
      failure,
      applicationId: 'com.example.settings',
    });
    expect(result.status).toBe('complete');
    expect(result.ok).toBe(true);
    expect(result.errors).toEqual([]);
    const files = (await readdir(result.dir!)).sort();
    expect(files).toEqual(
      [
        'annotated.png',
        'captures.json',
        'failure.json',
        'hierarchy.xml',
        'logcat.txt',
        'manifest.json',
        'screenshot.png',
        'timeline.json',
      ].sort(),
    );
    const verification = await verifyBundle(result.dir!);
    expect(verification.problems).toEqual([]);
    const manifest = verification.manifest!;
    expect(manifest.schemaVersion).toBe(1);
    expect(manifest.context.originalVerdict).toBe('failed');
    expect(manifest.device.serial).toBe('virtual-5554');
    const shot = manifest.artifacts.find((a) => a.kind === 'screenshot')!;
    expect(shot.image).toEqual({
      captureWidthPx: 540,
      captureHeightPx: 1200,
      coordinateSpace: 'screenshot_pixels',
      origin: 'top_left',
    });
    expect(shot.bytes).toBe(png.byteLength);
    const hierarchy = manifest.artifacts.find((a) => a.kind === 'hierarchy')!;
    expect(hierarchy.commandId).toBe('cmd-1');
    const captures = JSON.parse(await readFile(join(result.dir!, 'captures.json'), 'utf8'));
    expect(captures.screenshot.source).toBe('adb_screencap');
    expect(captures.hierarchy.result).toEqual({ status: 'success' });
  });

  it('puts the app logcat lines first and keeps the timeline', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({
      source: memorySource(png),
      root,
      context: context(),
      applicationId: 'com.example.settings',
    });
    const lines = (await readFile(join(result.dir!, 'logcat.txt'), 'utf8')).split('\n');
    expect(lines[0]).toBe('--------- com.example.settings: 3 lines');
    expect(lines.slice(1, 4).every((l) => l.includes('4242'))).toBe(true);
    expect(lines[4]).toBe('--------- everything else: 1 lines');
    const timeline = JSON.parse(await readFile(join(result.dir!, 'timeline.json'), 'utf8'));
    expect(timeline.executions[0].commandId).toBe('cmd-0');
  });

  it('never overwrites: every capture and every retry gets its own directory', async () => {
    const root = await tempRoot();
    const first = await captureEvidence({ source: memorySource(png), root, context: context(1) });
    const again = await captureEvidence({ source: memorySource(png), root, context: context(1) });
    const retry = await captureEvidence({ source: memorySource(png), root, context: context(2) });
    const dirs = [first.dir, again.dir, retry.dir];
    expect(new Set(dirs).size).toBe(3);
    expect(dirs.map((d) => d!.split('/').pop())).toEqual(['attempt-1', 'attempt-1-2', 'attempt-2']);
    for (const dir of dirs) expect((await verifyBundle(dir!)).ok).toBe(true);
    expect(new Set([first.evidenceId, again.evidenceId, retry.evidenceId]).size).toBe(3);
  });

  it('records a failing screenshot as partial with its error and keeps the hierarchy', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({
      source: memorySource(png, {
        screenshot: async () => {
          throw new DroidproofError('DEVICE_NOT_FOUND', 'device went away');
        },
      }),
      root,
      context: context(),
      failure,
    });
    expect(result.status).toBe('partial');
    expect(result.ok).toBe(false);
    const manifest = await readManifest(result.dir!);
    expect(manifest.status).toBe('partial');
    const shot = manifest.artifacts.find((a) => a.kind === 'screenshot')!;
    expect(shot).toMatchObject({ status: 'failed', path: null, sha256: null, bytes: null });
    expect(shot.error).toMatchObject({ code: 'DEVICE_NOT_FOUND', stage: 'capture', component: 'screenshot' });
    expect(manifest.artifacts.find((a) => a.kind === 'hierarchy')!.status).toBe('complete');
    expect(manifest.artifacts.some((a) => a.kind === 'annotated_screenshot')).toBe(false);
    expect((await verifyBundle(result.dir!)).ok).toBe(true);
  });

  it('keeps undecodable screenshot bytes as screenshot.partial.png', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({
      source: memorySource(png, { screenshot: async () => png.subarray(0, 2000) }),
      root,
      context: context(),
    });
    expect(result.status).toBe('partial');
    const manifest = await readManifest(result.dir!);
    const shot = manifest.artifacts.find((a) => a.kind === 'screenshot')!;
    expect(shot).toMatchObject({ status: 'partial', path: 'screenshot.partial.png', bytes: 2000 });
    expect(shot.image).toBeUndefined();
    expect((await verifyBundle(result.dir!)).ok).toBe(true);
  });

  it('is failed, with a readable manifest, when neither capture is usable', async () => {
    const root = await tempRoot();
    const boom = async () => {
      throw new Error('adb connection reset');
    };
    const result = await captureEvidence({
      source: memorySource(png, { screenshot: boom, hierarchy: boom, metadata: boom }),
      root,
      context: context(),
    });
    expect(result.status).toBe('failed');
    const manifest = await readManifest(result.dir!);
    expect(manifest.status).toBe('failed');
    expect(manifest.errors.map((e) => e.stage)).toEqual(expect.arrayContaining(['capture', 'metadata']));
    expect(manifest.device.serial).toBeNull();
  });

  it('marks missing device metadata as partial', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({
      source: memorySource(png, { metadata: async () => ({ serial: 'x' }) }),
      root,
      context: context(),
    });
    expect(result.status).toBe('partial');
    expect(result.errors[0].message).toMatch(/model/);
  });

  it('ends a hanging capture at its budget with COMMAND_TIMEOUT', async () => {
    const root = await tempRoot();
    const started = Date.now();
    const result = await captureEvidence({
      source: memorySource(png, { hierarchy: () => new Promise(() => {}) }),
      root,
      context: context(),
      timeoutMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.status).toBe('partial');
    expect(result.errors.find((e) => e.component === 'hierarchy')?.code).toBe('COMMAND_TIMEOUT');
    expect(result.artifacts.find((a) => a.kind === 'screenshot')?.status).toBe('complete');
  });

  it('writes the manifest last and leaves no temp files', async () => {
    const root = await tempRoot();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached!: () => void;
    const atHierarchy = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const source = memorySource(png);
    const pending = captureEvidence({
      source: {
        ...source,
        hierarchy: async () => {
          reached();
          await gate;
          return source.hierarchy();
        },
      },
      root,
      context: context(),
    });
    await atHierarchy;
    const [slug] = await readdir(root);
    const dir = join(root, slug, 'attempt-1');
    const during = await readdir(dir);
    expect(during).toContain('screenshot.png');
    expect(during).not.toContain('manifest.json');
    release();
    const result = await pending;
    const after = await readdir(dir);
    expect(after).toContain('manifest.json');
    expect(after.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const manifestTime = (await stat(join(dir, 'manifest.json'))).mtimeMs;
    for (const artifact of result.artifacts) {
      expect((await stat(join(dir, artifact.path!))).mtimeMs).toBeLessThanOrEqual(manifestTime);
    }
  });

  it('still writes a manifest when an unexpected step throws (a failure that cannot be serialized)', async () => {
    const root = await tempRoot();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const result = await captureEvidence({
      source: memorySource(png),
      root,
      context: context(),
      failure: { ...failure, selector: circular },
    });
    expect(result.status).toBe('partial');
    expect(result.errors.at(-1)).toMatchObject({ stage: 'capture', component: null });
    expect((await verifyBundle(result.dir!)).ok).toBe(true);
  });

  it('never throws, even when the bundle root cannot be created', async () => {
    const root = await tempRoot();
    await writeFile(join(root, 'not-a-dir'), 'x');
    const result = await captureEvidence({
      source: memorySource(png),
      root: join(root, 'not-a-dir'),
      context: context(),
    });
    expect(result).toMatchObject({ ok: false, status: 'failed', dir: null, manifestPath: null });
    expect(result.errors[0].stage).toBe('allocate');
  });
});

describe('verifyBundle', () => {
  it('reports a tampered file and a missing one', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({ source: memorySource(png), root, context: context() });
    await writeFile(join(result.dir!, 'hierarchy.xml'), '<hierarchy rotation="0"></hierarchy>');
    const { rm } = await import('node:fs/promises');
    await rm(join(result.dir!, 'logcat.txt'));
    const verification = await verifyBundle(result.dir!);
    expect(verification.ok).toBe(false);
    expect(verification.problems.some((p) => p.startsWith('hierarchy.xml:') && p.includes('sha256'))).toBe(
      true,
    );
    expect(verification.problems.some((p) => p.startsWith('logcat.txt:') && p.includes('ENOENT'))).toBe(true);
  });

  it('rejects a bundle without a manifest', async () => {
    const root = await tempRoot();
    expect(await verifyBundle(root)).toMatchObject({ ok: false, manifest: null });
  });
});
