/** When bundles are captured: on failure (default), for every test, or never. */
import { z } from 'zod';

export const EvidenceModeSchema = z.enum(['on-failure', 'always', 'off']);
export type EvidenceMode = z.infer<typeof EvidenceModeSchema>;

export function shouldCapture(mode: EvidenceMode, verdict: 'passed' | 'failed'): boolean {
  return mode === 'always' || (mode === 'on-failure' && verdict === 'failed');
}
