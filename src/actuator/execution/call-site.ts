/**
 * Where a test called droidproof: the first stack frame outside droidproof's
 * own files and outside node_modules. The stack is captured as an `Error` at
 * the public boundary (cheap: V8 records the frames) and formatted only when
 * a trace is written, so a passing test never pays for the formatting or for
 * the runner's source-map lookups. Vitest and Jest map `error.stack` through
 * the test file's source map, so the line is the one in the test source.
 */
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CallSite {
  /** Absolute path of the calling file. */
  file: string;
  /** 1-based line and column, as the runner's source maps report them. */
  line: number;
  column: number;
}

/**
 * droidproof's own sources: frames inside them are not call sites. Built code runs from `dist/src/`,
 * and a runner that applies its source maps (Jest) reports those frames under `src/`.
 */
const OWN_SOURCES = fileURLToPath(new URL('../../', import.meta.url));
const OWN_ROOTS = [...new Set([OWN_SOURCES, OWN_SOURCES.replace(/([\\/])dist[\\/]src[\\/]$/, '$1src$1')])];

/** Enough frames to climb from the engine through droidproof's wrappers to the test. */
const CAPTURE_DEPTH = 60;

/** The stack as V8 recorded it at the call; formatted later by `resolveCallSite`. */
export type CallSiteCapture = { readonly stack?: string };

export function captureCallSite(): CallSiteCapture {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = CAPTURE_DEPTH;
  try {
    return new Error('call site');
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** `at fn (file:line:col)` or `at file:line:col`, the file a path or a file:// URL. */
const FRAME = /^\s*at .*?\(?((?:file:\/\/|\/|[A-Za-z]:\\)[^()]*?):(\d+):(\d+)\)?\s*$/;

function frameOf(line: string): CallSite | undefined {
  const match = FRAME.exec(line);
  if (!match) return undefined;
  const raw = match[1]!;
  const file = raw.startsWith('file://') ? fileURLToPath(raw) : raw;
  return { file, line: Number(match[2]), column: Number(match[3]) };
}

function isForeign(site: CallSite, ownRoots: readonly string[]): boolean {
  const { file } = site;
  return (
    isAbsolute(file) &&
    !ownRoots.some((root) => file.startsWith(root)) &&
    !/[\\/]node_modules[\\/]/.test(file)
  );
}

/** The caller's frame, or null when every frame is droidproof's, the runner's or Node's. */
export function resolveCallSite(
  capture: CallSiteCapture | undefined,
  ownRoots: readonly string[] = OWN_ROOTS,
): CallSite | null {
  const lines = capture?.stack?.split('\n').slice(1) ?? [];
  for (const line of lines) {
    const site = frameOf(line);
    if (site && isForeign(site, ownRoots)) return site;
  }
  return null;
}
