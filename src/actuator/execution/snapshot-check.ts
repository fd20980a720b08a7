/**
 * Host validation of snapshot XML (seed 003 "Source completeness",
 * "Extraction diagnostics"): a successful snapshot step whose `data.text` is
 * missing or not one well-formed `hierarchy` document fails with
 * SNAPSHOT_EXTRACTION_FAILED, `data.extractionReason` and the structured
 * `data.extractionDiagnostics`; `data.text` is removed.
 */
import { isDroidproofError } from '../../contract/errors.js';
import { parseHierarchyXml } from '../../contract/selector/hierarchy-xml.js';
import type { UiHierarchy } from '../../contract/selector/node.js';

export type ExtractionReason =
  | 'missing_payload'
  | 'malformed_xml'
  | 'invalid_root'
  | 'doctype_forbidden'
  | 'payload_limit'
  | 'depth_limit';

const REASONS: Record<string, ExtractionReason> = {
  dtd: 'doctype_forbidden',
  entity: 'malformed_xml',
  malformed: 'malformed_xml',
  not_hierarchy: 'invalid_root',
  too_large: 'payload_limit',
  too_deep: 'depth_limit',
};

export type SnapshotCheck =
  | { ok: true; hierarchy: UiHierarchy }
  | { ok: false; reason: ExtractionReason; diagnostics: Record<string, unknown> };

export function checkSnapshotXml(text: unknown): SnapshotCheck {
  const source = typeof text === 'string' ? text.trim() : '';
  // Diagnostics are counted only on failure: a 5,000-node dump is 2 MB to scan twice more.
  const receivedBytes = () => Buffer.byteLength(source, 'utf8');
  if (source === '') {
    return {
      ok: false,
      reason: 'missing_payload',
      diagnostics: { receivedBytes: receivedBytes(), sourceValidationCategory: 'missing_payload' },
    };
  }
  try {
    return { ok: true, hierarchy: parseHierarchyXml(source) };
  } catch (error) {
    if (!isDroidproofError(error) || error.code !== 'SNAPSHOT_EXTRACTION_FAILED') throw error;
    const reason = REASONS[String(error.details.reason)] ?? 'malformed_xml';
    const diagnostics: Record<string, unknown> = {
      receivedBytes: receivedBytes(),
      sourceValidationCategory: reason,
      closingHierarchySeen: source.includes('</hierarchy>'),
    };
    if (typeof error.details.offset === 'number') diagnostics.position = error.details.offset;
    return { ok: false, reason, diagnostics };
  }
}

/** The seeds' words (003:5344-5345). */
export const SNAPSHOT_EXTRACTION_MESSAGE =
  'UI hierarchy extraction produced missing or invalid XML for this step. Check androperator version compatibility and logcat extraction health.';
