/**
 * The matcher core shared by the Vitest and Jest adapters: run one matcher's
 * waiting loop, and on a final failure build the failure report, call the
 * received subject's evidence hook and write a message a person can act on.
 */
import { captureCallSite } from '../actuator/execution/call-site.js';
import type { StepHandle, StepInit } from '../actuator/execution/timeline.js';
import type { CaptureResult } from '../evidence/capture.js';
import { messageOf } from '../evidence/error-message.js';
import type { Candidate, FailureReport } from '../evidence/failure.js';
import { evidenceAnnotation } from '../evidence/runner-artifact.js';
import { formatCandidate } from './describe.js';
import type { MatcherTarget } from './ports.js';
import { type MatcherSettings, matcherSettingsOf } from './settings.js';
import { type Check, waitForCheck } from './wait.js';

/** One matcher invocation, independent of the test runner. */
export interface MatcherRun<D> {
  name: string;
  /** How `expect(...)` is shown: `device` or `locator(...)`. */
  receivedLabel: string;
  /** The selector or expectation as given, for the message and failure.json. */
  selector: unknown;
  options: { timeout?: number; interval?: number } & Record<string, unknown>;
  /** One fresh observation and evaluation; `notBeforeMs` is when the matcher started. */
  check(notBeforeMs: number): Promise<Check<D>>;
  /** What was expected, for the positive (`isNot` false) or negated form. */
  expected(isNot: boolean): string;
  observed(detail: D): string;
  foreground(detail: D): string | null;
  candidates(detail: D): Candidate[];
  matchCount(detail: D): number;
  /** Audit findings and comparison images for the failure report (and so the bundle). */
  attachments?(
    detail: D,
  ): Pick<FailureReport, 'findings' | 'images'> | Promise<Pick<FailureReport, 'findings' | 'images'>>;
}

/** What the runner's matcher state tells us (Vitest `this`, Jest `this`). */
export interface RunnerState {
  isNot: boolean;
  /** Vitest: inside `expect.poll`. */
  poll?: boolean;
  currentTestName?: string;
  testPath?: string;
  /** Vitest 4.1: the running test. */
  task?: unknown;
  /** False to skip evidence capture. */
  evidence?: boolean;
  /**
   * The message's first line when the failure is not an `expect(...)` (a node action such as
   * `device.click(m)` or `device.node(m).click()`), so it names the call the user made.
   */
  headline?: (failure: FailureReport) => string;
}

export interface MatcherVerdict {
  /** Whether the condition holds (the runner negates it for `.not`). */
  pass: boolean;
  message: () => string;
}

interface Annotatable {
  context?: { annotate?: (message: string, type: string, attachment?: unknown) => Promise<unknown> };
}

async function captureEvidenceFor(
  hook: MatcherSettings['onFailure'],
  received: unknown,
  target: MatcherTarget,
  failure: FailureReport,
  state: RunnerState,
): Promise<CaptureResult | undefined> {
  if (!hook) return undefined;
  try {
    return await hook({
      received,
      target,
      failure,
      testName: state.currentTestName,
      testPath: state.testPath,
      task: state.task,
    });
  } catch {
    // Evidence never changes a verdict or replaces the assertion's own message.
    return undefined;
  }
}

/** Annotates the Vitest test while it is still running (the only moment `annotate` is allowed). */
async function annotate(state: RunnerState, evidence: CaptureResult): Promise<void> {
  const annotateFn = (state.task as Annotatable | undefined)?.context?.annotate;
  if (!annotateFn || !evidence.dir) return;
  const { message, attachment } = evidenceAnnotation(evidence);
  await annotateFn(message, 'droidproof:evidence', attachment).catch(() => undefined);
}

export function observations(failure: FailureReport): string {
  return `${failure.attempts} observation${failure.attempts === 1 ? '' : 's'}`;
}

