/**
 * The one options schema of the runner integrations (Vitest plugin and Jest
 * `testEnvironmentOptions.droidproof`), and the serializable slice of it
 * that global setup hands to the workers through the environment.
 */
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DroidproofError } from '../contract/errors.js';
import { PackageNameSchema } from '../contract/package-name.js';
import { outputDirOption, REPORT_DIR_ENV } from '../evidence/bundle-dir.js';
import { EvidenceModeSchema, VideoModeSchema } from '../evidence/mode.js';
import { TraceModeSchema } from '../evidence/trace.js';
import { closestKey } from './closest-key.js';
import { MAX_SET_SIZE } from './lease/protocol.js';

const PortSchema = z.number().int().min(1).max(65535);

/** Node timers fire at once above 2^31-1 ms, so a longer timeout is refused rather than silently zero. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
const TimeoutMsSchema = z.number().int().positive().max(MAX_TIMER_MS);

/**
 * An options object that refuses unknown keys, naming the closest valid one:
 * a typo such as `timeouts.leaseMS` would otherwise be ignored and the default used.
 */
function optionsObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      return issue.keys
        .map((key) => {
          const hint = closestKey(key, known);
          return `unknown option "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}; valid: ${known.join(', ')}`;
        })
        .join('; ');
    },
  });
}

/** An attached device as the `adb` source sees it, for the `filter` predicate. */
export interface AttachedDevice {
  serial: string;
  state: string;
}

const VirtualSourceSchema = optionsObject({
  source: z.literal('virtual'),
  /** How many virtual devices to start. */
  count: z.number().int().min(1).max(32).default(2),
  /** Register the devices with this running real adb server (127.0.0.1) instead of the built-in host front end. */
  adbServerPort: PortSchema.optional(),
});

const AdbSourceSchema = optionsObject({
  source: z.literal('adb'),
  adbHost: z.string().default('127.0.0.1'),
  /** Default `ANDROID_ADB_SERVER_PORT` or 5037. */
  adbPort: PortSchema.optional(),
  /** Only these serials; default `ANDROID_SERIAL` when set, else every device in state `device`. */
  serials: z.array(z.string().min(1)).optional(),
  /** Keeps a device when it returns true (runs in the runner's main process). */
  filter: z.custom<(device: AttachedDevice) => boolean>((value) => typeof value === 'function').optional(),
});

/** `host:port` of a network adbd (`[v6]:port` for IPv6), as `adb connect` takes it. */
const EndpointSchema = z
  .string()
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port')
  .refine((value) => {
    const port = Number(value.slice(value.lastIndexOf(':') + 1));
    return port >= 1 && port <= 65535;
  }, 'port must be 1-65535');

/** Read when `endpoints` is not given: comma- or space-separated `host:port` list (one CI job's devices). */
export const REMOTE_DEVICES_ENV = 'DROIDPROOF_REMOTE_DEVICES';

const RemoteSourceSchema = optionsObject({
  source: z.literal('remote'),
  /** The devices' adbd endpoints; default `DROIDPROOF_REMOTE_DEVICES`. */
  endpoints: z.array(EndpointSchema).min(1).optional(),
  /** The adb server that connects them; default `ANDROID_ADB_SERVER_PORT` or 5037 on 127.0.0.1. */
  adbHost: z.string().default('127.0.0.1'),
  adbPort: PortSchema.optional(),
  reconnect: optionsObject({
    /** Connect attempts per check (at the start, and before a hand-out after a drop) before quarantine. */
    attempts: z.number().int().min(1).max(20).default(3),
    /** Wait after the first failed attempt; doubled after each further one. */
    backoffMs: z.number().int().min(0).max(60_000).default(1_000),
    /** How long a connected device may take to show state `device`. */
    readyMs: TimeoutMsSchema.default(10_000),
  }).default({ attempts: 3, backoffMs: 1_000, readyMs: 10_000 }),
  /** Quarantine a device that dropped more than this many times in the run, even if it reconnects. */
  maxDrops: z.number().int().min(0).max(100).default(3),
});
export type RemoteSourceOptions = z.output<typeof RemoteSourceSchema>;

