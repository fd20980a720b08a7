/**
 * `verifyBundle(dir)`: re-checks a bundle from disk. The manifest must match its
 * schema; every artifact file must exist with the recorded size and sha256;
 * complete PNGs must decode, complete XML must parse, JSON files must parse.
 */
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { sha256Hex } from './atomic-file.js';
import { messageOf } from './error-message.js';
import { checkHierarchyXml } from './hierarchy-check.js';
import { BUNDLE_FILES, type BundleManifest, BundleManifestSchema } from './manifest.js';
import { decodePng } from './png.js';
import { inspectVideo } from './video/container.js';

export interface BundleVerification {
  ok: boolean;
  /** The parsed manifest, when it was readable and valid. */
  manifest: BundleManifest | null;
  /** One line per problem found; empty when `ok`. */
  problems: string[];
}

/** Partial artifacts are kept as captured, so only complete ones must decode. */
async function checkContent(mimeType: string, data: Buffer): Promise<void> {
  if (mimeType === 'image/png') await decodePng(data);
  else if (mimeType === 'application/xml') checkHierarchyXml(data.toString('utf8'));
  else if (mimeType === 'application/json') JSON.parse(data.toString('utf8'));
  else if (mimeType === 'video/mp4' || mimeType === 'image/apng') inspectVideo(data);
}

export async function verifyBundle(dir: string): Promise<BundleVerification> {
  let manifest: BundleManifest;
  try {
    const parsed = BundleManifestSchema.safeParse(
      JSON.parse(await readFile(join(dir, BUNDLE_FILES.manifest), 'utf8')),
    );
    if (!parsed.success)
      return { ok: false, manifest: null, problems: [`manifest.json: ${parsed.error.message}`] };
    manifest = parsed.data;
  } catch (error) {
    return { ok: false, manifest: null, problems: [`manifest.json: ${messageOf(error)}`] };
  }
  const problems: string[] = [];
  for (const artifact of manifest.artifacts) {
    if (artifact.path === null) continue;
    if (normalize(artifact.path).startsWith('..') || artifact.path.includes('/')) {
      problems.push(`${artifact.path}: path leaves the bundle`);
      continue;
    }
    try {
      const data = await readFile(join(dir, artifact.path));
      if (data.byteLength !== artifact.bytes) {
        problems.push(`${artifact.path}: ${data.byteLength} bytes, manifest says ${artifact.bytes}`);
      }
      if (sha256Hex(data) !== artifact.sha256) problems.push(`${artifact.path}: sha256 does not match`);
      if (artifact.status === 'complete') await checkContent(artifact.mimeType, data);
    } catch (error) {
      problems.push(`${artifact.path}: ${messageOf(error)}`);
    }
  }
  return { ok: problems.length === 0, manifest, problems };
}