function formatMessage<D>(
  run: MatcherRun<D>,
  state: RunnerState,
  failure: FailureReport,
  candidates: Candidate[],
  evidence: CaptureResult | undefined,
): string {
  const call = `expect(${run.receivedLabel})${state.isNot ? '.not' : ''}.${run.name}(...)`;
  const lines = [
    state.headline?.(failure) ??
      `${call} failed after ${failure.elapsedMs} ms (${observations(failure)}${state.poll ? ', single check inside expect.poll' : ''})`,
    '',
    `Expected: ${failure.expected}`,
    `Observed: ${failure.observed}`,
    `Foreground app: ${failure.foregroundPackage ?? 'unknown'}`,
  ];
  if (candidates.length > 0) {
    lines.push('', 'Closest candidates:', ...candidates.map((c, i) => `  ${i + 1}. ${formatCandidate(c)}`));
  }
  if (evidence) {
    lines.push('', `Evidence (${evidence.status}): ${evidence.dir ?? 'not written'}`);
  }
  return lines.join('\n');
}

const MAX_STEP_SELECTOR = 120;

/** The matcher's step in the device trace, with the test line that called `expect` (read from the stack now). */
function matcherStep<D>(run: MatcherRun<D>, state: RunnerState): StepInit {
  const selector = JSON.stringify(run.selector) ?? '';
  const shown =
    selector.length > MAX_STEP_SELECTOR ? `${selector.slice(0, MAX_STEP_SELECTOR - 1)}…` : selector;
  return {
    kind: 'matcher',
    title: state.headline
      ? `${run.name}: what the screen showed`
      : `expect(${run.receivedLabel})${state.isNot ? '.not' : ''}.${run.name}(${shown})`,
    mutating: false,
    callSite: captureCallSite(),
  };
}

/** Runs a matcher to its verdict; see the module doc. Never throws for a failed observation. */
export async function runMatcher<D>(
  run: MatcherRun<D>,
  target: MatcherTarget,
  received: unknown,
  state: RunnerState,
): Promise<MatcherVerdict> {
  // The received device or locator carries its settings (the environment set the device's).
  const settings = matcherSettingsOf(received);
  const startedMs = Date.now();
  const wait = async (step?: StepHandle) => {
    const outcome = await waitForCheck(() => run.check(startedMs), {
      timeout: run.options.timeout ?? settings.timeout,
      interval: run.options.interval ?? settings.interval,
      want: !state.isNot,
      single: state.poll === true,
    });
    // Undecided observations fail both forms: `.not` must never pass on a missing tree.
    const pass = outcome.holds === null ? state.isNot : outcome.holds;
    step?.setPolls(outcome.attempts);
    if (pass === state.isNot)
      step?.fail(`expected ${run.expected(state.isNot)}; observed ${run.observed(outcome.detail)}`);
    return { outcome, pass };
  };
  const { outcome, pass } = target.step ? await target.step(matcherStep(run, state), wait) : await wait();
  if (pass !== state.isNot) return { pass, message: () => `${run.name} passed` };
  const candidates = run.candidates(outcome.detail);
  const failure: FailureReport = {
    matcher: run.name,
    isNot: state.isNot,
    selector: run.selector,
    options: run.options,
    expected: run.expected(state.isNot),
    observed: run.observed(outcome.detail),
    foregroundPackage: run.foreground(outcome.detail),
    attempts: outcome.attempts,
    elapsedMs: outcome.elapsedMs,
    matchCount: run.matchCount(outcome.detail),
    candidates,
    ...(await run.attachments?.(outcome.detail)),
  };
  const evidence =
    state.poll || state.evidence === false
      ? undefined
      : await captureEvidenceFor(settings.onFailure, received, target, failure, state);
  if (evidence) await annotate(state, evidence);
  const message = formatMessage(run, state, failure, candidates, evidence);
  return { pass, message: () => message };
}

/** A verdict for a matcher that could not run at all (bad arguments, unusable received value). */
export function usageFailure(state: RunnerState, error: unknown): MatcherVerdict {
  return { pass: state.isNot, message: () => messageOf(error) };
}
