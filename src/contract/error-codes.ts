/**
 * The public error-code catalogue (seed 003:7811-7935 "Public Error Codes"),
 * plus codes the seeds name outside that table (Android envelope codes and CLI
 * usage codes). Branch on `code`, never on message text.
 */

export interface ErrorCodeInfo {
  /** What the failure means and what to do. */
  readonly meaning: string;
  /**
   * `public`: Node's stable enum; `runtime`: Android-emitted envelope codes; `usage`: CLI usage objects;
   * `wrapper`: `droidproof serve` request and middleware failures (seed "Error Layers"), not execution
   * codes; `droidproof`: failures the seeds do not name, documented where `source` says.
   */
  readonly kind: 'public' | 'runtime' | 'usage' | 'wrapper' | 'droidproof';
  /** Seed line citing the code, or the droidproof doc that defines it. */
  readonly source: string;
  /**
   * Set on a code only an Operator reports and droidproof's own Operators (Kotlin, virtual) do not:
   * the released Clawperator Operator may put it in its envelope, so its meaning stays known.
   */
  readonly reportedBy?: 'released-operator';
}

export const ERROR_CODES = {
  NOTIFICATION_EXPIRED: {
    meaning: 'The notification key is no longer active.',
    kind: 'public',
    source: '003:7817',
  },
  NOTIFICATION_NOT_DISMISSIBLE: {
    meaning: 'The notification is not clearable; nothing was dispatched.',
    kind: 'public',
    source: '003:7818',
  },
  NOTIFICATION_ACTION_EXPIRED: {
    meaning: 'The advertised notification action handle or revision is no longer available.',
    kind: 'public',
    source: '003:7819',
  },
  NOTIFICATION_ACTION_CANCELLED: {
    meaning: 'Android cancelled the PendingIntent; dispatched=false.',
    kind: 'public',
    source: '003:7820',
  },
  NOTIFICATION_ACTION_INPUT_UNSUPPORTED: {
    meaning: 'The notification button requires RemoteInput.',
    kind: 'public',
    source: '003:7821',
  },
  NOTIFICATION_ACTION_AUTHENTICATION_UNSUPPORTED: {
    meaning: 'The notification button requires authentication.',
    kind: 'public',
    source: '003:7822',
  },
  NOTIFICATION_MEDIA_OPERATION_FAILED: {
    meaning: 'A platform notification/media operation failed; inspect dispatched.',
    kind: 'public',
    source: '003:7823',
  },
  MEDIA_POSITION_INVALID: {
    meaning: 'A direct media service call received an invalid position.',
    kind: 'public',
    source: '003:7824',
    reportedBy: 'released-operator',
  },
  MEDIA_POSITION_OUT_OF_RANGE: {
    meaning: 'The requested seek position exceeds the known media duration.',
    kind: 'public',
    source: '003:7825',
  },
  DEVICE_USER_NOT_UNLOCKED: {
    meaning: 'The Android user has not been unlocked since boot; reads cannot unlock it.',
    kind: 'public',
    source: '003:7826',
  },
  NOTIFICATION_ACCESS_DENIED: {
    meaning: 'Notification access is not granted to the Operator.',
    kind: 'public',
    source: '003:7827',
  },
  NOTIFICATION_LISTENER_DISCONNECTED: {
    meaning: "The Operator's notification listener is not connected.",
    kind: 'public',
    source: '003:7828',
  },
  NOTIFICATION_QUERY_FAILED: {
    meaning: 'Notification query failed.',
    kind: 'public',
    source: '003:7829',
    reportedBy: 'released-operator',
  },
  NOTIFICATION_SERVICE_UNAVAILABLE: {
    meaning: 'Notification service unavailable.',
    kind: 'public',
    source: '003:7830',
    reportedBy: 'released-operator',
  },
  MEDIA_SESSION_EXPIRED: {
    meaning: 'The media session handle ended, became inactive or was replaced.',
    kind: 'public',
    source: '003:7831',
  },
  MEDIA_SESSION_AMBIGUOUS: {
    meaning: 'applicationId identifies more than one media session; pass mediaSessionId.',
    kind: 'public',
    source: '003:7832',
  },
  MEDIA_ACTION_UNSUPPORTED: {
    meaning: 'The media session does not advertise the requested control.',
    kind: 'public',
    source: '003:7833',
  },
  MEDIA_POSTCONDITION_TIMEOUT: {
    meaning: 'A bounded wait for the reported target media state timed out; dispatched=true is retained.',
    kind: 'public',
    source: '003:7834',
  },
  UI_TREE_UNAVAILABLE: {
    meaning:
      'An action could not obtain an application hierarchy; failed-step data.diagnostics has service/window facts.',
    kind: 'public',
    source: '003:7835',
  },
  SNAPSHOT_HIERARCHY_UNAVAILABLE: {
    meaning: 'Snapshot hierarchy capture failed; more specific than UI_TREE_UNAVAILABLE, with diagnostics.',
    kind: 'public',
    source: '003:7836',
  },
  WAIT_TIMEOUT: { meaning: "The node wait's own time budget expired.", kind: 'public', source: '003:7837' },
  ACTION_FAILED: {
    meaning: 'An otherwise unclassified action exception; the original message is retained.',
    kind: 'public',
    source: '003:7838',
  },
  COMMAND_TIMEOUT: {
    meaning: "Android's command budget expired, including queue wait; collected steps are retained.",
    kind: 'public',
    source: '003:7839',
  },
  COMMAND_CANCELLED: {
    meaning: 'Execution was cancelled; collected steps are retained and cancellation propagates.',
    kind: 'public',
    source: '003:7840',
    reportedBy: 'released-operator',
  },
  CONTAINER_LOST: {
    meaning:
      'The original scroll container disappeared or could no longer be identified during a bounded search.',
    kind: 'public',
    source: '003:7841',
  },
  EVIDENCE_CAPTURE_FAILED: {
    meaning:
      'Evidence could not be fully captured or persisted; inspect the retained manifest when available.',
    kind: 'public',
    source: '003:7842',
  },
  EVIDENCE_OUTPUT_EXISTS: {
    meaning: 'Choose a new evidence output directory; existing destinations are never overwritten.',
    kind: 'public',
    source: '003:7844',
  },
  HOST_DEPENDENCY_MISSING: {
    meaning:
      'A capability cannot run: details.capability names it, details.dependencies what is missing, unavailable or unsupported. For per-test video (video-recording) it is the device`s screenrecord.',
    kind: 'public',
    source: '003:7848',
  },
  ADB_NOT_FOUND: { meaning: 'Adb not found.', kind: 'public', source: '003:7849' },
  NO_DEVICES: { meaning: 'adb lists no executable device.', kind: 'public', source: '003:7850' },
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: {
    meaning: 'Several devices are connected; pass --device.',
    kind: 'public',
    source: '003:7851',
  },
  OPERATOR_NOT_INSTALLED: {
    meaning: 'The Operator package is not installed on the device.',
    kind: 'public',
    source: '003:7852',
  },
  DEVICE_NOT_FOUND: {
    meaning: 'The requested device serial is not connected.',
    kind: 'public',
    source: '003:7853',
  },
  EXECUTION_VALIDATION_FAILED: {
    meaning:
      'The command or payload is structurally wrong before Android execution starts; fix it, do not retry unchanged.',
    kind: 'public',
    source: '003:7854',
  },
  EXECUTION_ACTION_UNSUPPORTED: {
    meaning: 'Execution action unsupported.',
    kind: 'public',
    source: '003:7855',
  },
  EXECUTION_CONFLICT_IN_FLIGHT: {
    meaning: 'Execution conflict in flight.',
    kind: 'public',
    source: '003:7856',
  },
  RESULT_ENVELOPE_TIMEOUT: {
    meaning: 'No terminal result envelope arrived in time; does not prove whether a mutation occurred.',
    kind: 'public',
    source: '003:7857',
  },
  RESULT_TRANSPORT_FAILED: { meaning: 'Result transport failed.', kind: 'public', source: '003:7861' },
  RESULT_ENVELOPE_MALFORMED: {
    meaning:
      'The result envelope (or its chunks) could not be reassembled or parsed: gap, inconsistent header or checksum.',
    kind: 'public',
    source: '003:7862',
  },
  SNAPSHOT_ARTIFACT_WRITE_FAILED: {
    meaning: 'Raw XML could not be written to a new host artifact. The execution envelope is retained.',
    kind: 'public',
    source: '003:7863',
  },
  SNAPSHOT_EXTRACTION_FAILED: {
    meaning: 'Snapshot text could not be extracted from the result; hierarchy XML is missing or invalid.',
    kind: 'public',
    source: '003:7864',
  },
  MISSING_ARGUMENT: {
    meaning: 'A CLI command is missing a required positional argument or flag value.',
    kind: 'public',
    source: '003:7865',
  },
  NODE_AMBIGUOUS: {
    meaning: 'Strict selection found more than one candidate target; nothing was dispatched.',
    kind: 'public',
    source: '003:7866',
  },
  CONTAINER_AMBIGUOUS: {
    meaning: 'Strict selection found more than one container candidate.',
    kind: 'public',
    source: '003:7867',
  },
  NODE_NOT_FOUND: {
    meaning: 'No node matched the selector (strict: zero targets after retries).',
    kind: 'public',
    source: '003:7868',
  },
  NODE_NOT_CLICKABLE: {
    meaning: 'The target node could not be clicked.',
    kind: 'public',
    source: '003:7869',
  },
  SECURITY_BLOCK_DETECTED: {
    meaning: 'Security block detected.',
    kind: 'public',
    source: '003:7870',
    reportedBy: 'released-operator',
  },
  CONTAINER_NOT_FOUND: {
    meaning: 'The explicit container matcher matched no node.',
    kind: 'public',
    source: '003:7871',
  },
  CONTAINER_NOT_SCROLLABLE: {
    meaning: 'The selected container cannot scroll and the target stayed absent.',
    kind: 'public',
    source: '003:7872',
  },
  GESTURE_FAILED: {
    meaning: 'A gesture was out of display bounds, unavailable, rejected or cancelled.',
    kind: 'public',
    source: '003:7873',
  },
  GESTURE_UNSUPPORTED: {
    meaning: 'Continued-pointer gestures require Android API 26 or newer.',
    kind: 'public',
    source: '003:7874',
    reportedBy: 'released-operator',
  },
  ON_SCREEN_LOG_SERVICE_UNAVAILABLE: {
    meaning: 'The Operator accessibility service or its window host is unavailable.',
    kind: 'public',
    source: '003:7875',
  },
  ON_SCREEN_LOG_LAYOUT_INVALID: {
    meaning: 'On screen log layout invalid.',
    kind: 'public',
    source: '003:7876',
  },
  ON_SCREEN_LOG_RENDER_FAILED: {
    meaning: 'On screen log render failed.',
    kind: 'public',
    source: '003:7877',
    reportedBy: 'released-operator',
  },
  ON_SCREEN_LOG_RENDER_TIMEOUT: {
    meaning: 'On screen log render timeout.',
    kind: 'public',
    source: '003:7878',
  },
  NODE_TOO_OLD: { meaning: 'Node too old.', kind: 'public', source: '003:7880' },
  ADB_SERVER_FAILED: { meaning: 'Adb server failed.', kind: 'public', source: '003:7881' },
  DEVICE_UNAUTHORIZED: { meaning: 'Device unauthorized.', kind: 'public', source: '003:7883' },
  DEVICE_OFFLINE: { meaning: 'Device offline.', kind: 'public', source: '003:7884' },
  DEVICE_SHELL_UNAVAILABLE: { meaning: 'Device shell unavailable.', kind: 'public', source: '003:7885' },
  OPERATOR_VARIANT_MISMATCH: {
    meaning: 'Installed release/debug Operator APK variant does not match `--operator-package`.',
    kind: 'public',
    source: '003:7886',
  },
  DEVICE_DEV_OPTIONS_DISABLED: {
    meaning: 'Device dev options disabled.',
    kind: 'public',
    source: '003:7887',
  },
  DEVICE_USB_DEBUGGING_DISABLED: {
    meaning: 'Device usb debugging disabled.',
    kind: 'public',
    source: '003:7888',
  },
  DEVICE_ACCESSIBILITY_NOT_RUNNING: {
    meaning: "The Operator's accessibility service is not running.",
    kind: 'public',
    source: '003:7889',
  },
  DEVICE_NOT_INTERACTIVE: {
    meaning: 'The device is locked, asleep or the user is locked; recover and rerun doctor.',
    kind: 'public',
    source: '003:7890',
  },
  APK_VERSION_UNREADABLE: { meaning: 'Apk version unreadable.', kind: 'public', source: '003:7896' },
  APK_VERSION_INVALID: { meaning: 'Apk version invalid.', kind: 'public', source: '003:7897' },
  CLI_VERSION_INVALID: { meaning: 'Cli version invalid.', kind: 'public', source: '003:7898' },
  VERSION_INCOMPATIBLE: { meaning: 'Version incompatible.', kind: 'public', source: '003:7899' },
  LOGCAT_UNAVAILABLE: { meaning: 'Logcat unavailable.', kind: 'public', source: '003:7900' },
  DAEMON_START_FAILED: { meaning: 'Daemon start failed.', kind: 'public', source: '003:7914' },
  DAEMON_STOP_FAILED: { meaning: 'Daemon stop failed.', kind: 'public', source: '003:7915' },
  DAEMON_PROXY_ERROR: { meaning: 'Daemon proxy error.', kind: 'public', source: '003:7916' },
  OPERATOR_APK_NOT_FOUND: { meaning: 'Operator apk not found.', kind: 'public', source: '003:7921' },
  OPERATOR_INSTALL_FAILED: { meaning: 'Operator install failed.', kind: 'public', source: '003:7922' },
  OPERATOR_VERIFY_FAILED: { meaning: 'Operator verify failed.', kind: 'public', source: '003:7924' },
  RECORDING_ALREADY_IN_PROGRESS: {
    meaning: 'Recording already in progress.',
    kind: 'public',
    source: '003:7925',
  },
  RECORDING_NOT_IN_PROGRESS: { meaning: 'Recording not in progress.', kind: 'public', source: '003:7926' },
  RECORDING_SESSION_NOT_FOUND: {
    meaning: 'Recording session not found.',
    kind: 'public',
    source: '003:7927',
  },
  RECORDING_PULL_FAILED: { meaning: 'Recording pull failed.', kind: 'public', source: '003:7928' },
  RECORDING_PARSE_FAILED: { meaning: 'Recording parse failed.', kind: 'public', source: '003:7929' },
  RECORDING_SCHEMA_VERSION_UNSUPPORTED: {
    meaning: 'Recording schema version unsupported.',
    kind: 'public',
    source: '003:7932',
  },
  BROADCAST_FAILED: {
    meaning: 'ADB broadcast dispatch to the Operator package failed.',
    kind: 'public',
    source: '003:7933',
  },
  PAYLOAD_TOO_LARGE: {
    meaning:
      'A request payload exceeds its size limit before dispatch, or a query_ui data.query exceeds 256 KiB.',
    kind: 'public',
    source: '003:7934',
  },
  DOCTOR_FAILED: { meaning: 'Doctor failed.', kind: 'public', source: '003:7935' },
  SERVICE_UNAVAILABLE: {
    meaning: 'Android returned a failure envelope before a normal step list existed (service not available).',
    kind: 'runtime',
    source: '003:1637',
  },
  NAVIGATION_TIMEOUT: {
    meaning: 'open_app: the launched package did not reach the foreground within the wait budget.',
    kind: 'runtime',
    source: '003:3079',
  },
  UNSUPPORTED_RUNTIME_SCREENSHOT: {
    meaning: 'The Operator cannot capture screenshots itself; Node captures on the host instead.',
    kind: 'runtime',
    source: '003:2963',
  },
  UNSUPPORTED_RUNTIME_CLOSE: {
    meaning: 'The Operator cannot close apps itself; Node normalizes after its adb force-stop pre-flight.',
    kind: 'runtime',
    source: '003:7960',
  },
  INTERNAL_ERROR: {
    meaning: 'An unexpected host-side failure; not a stable execution-contract code.',
    kind: 'usage',
    source: '003:9076',
  },
  USAGE: {
    meaning: 'CLI syntax failure: unknown command or flag, repeated flag, or missing value; exit code 1.',
    kind: 'usage',
    source: '003:1996',
  },
  CODEGEN_WRITE_FAILED: {
    meaning: 'droidproof codegen could not write the generated test to --out; the pulled recording is kept.',
    kind: 'droidproof',
    source: 'docs/codegen.md#errors',
  },
  ADB_TIMEOUT: {
    meaning:
      'An adb request got no complete answer within its deadline (a stalled shell, or a peer that accepts and never answers); the connection was closed. After a dispatch this leaves the dispatch state unknown.',
    kind: 'droidproof',
    source: 'docs/device-api.md#deadlines',
  },
  REPORT_BLOB_MISSING: {
    meaning:
      'A folder given to merge-reports holds no droidproof-blob.json: it is not the report folder of a sharded run (or of a run with the reporter option blob: true).',
    kind: 'droidproof',
    source: 'docs/scaling.md#merging',
  },
  REPORT_BLOB_CORRUPT: {
    meaning:
      'droidproof-blob.json is not JSON, does not match its schema (details.issues), or names a bundle that is missing from its folder.',
    kind: 'droidproof',
    source: 'docs/scaling.md#merging',
  },
  REPORT_BLOB_FOREIGN: {
    meaning: 'droidproof-blob.json is JSON but not a droidproof blob (no kind "droidproof-blob").',
    kind: 'droidproof',
    source: 'docs/scaling.md#merging',
  },
  REPORT_BLOB_VERSION: {
    meaning:
      'The blob has a schema version this droidproof does not read; merge with the droidproof version that wrote it.',
    kind: 'droidproof',
    source: 'docs/scaling.md#merging',
  },
  REPORT_MERGE_CONFLICT: {
    meaning:
      'The folders do not form one run: different runners or shard totals, a shard given twice, no folder, or an output folder that overlaps an input.',
    kind: 'droidproof',
    source: 'docs/scaling.md#merging',
  },
  REPORT_NOT_FOUND: {
    meaning:
      'show-report was given a folder that holds no index.html: not a droidproof report folder (the default is droidproof-report, or DROIDPROOF_REPORT_DIR).',
    kind: 'droidproof',
    source: 'docs/reports.md#show-report',
  },
  REMOTE_DEVICE_UNREACHABLE: {
    meaning:
      'A remote device (devices.source remote) could not be adb-connected within reconnect.attempts tries; it is quarantined for the rest of the run (a run incident).',
    kind: 'droidproof',
    source: 'docs/scaling.md#remote-devices',
  },
  REMOTE_DEVICE_FLAPPING: {
    meaning:
      'A remote device dropped more than maxDrops times in the run; it is quarantined even though it came back (a run incident).',
    kind: 'droidproof',
    source: 'docs/scaling.md#remote-devices',
  },
  METRICS_UNAVAILABLE: {
    meaning:
      'A performance read had no answer to measure: `dumpsys gfxinfo` found no process for the app or printed no frame data, or `am start -W` did not report a TotalTime (the app did not start).',
    kind: 'droidproof',
    source: 'docs/matchers.md#performance',
  },
  SCREENSHOT_BASELINE_MISSING: {
    meaning:
      'toMatchScreenshot found no baseline and may not write one: CI mode (`CI` set) or the runner forbids new snapshots (Jest `--ci`). Run locally or with `-u` to record it.',
    kind: 'droidproof',
    source: 'docs/matchers.md#screenshot-comparison',
  },
  RECORDING_START_FAILED: {
    meaning: 'The Operator refused start_recording: the sessionId does not match ^[a-zA-Z0-9_-]+$.',
    kind: 'runtime',
    source: '003:12125',
  },
  VALIDATION_FAILED: {
    meaning: 'read_text read a value that does not satisfy its validator (a returned failed step).',
    kind: 'runtime',
    source: 'docs/virtual-operator.md',
  },
  APP_NOT_INSTALLED: {
    meaning:
      'The app is not installed: open_app on the device, or the per-test reset of the configured app under test (pm path / pm clear), which quarantines the device naming the package.',
    kind: 'droidproof',
    source: 'docs/environment.md#options',
  },
  OPERATOR_CODE_UNCATALOGUED: {
    meaning:
      "The Operator reported an error code this catalogue does not know (a newer or custom Operator). The error's deviceCode holds the code verbatim; the envelope is kept.",
    kind: 'droidproof',
    source: 'docs/contract.md#device-reported-codes',
  },
  INVALID_BODY: {
    meaning:
      'droidproof serve: the request body is not a JSON object, or a field has the wrong type (HTTP 400).',
    kind: 'wrapper',
    source: '003:9054',
  },
  INVALID_DEVICE_ID: {
    meaning: 'droidproof serve: deviceId is not a string (HTTP 400).',
    kind: 'wrapper',
    source: '003:9063',
  },
  INVALID_OPERATOR_PACKAGE: {
    meaning: 'droidproof serve: operatorPackage is not a non-empty string (HTTP 400).',
    kind: 'wrapper',
    source: 'docs/serve.md',
  },
  INVALID_PATH: {
    meaning: 'droidproof serve: a path field is not a non-empty string (HTTP 400).',
    kind: 'wrapper',
    source: 'docs/serve.md',
  },
  MISSING_EXECUTION: {
    meaning: 'droidproof serve: /execute got no execution object (HTTP 400).',
    kind: 'wrapper',
    source: '003:8686',
  },
  INVALID_JSON: {
    meaning: 'droidproof serve: the request body is malformed JSON (HTTP 400).',
    kind: 'wrapper',
    source: '003:9072',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'droidproof serve: the request body is not application/json (HTTP 415).',
    kind: 'wrapper',
    source: 'docs/serve.md',
  },
  INTERNAL_SERVER_ERROR: {
    meaning: 'droidproof serve: an unhandled server-side exception reached the catch-all (HTTP 500).',
    kind: 'wrapper',
    source: '003:9074',
  },
  UNAUTHORIZED: {
    meaning: 'droidproof serve: the bearer token is missing or wrong on a non-loopback listener (HTTP 401).',
    kind: 'wrapper',
    source: 'docs/serve.md',
  },
  ROUTE_NOT_FOUND: {
    meaning: 'droidproof serve: no route has this method and path (HTTP 404).',
    kind: 'wrapper',
    source: 'docs/serve.md',
  },
  INVALID_OPTIONS: {
    meaning:
      'The droidproof plugin/environment options do not parse: the message names the key (and the closest valid one for a misspelt key) and the rule it breaks.',
    kind: 'droidproof',
    source: 'docs/environment.md#options',
  },
  ENVIRONMENT_NOT_CONFIGURED: {
    meaning:
      "A worker found no droidproof run settings in its environment: the test runner was not started with droidproof's global setup (plugin or globalSetup).",
    kind: 'droidproof',
    source: 'docs/environment.md',
  },
  TEST_OUTSIDE_RUNNER: {
    meaning:
      "droidproof's Vitest test was called outside a Vitest test run (for example from the config file).",
    kind: 'droidproof',
    source: 'docs/environment.md#decisions-where-the-issue-was-silent',
  },
  DEVICE_NOT_READY: {
    meaning:
      "A device failed doctor's critical checks in the pool's readiness check before its first lease; it is quarantined, naming the failed checks.",
    kind: 'droidproof',
    source: 'docs/environment.md#how-a-device-gets-to-a-worker',
  },
  NO_HEALTHY_DEVICES: {
    meaning: 'Every device of the pool is quarantined; details list the reasons.',
    kind: 'droidproof',
    source: 'docs/environment.md#how-a-device-gets-to-a-worker',
  },
  LEASE_TIMEOUT: {
    meaning: 'No device became free within timeouts.leaseMs; the message names who holds each device.',
    kind: 'droidproof',
    source: 'docs/environment.md#options',
  },
  LEASE_AUTH_FAILED: {
    meaning:
      'A lease broker client presented the wrong per-run secret, or none within one second of connecting.',
    kind: 'droidproof',
    source: 'docs/environment.md#threat-model-of-the-lease-broker',
  },
  LEASE_BROKER_UNAVAILABLE: {
    meaning:
      'The lease broker cannot be reached (its address is unset or refuses), or closed the connection while a request was pending.',
    kind: 'droidproof',
    source: 'docs/environment.md#how-a-device-gets-to-a-worker',
  },
  LEASE_PROTOCOL_ERROR: {
    meaning: 'A message on the lease channel did not parse.',
    kind: 'droidproof',
    source: 'docs/environment.md#how-a-device-gets-to-a-worker',
  },
  LEASE_NOT_HELD: {
    meaning:
      "A release or relabel named a lease this connection does not hold (another worker's, or one already ended).",
    kind: 'droidproof',
    source: 'docs/environment.md#threat-model-of-the-lease-broker',
  },
  LEASE_POOL_TOO_SMALL: {
    meaning:
      'A test asked for more devices at once (devicesPerTest, useDevices) than the pool has healthy ones; it could never be granted.',
    kind: 'droidproof',
    source: 'docs/environment.md#tests-that-drive-several-devices',
  },
  LEASE_CANCELLED: {
    meaning:
      'A pending device-set request was withdrawn because its test ended (or timed out) while it waited.',
    kind: 'droidproof',
    source: 'docs/environment.md#tests-that-drive-several-devices',
  },
  LEASE_BROKER_CLOSED: {
    meaning: 'The lease broker is shutting down; pending and new acquires end with this code.',
    kind: 'droidproof',
    source: 'docs/environment.md#how-a-device-gets-to-a-worker',
  },
  MATCHER_INVALID: {
    meaning:
      'A matcher argument is invalid: a bad NodeMatcher, an unknown audit rule, a ratio outside 0-1, a bad screenshot name, or matcher settings outside 0 to 2^31-1 ms.',
    kind: 'droidproof',
    source: 'docs/matchers.md#decisions',
  },
  MATCHER_TARGET_UNSUPPORTED: {
    meaning:
      'The value given to expect(...) is not a device or locator, or lacks what the matcher needs (notifications, media, node actions, screenshots, cold starts).',
    kind: 'droidproof',
    source: 'docs/matchers.md#decisions',
  },
  INIT_NO_PACKAGE_JSON: {
    meaning: 'droidproof init found no package.json in the target folder: run npm init first.',
    kind: 'droidproof',
    source: 'docs/cli.md',
  },
  INIT_INVALID_PACKAGE_JSON: {
    meaning: "droidproof init could not parse the folder's package.json.",
    kind: 'droidproof',
    source: 'docs/cli.md',
  },
  VIRTUAL_DEVICE_START_FAILED: {
    meaning:
      'droidproof virtual could not start the virtual devices for a reason that is not itself a droidproof error; the cause is attached.',
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  VIRTUAL_DEVICE_OPTIONS_INVALID: {
    meaning: 'startVirtualFarm got contradictory options (both createDevice and device options).',
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  VIRTUAL_DEVICE_LISTEN_FAILED: {
    meaning: "A virtual device's adbd or host front end could not listen on its loopback port.",
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  ADB_SERVER_UNREACHABLE: {
    meaning:
      'The adb server a virtual device registers with (devices.adbServerPort, virtual --adb-server) cannot be reached.',
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  ADB_PROTOCOL_ERROR: {
    meaning:
      'A peer of the virtual device sent bytes that are not an adb transport message (bad header, checksum or length).',
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  APK_PARSE_FAILED: {
    meaning:
      "The virtual device could not read an APK's ZIP or binary manifest; pm install answers Failure [INSTALL_PARSE_FAILED_*] as Android does.",
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  INVALID_APP_DEFINITION: {
    meaning: 'A test-app model given to the virtual device is invalid (package name, activities, screens).',
    kind: 'droidproof',
    source: 'docs/test-apps.md',
  },
  SHELL_SYNTAX: {
    meaning:
      "The virtual device's shell could not parse a command line; the shell prints the error and exits 2, as sh does.",
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  SHELL_USAGE: {
    meaning:
      'A virtual device shell command got arguments it does not accept; it prints its usage and exits non-zero, as the Android tool does.',
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
  NODE_STALE: {
    meaning: "The virtual device's UI model was asked to act on a node that is no longer on screen.",
    kind: 'droidproof',
    source: 'docs/virtual-device.md',
  },
} as const satisfies Readonly<Record<string, ErrorCodeInfo>>;

/** Every catalogued error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** All catalogued codes, in catalogue order. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/**
 * The catalogue code for a code an Operator put in its envelope, which can be any string: itself when
 * catalogued, else `OPERATOR_CODE_UNCATALOGUED` (the error keeps the verbatim code as `deviceCode`).
 */
export function codeFromDevice(deviceCode: string): ErrorCode {
  return isErrorCode(deviceCode) ? deviceCode : 'OPERATOR_CODE_UNCATALOGUED';
}
