/**
 * Node-side post-processing of a received envelope, before reconciliation
 * (seed 003 "Execution Flow" step 5): snapshot XML validation, settle warnings,
 * host screenshots for `take_screenshot`, and `close_app` normalization after a
 * successful pre-flight force-stop. Steps are rewritten, never dropped.
 */
import type { UiHierarchy } from '../../contract/selector/node.js';
import type { DeviceShell } from '../adb/device-shell.js';
import type { ResultEnvelope, StepData, StepResult } from './envelope.js';
import { stepErrorCode } from './reconcile.js';
import { captureScreenshotTo, defaultScreenshotPath, screenshotStepData } from './screenshot-capture.js';
import { checkSnapshotXml, SNAPSHOT_EXTRACTION_MESSAGE } from './snapshot-check.js';

export interface PlannedAction {
  id: string;
  type: string;
  params?: unknown;
}

export interface PostProcessInput {
  envelope: ResultEnvelope;
  actions: readonly PlannedAction[];
  shell: DeviceShell;
  /** `close_app` action ids whose host pre-flight force-stop succeeded. */
  forceStopped: ReadonlySet<string>;
}

export const SETTLE_WARNING =
  'snapshot captured without a preceding sleep step; UI may not have settled - consider adding a sleep step between click and snapshot';

function paramString(action: PlannedAction | undefined, key: string): string | undefined {
  const params = action?.params as Record<string, unknown> | undefined;
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** Step data after removing `drop` keys and merging `patch` (string values, or the diagnostics object). */
function editData(step: StepResult, patch: Record<string, unknown>, drop: readonly string[] = []): StepData {
  const data: Record<string, unknown> = { ...step.data };
  for (const key of drop) delete data[key];
  return { ...data, ...patch } as StepData;
}

const FAILURE_KEYS = ['error', 'errorCode', 'message'] as const;

function hostFailure(
  step: StepResult,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): StepResult {
  return {
    ...step,
    success: false,
    data: editData(
      step,
      {
        ...extra,
        error: code,
        errorCode: code,
        message,
        failurePhase: 'post_processing',
        dispatchState: 'dispatched',
      },
      ['text', 'path'],
    ),
  };
}

function processSnapshot(
  step: StepResult,
  previous: PlannedAction | undefined,
  hierarchies: Map<string, UiHierarchy>,
): StepResult {
  const check = checkSnapshotXml(step.data.text);
  if (check.ok) hierarchies.set(step.id, check.hierarchy);
  else {
    return hostFailure(step, 'SNAPSHOT_EXTRACTION_FAILED', SNAPSHOT_EXTRACTION_MESSAGE, {
      extractionReason: check.reason,
      extractionDiagnostics: check.diagnostics,
    });
  }
  if (previous?.type === 'click' || previous?.type === 'scroll_and_click') {
    return { ...step, data: editData(step, { warn: SETTLE_WARNING }) };
  }
  return step;
}

async function processScreenshot(
  step: StepResult,
  action: PlannedAction | undefined,
  input: PostProcessInput,
): Promise<StepResult> {
  const path = paramString(action, 'path') ?? defaultScreenshotPath(input.envelope.commandId, step.id);
  try {
    const shot = await captureScreenshotTo(input.shell, path);
    // A successful host capture supersedes the runtime's UNSUPPORTED_RUNTIME_SCREENSHOT failure.
    return { ...step, success: true, data: editData(step, screenshotStepData(shot), FAILURE_KEYS) };
  } catch (error) {
    return hostFailure(step, 'EVIDENCE_CAPTURE_FAILED', (error as Error).message);
  }
}

function processCloseApp(
  step: StepResult,
  action: PlannedAction | undefined,
  input: PostProcessInput,
): StepResult {
  const applicationId = paramString(action, 'applicationId');
  if (!input.forceStopped.has(step.id) || applicationId === undefined) return step;
  if (step.success) return { ...step, data: editData(step, { application_id: applicationId }) };
  if (stepErrorCode(step) === 'UNSUPPORTED_RUNTIME_CLOSE') {
    return { ...step, success: true, data: editData(step, { application_id: applicationId }, FAILURE_KEYS) };
  }
  return step;
}

/** The processed envelope and the hierarchy parsed for each valid snapshot step (by step id), so nothing parses twice. */
export interface PostProcessed {
  envelope: ResultEnvelope;
  hierarchies: Map<string, UiHierarchy>;
}

export async function postProcess(input: PostProcessInput): Promise<PostProcessed> {
  const hierarchies = new Map<string, UiHierarchy>();
  const byId = new Map(input.actions.map((action, index) => [action.id, index]));
  const steps: StepResult[] = [];
  for (const step of input.envelope.stepResults) {
    const index = byId.get(step.id);
    const action = index === undefined ? undefined : input.actions[index];
    const previous = index === undefined || index === 0 ? undefined : input.actions[index - 1];
    if (step.actionType === 'snapshot' && step.success)
      steps.push(processSnapshot(step, previous, hierarchies));
    else if (
      step.actionType === 'take_screenshot' &&
      (step.success || stepErrorCode(step) === 'UNSUPPORTED_RUNTIME_SCREENSHOT')
    ) {
      steps.push(await processScreenshot(step, action, input));
    } else if (step.actionType === 'close_app') steps.push(processCloseApp(step, action, input));
    else steps.push(step);
  }
  const envelope: ResultEnvelope = { ...input.envelope, stepResults: steps };
  const hostFailed = steps.find((step) => step.data.failurePhase === 'post_processing');
  if (hostFailed) {
    envelope.failureEvidence = {
      phase: 'post_processing',
      commandId: input.envelope.commandId,
      taskId: input.envelope.taskId,
      dispatchState: 'dispatched',
      earlierEffects: [...input.forceStopped].map((actionId) => ({ actionId, effect: 'force_stop' })),
    };
  }
  return { envelope, hierarchies };
}
