/**
 * Operator dialects as data: one table per Operator app that droidproof talks
 * to, read by both the host (src/actuator: dispatch, logcat reading, envelope
 * parsing) and the virtual Operator (src/virtual-device/operator: what it
 * accepts and exactly what it logs). `androperator` is the seeds' contract
 * (brief "Dispatch" and "Results"); `clawperator` is the released Clawperator
 * Operator app as its public source shows it, so that droidproof's host works
 * against a real Clawperator APK and the virtual device answers like one.
 * docs/dialects.md lists the differences.
 */
import { isActionType } from './action-types.js';
import type { ActionType } from './actions/index.js';
import { DroidproofError } from './errors.js';

/** Where an Operator puts a snapshot's hierarchy XML. */
export type SnapshotXmlPlacement =
  /** In the snapshot step's `data.text` inside the result envelope (seed 003:4986). */
  | { readonly in: 'step_data' }
  /**
   * In separate log entries: one message `<marker>\n<xml lines>` logged under
   * `tag` before the result line, read back from logcat by the host. The XML
   * is one element per line (a UI Automator style dump).
   */
  | { readonly in: 'log'; readonly marker: string; readonly tag: string };

/** How the Operator writes its result envelope JSON. */
export interface EnvelopeShape {
  /**
   * A failed run (thrown failure, timeout, readiness) keeps the steps run so
   * far (`kept`) or logs `stepResults: []` (`dropped`).
   */
  readonly failedRunSteps: 'kept' | 'dropped';
  /** Top-level `errorCode`: always present (null when none), or only when set. */
  readonly errorCodeKey: 'always' | 'when_set';
  /** The codes the Operator puts in the top-level `errorCode`; `all` for every code. */
  readonly errorCodes: 'all' | readonly string[];
  /** A step's `data` key with no entries: written as `{}` or left out. */
  readonly emptyStepData: 'written' | 'omitted';
  /** A returned (non-thrown) failed step makes the envelope `failed` (else the host reconciles). */
  readonly returnedFailureFailsRun: boolean;
  /**
   * Actions whose failed step is returned and lets the run go on; for the
   * others a failure ends the run (`all`: every action returns its failures).
   */
  readonly returnedFailureActions: 'all' | readonly ActionType[];
  /** Top-level keys in the order the Operator's JSON encoder writes them. */
  readonly keyOrder: readonly string[];
}

export interface OperatorDialect {
  readonly name: 'androperator' | 'clawperator';
  /**
   * Whether the Operator's `versionName` must equal droidproof's own (the
   * seeds' rule, checked by doctor and before the first dispatch). A released
   * Clawperator APK versions independently, so that dialect only reports it.
   */
  readonly versionPinned: boolean;
  /** Intent action of the dispatch broadcast. */
  readonly action: string;
  /** String extra that carries the payload JSON. */
  readonly payloadExtra: string;
  /** Prefix of a result envelope line, without the trailing space. */
  readonly resultPrefix: string;
  /**
   * Prefix of a paced result chunk line, without the trailing space; `null`
   * when the Operator never chunks and always logs one result line.
   */
  readonly chunkPrefix: string | null;
  /** Logcat tag of the Operator's result lines (hosts never match on it). */
  readonly resultTag: string;
  readonly snapshotXml: SnapshotXmlPlacement;
  /** The Operator's name for a contract action type, where it differs. */
  readonly wireActionTypes: Readonly<Partial<Record<ActionType, string>>>;
  /** Names the Operator itself also accepts, mapped to its own name. */
  readonly deviceActionAliases: Readonly<Record<string, string>>;
  /** Whether the Operator lower-cases `type` before looking it up. */
  readonly caseInsensitiveTypes: boolean;
  /**
   * Action types (contract names) the Operator executes; `all` for every
   * contract type. The host refuses others before dispatch.
   */
  readonly supportedActions: 'all' | readonly ActionType[];
  /**
   * An action the Operator cannot parse: answered with an EXECUTION_ACTION_UNSUPPORTED
   * envelope, or not answered at all (the whole payload fails to parse).
   */
  readonly unparseablePayload: 'envelope' | 'silent';
  readonly envelope: EnvelopeShape;
  /** Whether steps carry dispatch receipts and `target` summaries (seed 003:1738-1786). */
  readonly receipts: boolean;
  /** Whether `doctor_ping` reports `screen_on`, `device_locked` and `user_unlocked`. */
  readonly reportsInteractiveState: boolean;
  /** Release package first, then the debug variant (`versionName` suffix `-d`). */
  readonly packages: readonly [release: string, debug: string];
}

