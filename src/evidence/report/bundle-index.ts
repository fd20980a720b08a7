/**
 * Finds bundles on disk and joins them to tests. Bundles carry their test in
 * `manifest.context` (`testPath`, `testName`, `attempt`), so a reporter needs
 * no side channel from the test worker: it scans the bundles root.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BUNDLE_FILES, type Manifest, ManifestSchema } from '../manifest.js';
import type { BundleRef } from './run-model.js';

/** The serial of the device a bundle was captured on (a multi-device test has one bundle per device). */
export function bundleDevice(manifest: Manifest): string | null {
  const fromContext = manifest.context.deviceSerial;
  return manifest.device.serial ?? (typeof fromContext === 'string' ? fromContext : null);
}

/** Reads every `<root>/<slug>/<attempt>/manifest.json` that parses; others are skipped. */
export async function scanBundles(root: string): Promise<BundleRef[]> {
  const found: BundleRef[] = [];
  const slugs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const slug of slugs.filter((entry) => entry.isDirectory())) {
    const attempts = await readdir(join(root, slug.name), { withFileTypes: true }).catch(() => []);
    for (const attempt of attempts.filter((entry) => entry.isDirectory())) {
      const ref = await readBundle(join(root, slug.name, attempt.name));
      if (ref) found.push(ref);
    }
  }
  return found;
}

export async function readBundle(dir: string): Promise<BundleRef | undefined> {
  try {
    const raw = JSON.parse(await readFile(join(dir, BUNDLE_FILES.manifest), 'utf8'));
    const parsed = ManifestSchema.safeParse(raw);
    return parsed.success ? { dir, manifest: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

/** Groups bundles by test key, each group sorted by attempt then capture time. */
export class BundleIndex {
  private readonly byTest = new Map<string, BundleRef[]>();

  constructor(bundles: readonly BundleRef[]) {
    for (const bundle of bundles) {
      const { testPath, testName } = bundle.manifest.context;
      const key = BundleIndex.key(testPath, testName);
      this.byTest.set(key, [...(this.byTest.get(key) ?? []), bundle]);
    }
    for (const list of this.byTest.values()) {
      list.sort(
        (a, b) =>
          a.manifest.context.attempt - b.manifest.context.attempt ||
          a.manifest.startedAt.localeCompare(b.manifest.startedAt),
      );
    }
  }

  static key(testPath: string | undefined, testName: string): string {
    return `${testPath ? resolve(testPath) : ''}\u0000${testName}`;
  }

  /** Bundles of one test, plus any given directly (e.g. Vitest artifacts), without duplicates. */
  forTest(testPath: string, testName: string, extra: readonly BundleRef[] = []): BundleRef[] {
    const scanned = this.byTest.get(BundleIndex.key(testPath, testName)) ?? [];
    const seen = new Set(scanned.map((b) => resolve(b.dir)));
    return [...scanned, ...extra.filter((b) => !seen.has(resolve(b.dir)))];
  }
}