export interface RemoteEndpoint {
  /** `host:port`, the serial the adb server lists it under. */
  serial: string;
  host: string;
  port: number;
}

/** The configured endpoints, else those in `DROIDPROOF_REMOTE_DEVICES`; a clear error when there are none. */
export function remoteEndpoints(options: RemoteSourceOptions, env: NodeJS.ProcessEnv): RemoteEndpoint[] {
  const fromEnv = (env[REMOTE_DEVICES_ENV] ?? '').split(/[\s,]+/).filter(Boolean);
  const listed = options.endpoints ?? fromEnv;
  const bad = listed.filter((value) => !EndpointSchema.safeParse(value).success);
  if (listed.length === 0 || bad.length > 0) {
    throw new DroidproofError(
      'INVALID_OPTIONS',
      listed.length === 0
        ? `devices.source 'remote' needs endpoints (host:port) in the options or in ${REMOTE_DEVICES_ENV}`
        : `${REMOTE_DEVICES_ENV} holds entries that are not host:port: ${bad.join(', ')}`,
      { issues: [{ path: 'devices.endpoints', message: 'must be a non-empty list of host:port' }] },
    );
  }
  return [...new Set(listed)].map((serial) => {
    const colon = serial.lastIndexOf(':');
    return {
      serial,
      host: serial.slice(0, colon).replace(/^\[(.*)\]$/, '$1'),
      port: Number(serial.slice(colon + 1)),
    };
  });
}

export const DeviceSourceOptionsSchema = z.discriminatedUnion('source', [
  VirtualSourceSchema,
  AdbSourceSchema,
  RemoteSourceSchema,
]);
export type DeviceSourceOptions = z.infer<typeof DeviceSourceOptionsSchema>;

/** Devices one test may drive at once. */
export const DevicesPerTestSchema = z.number().int().min(1).max(MAX_SET_SIZE);

export const AppOptionsSchema = optionsObject({
  /** The app under test; it is force-stopped before every test. */
  applicationId: PackageNameSchema,
  /** Open the app at the start of every test. */
  launch: z.boolean().default(false),
  /** Clear its data (`pm clear`) before every test, before the first test of each file, or never. */
  clearData: z.enum(['test', 'file', 'never']).default('never'),
});
export type AppOptions = z.infer<typeof AppOptionsSchema>;

export const DroidproofOptionsSchema = optionsObject({
  devices: DeviceSourceOptionsSchema.default({ source: 'virtual', count: 2 }),
  operator: optionsObject({
    /** Operator package; default the dialect's release package. */
    package: PackageNameSchema.optional(),
    dialect: z.enum(['androperator', 'clawperator']).default('androperator'),
  }).default({ dialect: 'androperator' }),
  app: AppOptionsSchema.optional(),
  /**
   * How many devices the `devices` fixture of a test holds (the worker's own first); per file or
   * `describe` with `test.override({ devicesPerTest: n })`. Sets are granted all at once.
   */
  devicesPerTest: DevicesPerTestSchema.default(1),
  timeouts: optionsObject({
    /**
     * How long a worker waits in the queue for a device. Generous by default: with more workers
     * than devices, a worker may wait for another worker's whole share of the run (Jest, isolate: false).
     */
    leaseMs: TimeoutMsSchema.default(600_000),
    /** Default wait of every matcher. */
    matcherMs: TimeoutMsSchema.default(5_000),
  }).default({ leaseMs: 600_000, matcherMs: 5_000 }),
  evidence: optionsObject({
    mode: EvidenceModeSchema.default('on-failure'),
    /**
     * Screen recording of each test attempt (`screenrecord`), kept in the attempt's bundle: on failure,
     * always (a passing attempt then gets a bundle too), or off. Needs bundles: `mode: 'off'` records nothing.
     */
    video: VideoModeSchema.default('off'),
    /** Show the running test's name in the Operator's on-screen log panel, so screenshots and video name it. */
    onScreenLog: z.boolean().default(false),
    /** Steps with their screens (docs/evidence.md "Traces"): kept in memory, written for the attempts this keeps. */
    trace: TraceModeSchema.default('on-failure'),
    /** Report folder (HTML, JUnit, `bundles/`), relative to the project root; default `REPORT_DIR_ENV` or `droidproof-report`. */
    outputDir: z.string().min(1).optional(),
  }).default({ mode: 'on-failure', video: 'off', onScreenLog: false, trace: 'on-failure' }),
});
/** What users write (every field optional). */
export type DroidproofOptionsInput = z.input<typeof DroidproofOptionsSchema>;
export type DroidproofOptions = z.output<typeof DroidproofOptionsSchema>;