/** Step data keys that are dispatch receipts, not outcomes (seed 003:1738-1786). */
export const RECEIPT_KEYS = [
  'dispatch_method',
  'dispatch_accepted',
  'elapsed_ms',
  'target',
  'matched_target',
] as const;

/** `doctor_ping` step keys that report interactivity (brief "Doctor handshake"). */
export const INTERACTIVE_STATE_KEYS = ['screen_on', 'device_locked', 'user_unlocked'] as const;

/** Whether a failed step of `type` is returned (the run goes on) rather than ending the run. */
export function returnsFailure(dialect: OperatorDialect, type: string): boolean {
  const actions = dialect.envelope.returnedFailureActions;
  return actions === 'all' || (actions as readonly string[]).includes(type);
}

/** Device-side aliases both Operators accept (Clawperator's parser; the Kotlin core's alias table). */
const SHARED_DEVICE_ALIASES = {
  find_node: 'wait_for_node',
  type_text: 'enter_text',
  key_press: 'press_key',
} as const;

export const DIALECTS = {
  androperator: {
    name: 'androperator',
    versionPinned: true,
    action: 'app.androperator.operator.ACTION_AGENT_COMMAND',
    payloadExtra: 'payload',
    resultPrefix: '[Androperator-Result]',
    chunkPrefix: '[Androperator-Result-Chunk]',
    resultTag: 'Operator',
    snapshotXml: { in: 'step_data' },
    wireActionTypes: {},
    deviceActionAliases: { ...SHARED_DEVICE_ALIASES, snapshot_ui: 'snapshot' },
    caseInsensitiveTypes: false,
    supportedActions: 'all',
    unparseablePayload: 'envelope',
    envelope: {
      failedRunSteps: 'kept',
      errorCodeKey: 'always',
      errorCodes: 'all',
      emptyStepData: 'written',
      returnedFailureFailsRun: true,
      returnedFailureActions: 'all',
      keyOrder: ['commandId', 'taskId', 'stepResults', 'status', 'error', 'errorCode'],
    },
    receipts: true,
    reportsInteractiveState: true,
    packages: ['com.androperator.operator', 'com.androperator.operator.dev'],
  },
  clawperator: {
    name: 'clawperator',
    versionPinned: false,
    action: 'app.clawperator.operator.ACTION_AGENT_COMMAND',
    payloadExtra: 'payload',
    resultPrefix: '[Clawperator-Result]',
    chunkPrefix: null,
    resultTag: 'AgentCommandExecutorDefault',
    snapshotXml: { in: 'log', marker: '[TaskScope] UI Hierarchy:', tag: 'TaskScopeDefault' },
    wireActionTypes: { snapshot: 'snapshot_ui' },
    deviceActionAliases: { ...SHARED_DEVICE_ALIASES },
    caseInsensitiveTypes: true,
    supportedActions: [
      'open_uri',
      'open_app',
      'close_app',
      'wait_for_node',
      'click',
      'scroll_and_click',
      'scroll',
      'scroll_until',
      'wait_for_navigation',
      'read_key_value_pair',
      'read_text',
      'enter_text',
      'snapshot',
      'start_recording',
      'stop_recording',
      'take_screenshot',
      'doctor_ping',
      'press_key',
      'sleep',
    ],
    unparseablePayload: 'silent',
    envelope: {
      failedRunSteps: 'dropped',
      errorCodeKey: 'when_set',
      errorCodes: ['SERVICE_UNAVAILABLE'],
      emptyStepData: 'omitted',
      returnedFailureFailsRun: false,
      // UiActionEngine returns failed steps for these; every other action throws and ends the run.
      returnedFailureActions: [
        'read_text',
        'read_key_value_pair',
        'scroll',
        'scroll_until',
        'press_key',
        'close_app',
        'take_screenshot',
        'start_recording',
        'stop_recording',
        'wait_for_navigation',
      ],
      keyOrder: ['commandId', 'taskId', 'status', 'stepResults', 'error', 'errorCode'],
    },
    receipts: false,
    reportsInteractiveState: false,
    packages: ['com.clawperator.operator', 'com.clawperator.operator.dev'],
  },
} as const satisfies Record<string, OperatorDialect>;

