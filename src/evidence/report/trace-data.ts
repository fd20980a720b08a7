/**
 * A bundle's `trace.json` as the report shows it: a step tree (each
 * `device.*` call and each matcher, its test line, duration, outcome and the
 * executions it made; repeats of one call folded into one step with a count)
 * and, per step, the screens before and after it (the filmstrip) and the
 * hierarchy it observed (the inspector's tree).
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { portablePath } from '../markup.js';
import { type TraceFile, TraceFileSchema, type TraceScreenRef, type TraceStep } from '../trace.js';
import { type HtmlNode, inspectorNodesOfXml } from './inspector-data.js';

export interface HtmlExecution {
  commandId: string | null;
  startedAt: string;
  durationMs: number | null;
  summary: string;
  payload: unknown;
  envelope: unknown;
  error: unknown;
  /** The trace step that made it. */
  stepId: number | null;
}

export interface HtmlStep {
  id: number;
  kind: TraceStep['kind'];
  title: string;
  outcome: TraceStep['outcome'];
  durationMs: number | null;
  /** A matcher's checks. */
  polls: number | null;
  /** How many consecutive identical calls this step stands for. */
  count: number;
  /** The test file (relative to the run's root) and line that made the call. */
  file: string | null;
  line: number | null;
  error: string | null;
  /** Indexes into `HtmlTrace.screens`. */
  before: number | null;
  after: number | null;
  /** Index into `HtmlTrace.hierarchies`. */
  hierarchy: number | null;
  executions: HtmlExecution[];
  children: HtmlStep[];
}

export interface HtmlScreen {
  href: string;
  width: number;
  height: number;
  /** The device screen's size, the hierarchy's coordinate space. */
  sourceWidth: number;
  sourceHeight: number;
}

export interface HtmlTrace {
  mode: TraceFile['mode'];
  steps: HtmlStep[];
  screens: HtmlScreen[];
  hierarchies: HtmlNode[][];
}

export async function readTraceFile(dir: string, file: string): Promise<TraceFile | undefined> {
  try {
    const parsed = TraceFileSchema.safeParse(JSON.parse(await readFile(join(dir, file), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The screen shown before a step: its own "before" capture, else the last one taken before it began. */
function screenBefore(screens: readonly TraceScreenRef[], step: TraceStep): TraceScreenRef | undefined {
  return (
    screens.find((s) => s.stepId === step.id && s.phase === 'before') ??
    screens.filter((s) => s.at <= step.startedAt).at(-1)
  );
}

function sameCall(a: HtmlStep, b: HtmlStep): boolean {
  return (
    a.title === b.title &&
    a.file === b.file &&
    a.line === b.line &&
    a.outcome === 'passed' &&
    b.outcome === 'passed' &&
    a.children.length === 0 &&
    b.children.length === 0
  );
}

/** Folds runs of the same passing call (an `expect.poll` over `device.readText`, a loop) into one step. */
export function foldRepeats(steps: readonly HtmlStep[]): HtmlStep[] {
  const out: HtmlStep[] = [];
  for (const step of steps) {
    const last = out.at(-1);
    if (last && sameCall(last, step)) {
      out[out.length - 1] = {
        ...last,
        count: last.count + step.count,
        durationMs: (last.durationMs ?? 0) + (step.durationMs ?? 0),
        polls: last.polls === null && step.polls === null ? null : (last.polls ?? 0) + (step.polls ?? 0),
        after: step.after ?? last.after,
        hierarchy: step.hierarchy ?? last.hierarchy,
        executions: [...last.executions, ...step.executions],
      };
    } else out.push({ ...step, children: foldRepeats(step.children) });
  }
  return out;
}

export interface TraceContext {
  /** The bundle directory and the report directory, for links. */
  dir: string;
  reportDir: string;
  rootDir: string;
  executions: readonly HtmlExecution[];
}

export async function buildTrace(trace: TraceFile, ctx: TraceContext): Promise<HtmlTrace> {
  const href = (file: string) => portablePath(relative(ctx.reportDir, join(ctx.dir, file)));
  const screens = trace.screens.map((s) => ({
    href: href(s.file),
    width: s.width,
    height: s.height,
    sourceWidth: s.sourceWidth,
    sourceHeight: s.sourceHeight,
  }));
  const hierarchies: HtmlNode[][] = [];
  const hierarchyOf = new Map<number, number>();
  // Steps that saw the same screen share one entry: the page stays small, the suggestions are computed once.
  const byXml = new Map<string, number>();
  for (const ref of trace.hierarchies) {
    const xml = await readFile(join(ctx.dir, ref.file), 'utf8').catch(() => undefined);
    if (xml === undefined) continue;
    let index = byXml.get(xml);
    if (index === undefined) {
      index = hierarchies.push(inspectorNodesOfXml(xml)) - 1;
      byXml.set(xml, index);
    }
    hierarchyOf.set(ref.stepId, index);
  }
  const indexOf = (screen: TraceScreenRef | undefined) => (screen ? trace.screens.indexOf(screen) : -1);
  const nodes = new Map<number, HtmlStep>();
  const roots: HtmlStep[] = [];
  for (const step of trace.steps) {
    const before = indexOf(screenBefore(trace.screens, step));
    const own = indexOf(trace.screens.find((s) => s.stepId === step.id && s.phase === 'after'));
    const html: HtmlStep = {
      id: step.id,
      kind: step.kind,
      title: step.title,
      outcome: step.outcome,
      durationMs: step.finishedAt === null ? null : step.finishedAt - step.startedAt,
      polls: step.polls ?? null,
      count: 1,
      file: step.callSite ? portablePath(relative(ctx.rootDir, step.callSite.file)) : null,
      line: step.callSite?.line ?? null,
      error: step.error ?? null,
      before: before < 0 ? null : before,
      // A step that changes nothing shows the screen it ran on.
      after: own >= 0 ? own : step.mutating || before < 0 ? null : before,
      hierarchy: hierarchyOf.get(step.id) ?? null,
      executions: ctx.executions.filter((e) => e.stepId === step.id),
      children: [],
    };
    nodes.set(step.id, html);
    const parent = step.parentId === null ? undefined : nodes.get(step.parentId);
    (parent ? parent.children : roots).push(html);
  }
  return { mode: trace.mode, steps: foldRepeats(roots), screens, hierarchies };
}
