/**
 * The result envelope the Operator logs as `[Androperator-Result] <json>`
 * (seed 003:1472-1595). Shapes are tolerant of additive fields (older and
 * newer Operators add keys), but every known field is typed.
 */
import { z } from 'zod';

/**
 * Step data is a string map (003:1541). The only structured value is the
 * host-added `extractionDiagnostics` object (snapshot post-processing).
 */
export const StepDataSchema = z
  .object({ extractionDiagnostics: z.record(z.string(), z.unknown()).optional() })
  .catchall(z.string());
export type StepData = z.infer<typeof StepDataSchema>;

export const StepResultSchema = z.looseObject({
  id: z.string(),
  actionType: z.string(),
  success: z.boolean(),
  /** An Operator may leave out an empty `data` (the released Clawperator app does). */
  data: StepDataSchema.default({}),
  /** Failed-step code (003:1776); returned failed steps also carry `data.errorCode`. */
  errorCode: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});
export type StepResult = z.infer<typeof StepResultSchema>;

export const ENVELOPE_STATUSES = ['success', 'failed'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export const ResultEnvelopeSchema = z.looseObject({
  commandId: z.string(),
  taskId: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  stepResults: z.array(StepResultSchema),
  error: z.string().nullable(),
  /** May hold Android-emitted codes outside the catalogue, e.g. `SERVICE_UNAVAILABLE` (003:1545). */
  errorCode: z.string().nullable().optional(),
  hint: z.string().optional(),
});
export type ResultEnvelope = z.infer<typeof ResultEnvelopeSchema>;

/** The first failed step, which callers branch on after a top-level `errorCode` (003:1616-1618). */
export function firstFailedStep(envelope: ResultEnvelope): StepResult | undefined {
  return envelope.stepResults.find((step) => !step.success);
}