export function parseOptions(input: unknown): DroidproofOptions {
  const parsed = DroidproofOptionsSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  throw new DroidproofError(
    'INVALID_OPTIONS',
    `invalid droidproof options: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
  );
}

/** What every worker needs, passed from global setup as JSON in `RUNTIME_ENV`. */
export const WorkerRuntimeSchema = z.object({
  app: AppOptionsSchema.optional(),
  devicesPerTest: DevicesPerTestSchema.default(1),
  leaseMs: TimeoutMsSchema,
  matcherMs: TimeoutMsSchema,
  evidenceMode: EvidenceModeSchema,
  video: VideoModeSchema,
  onScreenLog: z.boolean(),
  traceMode: TraceModeSchema,
  /** Absolute bundles root. */
  bundlesDir: z.string(),
});
export type WorkerRuntime = z.infer<typeof WorkerRuntimeSchema>;

export const RUNTIME_ENV = 'DROIDPROOF_RUNTIME';
/** Read by the evidence layer's `defaultEvidenceRoot` and the reporters. */
export const EVIDENCE_DIR_ENV = 'DROIDPROOF_EVIDENCE_DIR';

/** The report folder's variable and default live with the reports (the CLI's show-report reads them too). */
export { outputDirOption, REPORT_DIR_ENV };

export function reportDirs(
  options: DroidproofOptions,
  rootDir: string,
): { outputDir: string; bundlesDir: string } {
  const outputDir = resolve(rootDir, outputDirOption(options.evidence.outputDir));
  return { outputDir, bundlesDir: join(outputDir, 'bundles') };
}

export function workerRuntime(options: DroidproofOptions, bundlesDir: string): WorkerRuntime {
  return {
    app: options.app,
    devicesPerTest: options.devicesPerTest,
    leaseMs: options.timeouts.leaseMs,
    matcherMs: options.timeouts.matcherMs,
    evidenceMode: options.evidence.mode,
    // Video lives in bundles: without bundles there is nothing to record into.
    video: options.evidence.mode === 'off' ? 'off' : options.evidence.video,
    onScreenLog: options.evidence.onScreenLog,
    // No bundles, no traces: evidence mode `off` wins over any trace mode.
    traceMode: options.evidence.mode === 'off' ? 'off' : options.evidence.trace,
    bundlesDir,
  };
}

/** The runtime global setup published; a clear error when the environment runs without it. */
export function readWorkerRuntime(env: NodeJS.ProcessEnv = process.env): WorkerRuntime {
  const raw = env[RUNTIME_ENV];
  const parsed = raw ? WorkerRuntimeSchema.safeParse(JSON.parse(raw)) : undefined;
  if (parsed?.success) return parsed.data;
  throw new DroidproofError(
    'ENVIRONMENT_NOT_CONFIGURED',
    `droidproof's global setup did not run (${RUNTIME_ENV} is ${raw ? 'invalid' : 'unset'}): add the droidproof() plugin to vitest.config, or globalSetup/globalTeardown 'droidproof/jest' to the Jest config`,
  );
}
