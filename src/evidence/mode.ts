/** When bundles are captured: on failure (default), for every test, or never. */
import { z } from 'zod';

export const EvidenceModeSchema = z.enum(['on-failure', 'always', 'off']);
export type EvidenceMode = z.infer<typeof EvidenceModeSchema>;

export function shouldCapture(mode: EvidenceMode, verdict: 'passed' | 'failed'): boolean {
  return mode === 'always' || (mode === 'on-failure' && verdict === 'failed');
}

/** When a test attempt's screen recording is kept in its bundle: never (default), on failure, or always. */
export const VideoModeSchema = EvidenceModeSchema;
export type VideoMode = EvidenceMode;
