/**
 * The JSON wrappers of the CLI and API surfaces (seed 003:1553-1610).
 */
import { z } from 'zod';
import { ExecutionActionSchema } from './actions/index.js';
import { ResultEnvelopeSchema } from './envelope.js';
import { ExecutionSchema } from './execution.js';

/** Canonical terminal source of a result read from `[Androperator-Result]` lines. */
export const CANONICAL_TERMINAL_SOURCE = 'androperator_result';

/** `exec --validate-only` success. */
export const ValidatedWrapperSchema = z.strictObject({
  ok: z.literal(true),
  validated: z.literal(true),
  execution: ExecutionSchema,
});
export type ValidatedWrapper = z.infer<typeof ValidatedWrapperSchema>;

/** `exec --dry-run` plan: what would be dispatched. */
export const DryRunPlanSchema = z.strictObject({
  commandId: z.string(),
  timeoutMs: z.number(),
  actionCount: z.number().int(),
  actions: z.array(ExecutionActionSchema),
});
export type DryRunPlan = z.infer<typeof DryRunPlanSchema>;

export const DryRunWrapperSchema = z.strictObject({
  ok: z.literal(true),
  dryRun: z.literal(true),
  plan: DryRunPlanSchema,
});
export type DryRunWrapper = z.infer<typeof DryRunWrapperSchema>;

/** CLI device-execution success: the envelope plus where and how it was obtained. */
export const ExecutionResultWrapperSchema = z.strictObject({
  envelope: ResultEnvelopeSchema,
  deviceId: z.string(),
  terminalSource: z.string(),
  /** CLI-only; HTTP serve responses omit it (003:1609). */
  isCanonicalTerminal: z.boolean(),
});
export type ExecutionResultWrapper = z.infer<typeof ExecutionResultWrapperSchema>;

/** Host-side failure before or outside an envelope: `{ code, message, details? }`. */
export const ErrorWrapperSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorWrapper = z.infer<typeof ErrorWrapperSchema>;

export function validatedWrapper(execution: ValidatedWrapper['execution']): ValidatedWrapper {
  return { ok: true, validated: true, execution };
}

/** The dry-run plan lists the full normalized actions (the seed example cannot tell id+type from full). */
export function dryRunWrapper(execution: ValidatedWrapper['execution']): DryRunWrapper {
  return {
    ok: true,
    dryRun: true,
    plan: {
      commandId: execution.commandId,
      timeoutMs: execution.timeoutMs,
      actionCount: execution.actions.length,
      actions: execution.actions,
    },
  };
}

/** HTTP serve `POST /execute` success: no `isCanonicalTerminal` (003:1602, 003:1609). */
export const ServeExecutionWrapperSchema = z.strictObject({
  ok: z.literal(true),
  deviceId: z.string(),
  terminalSource: z.string(),
  envelope: ResultEnvelopeSchema,
});
export type ServeExecutionWrapper = z.infer<typeof ServeExecutionWrapperSchema>;
