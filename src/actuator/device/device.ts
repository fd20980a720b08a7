/**
 * The typed `Device`: one method per action family over one (device,
 * Operator) pair. Each method builds a one-action execution with the seeds'
 * builder defaults, runs it through the execution engine, and returns decoded
 * results; a failed envelope throws `ExecutionFailedError` with the code, the
 * envelope, the failed step and the dispatch state.
 */
import type { ActionParamsOf, ActionType } from '../../contract/actions/index.js';
import type { OperatorDialect } from '../../contract/dialect.js';
import { codeFromDevice } from '../../contract/error-codes.js';
import type { NodeMatcher } from '../../contract/matcher.js';
import { parseHierarchyXml } from '../../contract/selector/hierarchy-xml.js';
import type { UiHierarchy } from '../../contract/selector/node.js';
import { type QueryUiPayload, QueryUiPayloadSchema } from '../../contract/selector/query-ui.js';
import type { DeviceShell } from '../adb/device-shell.js';
import type { DoctorCapability, DoctorReport } from '../doctor/report.js';
import { captureCallSite } from '../execution/call-site.js';
import type { ExecutionEngine, ExecutionResult } from '../execution/engine.js';
import type { StepResult } from '../execution/envelope.js';
import { firstFailedStep } from '../execution/envelope.js';
import { ExecutionFailedError } from '../execution/errors.js';
import { stepErrorCode } from '../execution/reconcile.js';
import { captureScreenPng } from '../execution/screenshot-capture.js';
import type { Timeline } from '../execution/timeline.js';
import { TraceRecorder } from '../execution/trace-recorder.js';
import type { LogcatReader } from '../logcat/logcat-reader.js';
import type { LogcatLine } from '../logcat/ring.js';
import { type BuildOptions, buildExecution } from './builders.js';
import { type CompactSnapshot, compactSnapshot } from './compact-snapshot.js';
import { type DeviceInfo, readDeviceInfo } from './device-info.js';
import { type DeviceMetrics, deviceMetrics } from './metrics.js';
import {
  decodeNotificationMediaPayload,
  type NotificationMediaActionType,
  type NotificationMediaPayload,
} from './notification-media.js';
import { decodeReceipt, type StepReceipt } from './receipts.js';
import { pullRecording } from './recording-pull.js';
import { executionStep } from './step-title.js';

/**
 * Per-call options of every action method: the execution-level timeout
 * (`timeoutMs` in a method's own options is the action's wait, where it has one)
 * and the step id.
 */
export interface CallOptions {
  executionTimeoutMs?: number;
  id?: BuildOptions['id'];
}

/** What an action method returns: the whole result, its one step and the decoded receipt. */
export interface ActionResult extends ExecutionResult {
  step: StepResult;
  receipt: StepReceipt;
}

export interface SnapshotResult extends ActionResult {
  /** The validated raw XML (`data.text`). */
  xml: string;
  hierarchy: UiHierarchy;
  /** Present when `compact` was requested. */
  compact?: CompactSnapshot;
}

export interface SnapshotOptions extends CallOptions {
  compact?: boolean;
  maxNodes?: number;
  maxTextChars?: number;
}

type NodeOptions<T extends ActionType> = Omit<NonNullable<ActionParamsOf<T>>, 'matcher'> & CallOptions;
type Point = { x: number; y: number };

/** Splits call options (timeout, step id) from action params. */
function split<P extends object>(input: P & CallOptions): { params: P; options: CallOptions } {
  const { executionTimeoutMs, id, ...params } = input;
  return { params: params as P, options: { executionTimeoutMs, id } };
}

export interface DeviceParts {
  serial: string;
  operatorPackage: string;
  dialect: OperatorDialect;
  shell: DeviceShell;
  reader: LogcatReader;
  engine: ExecutionEngine;
  timeline: Timeline;
  /** Doctor for this device, wired by the factory (doctor needs the adb server too). */
  doctor: (capability?: DoctorCapability) => Promise<DoctorReport>;
}

export class Device {
  readonly serial: string;
  readonly operatorPackage: string;
  readonly dialect: OperatorDialect;
  /** Every execution on this device, for evidence: `timeline.mark()` / `timeline.since(mark)`. */
  readonly timeline: Timeline;

