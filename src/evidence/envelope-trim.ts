/**
 * Envelope copies kept in a bundle omit a snapshot step's `data.text` (the
 * hierarchy XML, already in `hierarchy.xml` and up to megabytes per
 * observation), the way the seed's snapshot output omits it from its envelope copy.
 */

interface StepLike {
  actionType?: unknown;
  data?: Record<string, unknown>;
}

function trimStep(step: StepLike): StepLike {
  const text = step.data?.text;
  if (step.actionType !== 'snapshot' || typeof text !== 'string') return step;
  return { ...step, data: { ...step.data, text: `<omitted: ${text.length} characters of hierarchy XML>` } };
}

export function withoutSnapshotXml(envelope: unknown): unknown {
  const steps = (envelope as { stepResults?: unknown } | null)?.stepResults;
  if (!Array.isArray(steps)) return envelope;
  return { ...(envelope as object), stepResults: steps.map((s) => trimStep(s as StepLike)) };
}
