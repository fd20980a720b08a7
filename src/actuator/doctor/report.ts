/**
 * The DoctorReport contract (seed 003 "DoctorReport Contract",
 * "DoctorCheckResult Contract"), as zod schemas so the CLI and tests validate
 * what doctor produces.
 */
import { z } from 'zod';

export const DoctorFixSchema = z.strictObject({
  title: z.string(),
  platform: z.enum(['mac', 'linux', 'win', 'any']),
  steps: z.array(z.strictObject({ kind: z.enum(['shell', 'manual']), value: z.string() })),
  docsUrl: z.string().optional(),
});

export const DoctorCheckResultSchema = z.strictObject({
  id: z.string(),
  status: z.enum(['pass', 'warn', 'fail']),
  code: z.string().optional(),
  summary: z.string(),
  detail: z.string().optional(),
  fix: DoctorFixSchema.optional(),
  deviceGuidance: z.strictObject({ screen: z.string(), steps: z.array(z.string()) }).optional(),
  evidence: z.record(z.string(), z.unknown()).optional(),
});
export type DoctorCheckResult = z.infer<typeof DoctorCheckResultSchema>;

export const SkippedCheckSchema = z.strictObject({
  id: z.string(),
  reason: z.string(),
  blockedBy: z.array(z.string()),
});
export type SkippedCheck = z.infer<typeof SkippedCheckSchema>;

export const DOCTOR_CAPABILITIES = ['interactive', 'background-observation'] as const;
export type DoctorCapability = (typeof DOCTOR_CAPABILITIES)[number];

export const DoctorReportSchema = z.strictObject({
  ok: z.boolean(),
  criticalOk: z.boolean(),
  capability: z.enum(DOCTOR_CAPABILITIES),
  deviceId: z.string().optional(),
  operatorPackage: z.string().optional(),
  checks: z.array(DoctorCheckResultSchema),
  skippedChecks: z.array(SkippedCheckSchema),
  nextActions: z.array(z.string()),
});
export type DoctorReport = z.infer<typeof DoctorReportSchema>;

/** Check-id prefixes whose checks are critical (seed 003 "Critical Vs Advisory"), plus the background query check. */
export const CRITICAL_CHECK_PREFIXES = [
  'host.node.version',
  'host.adb.presence',
  'host.adb.server',
  'host.java.version',
  'device.discovery',
  'device.capability',
  'build.android.assemble',
  'build.android.install',
  'build.android.launch',
  'readiness.apk.presence',
  'readiness.version.compatibility',
  'readiness.handshake',
  'readiness.device.interactive',
  'readiness.smoke',
  'readiness.background.observation',
] as const;

export function isCriticalCheck(id: string): boolean {
  return CRITICAL_CHECK_PREFIXES.some((prefix) => id.startsWith(prefix));
}