export type DialectName = OperatorDialect['name'];

export function resolveDialect(name: string | undefined): OperatorDialect {
  const key = name ?? 'androperator';
  if (!Object.hasOwn(DIALECTS, key)) {
    throw new DroidproofError('EXECUTION_VALIDATION_FAILED', `Unknown Operator dialect "${key}"`, {
      dialect: key,
      known: Object.keys(DIALECTS),
    });
  }
  return DIALECTS[key as DialectName];
}

/** The name the Operator expects on the wire for a contract action type. */
export function wireActionType(dialect: OperatorDialect, type: string): string {
  return (dialect.wireActionTypes as Record<string, string | undefined>)[type] ?? type;
}

/** The contract action type of a name the Operator reports (`actionType`) or accepts. */
export function contractActionType(dialect: OperatorDialect, wireType: string): string {
  for (const [contract, wire] of Object.entries(dialect.wireActionTypes)) {
    if (wire === wireType) return contract;
  }
  return wireType;
}

/** Whether the Operator executes the contract action `type`. */
export function supportsAction(dialect: OperatorDialect, type: string): boolean {
  if (dialect.supportedActions === 'all') return isActionType(type);
  return (dialect.supportedActions as readonly string[]).includes(type);
}

/**
 * How the Operator reads a raw `type`: its case rule, then its own aliases,
 * then back to the contract name; `undefined` when it does not execute it.
 */
export function deviceActionType(dialect: OperatorDialect, raw: string): string | undefined {
  const cased = dialect.caseInsensitiveTypes ? raw.toLowerCase() : raw;
  const own = dialect.deviceActionAliases[cased] ?? cased;
  const contract = contractActionType(dialect, own);
  // A wire-renamed type is only accepted under its wire name.
  if (contract === own && wireActionType(dialect, own) !== own) return undefined;
  return supportsAction(dialect, contract) ? contract : undefined;
}

/**
 * The Operator package to talk to: the explicit option, else
 * `DROIDPROOF_OPERATOR_PACKAGE`, else the seeds' `ANDROPERATOR_OPERATOR_PACKAGE`
 * (seed 003:6589, 003:8660), when non-blank, else the dialect's release package. Never
 * switched implicitly to the other variant (seed 003 "Operator Package
 * Selection"); a mismatch is reported, not fixed.
 */
export function selectOperatorPackage(
  dialect: OperatorDialect,
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const chosen =
    explicit?.trim() || env.DROIDPROOF_OPERATOR_PACKAGE?.trim() || env.ANDROPERATOR_OPERATOR_PACKAGE?.trim();
  return chosen || dialect.packages[0];
}

/** The other known variant of `operatorPackage`, when it is one of the dialect's packages. */
export function alternateVariant(dialect: OperatorDialect, operatorPackage: string): string | undefined {
  const [release, debug] = dialect.packages;
  if (operatorPackage === release) return debug;
  if (operatorPackage === debug) return release;
  return undefined;
}

/**
 * `versionName` of an Operator package built from `version`: the debug
 * (`.dev`) package carries a `-d` suffix (brief "Operator version"; the same
 * policy in both dialects).
 */
export function operatorVersionName(packageName: string, version: string): string {
  return packageName.endsWith('.dev') ? `${version}-d` : version;
}
