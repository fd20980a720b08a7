/**
 * The typed failure of hierarchy parsing (seed 003:4963-4966, 4989:
 * malformed XML, DTD declarations, external entities or a non-hierarchy
 * document return SNAPSHOT_EXTRACTION_FAILED).
 */
import { DroidproofError } from '../errors.js';

/** Why a hierarchy document was rejected; `details.reason` of the error. */
export type SnapshotRejection = 'dtd' | 'entity' | 'not_hierarchy' | 'malformed' | 'too_large' | 'too_deep';

export function snapshotExtractionFailed(
  reason: SnapshotRejection,
  message: string,
  offset?: number,
): DroidproofError {
  const details: Record<string, unknown> = { reason };
  if (offset !== undefined) details.offset = offset;
  return new DroidproofError('SNAPSHOT_EXTRACTION_FAILED', `Invalid hierarchy XML: ${message}`, details);
}