  readonly notifications = {
    list: (params: ActionParamsOf<'list_notifications'> & CallOptions = {}) =>
      this.observation('list_notifications', params),
    dismiss: (notificationKey: string, options: { waitTimeoutMs?: number } & CallOptions = {}) =>
      this.observation('dismiss_notification', { notificationKey, ...options }),
    invoke: (notificationKey: string, actionId: string, options: CallOptions = {}) =>
      this.observation('invoke_notification_action', { notificationKey, actionId, ...options }),
  };

  readonly media = {
    list: (params: ActionParamsOf<'list_media_sessions'> & CallOptions = {}) =>
      this.observation('list_media_sessions', params),
    status: (target: NonNullable<ActionParamsOf<'get_media_status'>> & CallOptions) =>
      this.observation('get_media_status', target),
    observe: (target: NonNullable<ActionParamsOf<'observe_media'>> & CallOptions) =>
      this.observation('observe_media', target),
    pause: (target: NonNullable<ActionParamsOf<'media_pause'>> & CallOptions) =>
      this.observation('media_pause', target),
    play: (target: NonNullable<ActionParamsOf<'media_play'>> & CallOptions) =>
      this.observation('media_play', target),
    seek: (target: NonNullable<ActionParamsOf<'media_seek'>> & CallOptions) =>
      this.observation('media_seek', target),
  };

  readonly recording = {
    start: (sessionId?: string, options: CallOptions = {}) =>
      this.action('start_recording', sessionId === undefined ? {} : { sessionId }, options),
    stop: (sessionId?: string, options: CallOptions = {}) =>
      this.action('stop_recording', sessionId === undefined ? {} : { sessionId }, options),
    /** Pulls a stopped recording (the given session, else the Operator's latest) into `outDir`. */
    pull: (options: { sessionId?: string; outDir: string }) =>
      pullRecording(this.parts.shell, this.operatorPackage, options),
  };

  /** Frame statistics and cold start timing over adb (`metrics.ts`). */
  readonly metrics: DeviceMetrics;

  /** The screens and hierarchies of the running test's steps, for its trace (off until `trace.begin(true)`). */
  readonly trace: TraceRecorder;

  private readonly parts: DeviceParts;

  constructor(parts: DeviceParts) {
    this.parts = parts;
    this.metrics = deviceMetrics(parts.shell);
    this.serial = parts.serial;
    this.operatorPackage = parts.operatorPackage;
    this.dialect = parts.dialect;
    this.timeline = parts.timeline;
    this.trace = new TraceRecorder(parts.timeline, () => captureScreenPng(parts.shell));
  }

  /**
   * Validates and runs a raw execution payload. Resolves with the reconciled
   * envelope; a failed envelope throws unless `allowFailure` is set. Host-side
   * failures (validation, readiness, transport) always throw.
   */
  execute(payload: unknown, options: { allowFailure?: boolean } = {}): Promise<ExecutionResult> {
    // The public boundary: the stack here still reaches the test line that made the call.
    const step = { ...executionStep(payload), callSite: captureCallSite() };
    return this.timeline.step(step, async () => {
      const result = await this.parts.engine.run(payload);
      if (!options.allowFailure) throwIfFailed(result);
      return result;
    });
  }

  click(matcher: NodeMatcher, options: NodeOptions<'click'> = {}): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('click', { ...params, matcher } as ActionParamsOf<'click'>, call);
  }

  longClick(
    matcher: NodeMatcher,
    options: Omit<NodeOptions<'click'>, 'clickType'> = {},
  ): Promise<ActionResult> {
    return this.click(matcher, { ...options, clickType: 'long_click' });
  }

  /** A coordinate click (no matcher, no strict mode or container). */
  tap(point: Point, options: CallOptions = {}): Promise<ActionResult> {
    return this.action('click', { coordinate: point } as ActionParamsOf<'click'>, options);
  }

  enterText(
    matcher: NodeMatcher,
    text: string,
    options: Omit<NodeOptions<'enter_text'>, 'text'> = {},
  ): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('enter_text', { ...params, matcher, text } as ActionParamsOf<'enter_text'>, call);
  }

  /** The text of the first matching node (`data.text`). */
  async readText(matcher: NodeMatcher, options: NodeOptions<'read_text'> = {}): Promise<string> {
    const { params, options: call } = split(options);
    const result = await this.action(
      'read_text',
      { ...params, matcher } as ActionParamsOf<'read_text'>,
      call,
    );
    return String(result.step.data.text ?? '');
  }

  /** The value next to a label (`read_key_value_pair`, `data.value`). */
  async readValue(labelMatcher: NodeMatcher, options: CallOptions = {}): Promise<string> {
    const result = await this.action('read_key_value_pair', { labelMatcher }, options);
    return String(result.step.data.value ?? '');
  }

  /** `query_ui`: matching nodes with their state, decoded and validated. */
  async query(
    matcher?: NodeMatcher,
    options: Omit<NonNullable<ActionParamsOf<'query_ui'>>, 'matcher'> & CallOptions = {},
  ): Promise<QueryUiPayload & { result: ActionResult }> {
    const { params, options: call } = split(options);
    const result = await this.action('query_ui', matcher ? { ...params, matcher } : params, call);
    const parsed = QueryUiPayloadSchema.safeParse(safeJson(result.step.data.query));
    if (!parsed.success) {
      throw new ExecutionFailedError(
        'RESULT_ENVELOPE_MALFORMED',
        'query_ui data.query is missing or invalid',
        {
          phase: 'post_processing',
          dispatchState: 'dispatched',
          envelope: result.envelope,
          failedStep: result.step,
        },
        { reason: parsed.error.issues[0]?.message },
      );
    }
    return { ...parsed.data, result };
  }

  /** The UI hierarchy: raw XML, parsed tree and optionally the compact projection. */
  async snapshot(options: SnapshotOptions = {}): Promise<SnapshotResult> {
    const { compact, maxNodes, maxTextChars, ...call } = options;
    const result = await this.action('snapshot', undefined, call);
    const xml = String(result.step.data.text);
    const hierarchy = result.hierarchies.get(result.step.id) ?? parseHierarchyXml(xml);
    const snapshot: SnapshotResult = { ...result, xml, hierarchy };
    if (compact) {
      snapshot.compact = compactSnapshot(hierarchy, result.envelope, { maxNodes, maxTextChars });
    }
    return snapshot;
  }

  /** `take_screenshot`, captured host-side; resolves with the saved PNG's path and size. */
  async screenshot(
    options: { path?: string } & CallOptions = {},
  ): Promise<{ path: string; width: number; height: number; result: ActionResult }> {
    const { params, options: call } = split(options);
    const result = await this.action('take_screenshot', params.path ? { path: params.path } : {}, call);
    const { path, captureWidthPx, captureHeightPx } = result.step.data;
    return { path: String(path), width: Number(captureWidthPx), height: Number(captureHeightPx), result };
  }

  waitForNode(matcher: NodeMatcher, options: NodeOptions<'wait_for_node'> = {}): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('wait_for_node', { ...params, matcher } as ActionParamsOf<'wait_for_node'>, call);
  }

  waitForNavigation(
    params: NonNullable<ActionParamsOf<'wait_for_navigation'>> & CallOptions,
  ): Promise<ActionResult> {
    const { params: p, options: call } = split(params);
    return this.action('wait_for_navigation', p, call);
  }

  scroll(options: NonNullable<ActionParamsOf<'scroll'>> & CallOptions = {}): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('scroll', params, call);
  }

  scrollUntil(matcher: NodeMatcher, options: NodeOptions<'scroll_until'> = {}): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('scroll_until', { ...params, matcher }, call);
  }

  scrollAndClick(matcher: NodeMatcher, options: NodeOptions<'scroll_and_click'> = {}): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('scroll_and_click', { ...params, matcher }, call);
  }

  swipe(params: NonNullable<ActionParamsOf<'swipe'>> & CallOptions): Promise<ActionResult> {
    const { params: p, options: call } = split(params);
    return this.action('swipe', p as ActionParamsOf<'swipe'>, call);
  }

  drag(params: NonNullable<ActionParamsOf<'drag'>> & CallOptions): Promise<ActionResult> {
    const { params: p, options: call } = split(params);
    return this.action('drag', p as ActionParamsOf<'drag'>, call);
  }

  pressKey(key: 'back' | 'home' | 'recents', options: CallOptions = {}): Promise<ActionResult> {
    return this.action('press_key', { key }, options);
  }

  back(options: CallOptions = {}): Promise<ActionResult> {
    return this.pressKey('back', options);
  }

  home(options: CallOptions = {}): Promise<ActionResult> {
    return this.pressKey('home', options);
  }

  openApp(
    applicationId: string,
    options: Omit<NonNullable<ActionParamsOf<'open_app'>>, 'applicationId'> & CallOptions = {},
  ): Promise<ActionResult> {
    const { params, options: call } = split(options);
    return this.action('open_app', { ...params, applicationId }, call);
  }

  openUri(uri: string, options: CallOptions = {}): Promise<ActionResult> {
    return this.action('open_uri', { uri }, options);
  }

  /** `close_app`: the host force-stops first; a successful step carries `data.application_id`. */
  closeApp(applicationId: string, options: CallOptions = {}): Promise<ActionResult> {
    return this.action('close_app', { applicationId }, options);
  }

  sleep(durationMs: number, options: CallOptions = {}): Promise<ActionResult> {
    return this.action('sleep', { durationMs }, options);
  }

  /** Shows an Operator toast, or cancels it with `toast(null)`. */
  toast(
    text: string | null,
    options: { duration?: 'short' | 'long' } & CallOptions = {},
  ): Promise<ActionResult> {
    const { params, options: call } = split(options);
    if (text === null) return this.action('cancel_toast', undefined, call);
    return this.action('show_toast', { ...params, text } as ActionParamsOf<'show_toast'>, call);
  }

  /** Sets the on-screen log panel, or clears it with `onScreenLog(null)`. */
  onScreenLog(
    params: NonNullable<ActionParamsOf<'set_on_screen_log'>> | null,
    options: CallOptions = {},
  ): Promise<ActionResult> {
    if (params === null) return this.action('clear_on_screen_log', undefined, options);
    return this.action('set_on_screen_log', params, options);
  }

  /** Readiness report for this device and Operator (seed DoctorReport). */
  doctor(options: { capability?: DoctorCapability } = {}): Promise<DoctorReport> {
    return this.parts.doctor(options.capability);
  }

  /** Serial, model, API level, display and device type. */
  info(): Promise<DeviceInfo> {
    return readDeviceInfo(this.parts.shell);
  }

  /** Raw logcat lines received since `timeMs` (host clock), from the persistent reader's ring. */
  logcatSince(timeMs: number): LogcatLine[] {
    return this.parts.reader.logcatSince(timeMs);
  }

  /** Stops the logcat reader. The device object must not be used afterwards. */
  close(): void {
    this.parts.reader.close();
  }

  /** Runs a one-action execution and returns its step; throws on a failed envelope. */
  private async action<T extends ActionType>(
    type: T,
    params: ActionParamsOf<T>,
    options: CallOptions = {},
  ): Promise<ActionResult> {
    const build = { timeoutMs: options.executionTimeoutMs, id: options.id };
    const result = await this.execute(buildExecution(type, params, build));
    const step =
      result.envelope.stepResults.find((s) => s.actionType === type) ?? result.envelope.stepResults[0];
    if (!step) {
      throw new ExecutionFailedError(
        'RESULT_ENVELOPE_MALFORMED',
        `The ${type} envelope has no step result`,
        { phase: 'result', dispatchState: 'dispatched', envelope: result.envelope },
        {},
      );
    }
    return { ...result, step, receipt: decodeReceipt(step) };
  }

  private async observation<T extends NotificationMediaActionType>(
    type: T,
    input: NonNullable<ActionParamsOf<T>> & CallOptions,
  ): Promise<NotificationMediaPayload<T> & { result: ActionResult }> {
    const { params, options } = split(input);
    const result = await this.action(type, params as ActionParamsOf<T>, options);
    try {
      return { ...decodeNotificationMediaPayload(type, result.step.data.payload), result };
    } catch (error) {
      throw ExecutionFailedError.from(error, {
        phase: 'post_processing',
        dispatchState: 'dispatched',
        commandId: result.envelope.commandId,
        envelope: result.envelope,
        failedStep: result.step,
      });
    }
  }
}

function safeJson(value: unknown): unknown {
  try {
    return typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
}

/** Throws `ExecutionFailedError` for a failed envelope: code from `errorCode`, else the first failed step. */
export function throwIfFailed(result: ExecutionResult): void {
  const { envelope } = result;
  if (envelope.status === 'success') return;
  const failedStep = firstFailedStep(envelope);
  const deviceCode = envelope.errorCode || (failedStep && stepErrorCode(failedStep)) || undefined;
  throw new ExecutionFailedError(
    deviceCode ? codeFromDevice(deviceCode) : 'ACTION_FAILED',
    envelope.error ?? `Execution ${envelope.commandId} failed`,
    {
      phase: 'result',
      dispatchState: 'dispatched',
      commandId: envelope.commandId,
      taskId: envelope.taskId,
      envelope,
      failedStep,
      deviceCode,
    },
    { deviceId: result.deviceId, failedStepId: failedStep?.id, failedStepData: failedStep?.data },
  );
}
