/** The lines of a test file around the line that failed, for the report (read where the report is built). */
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { portablePath } from '../markup.js';

export interface SourceSnippet {
  /** Relative to the run's root. */
  file: string;
  line: number;
  lines: { number: number; text: string }[];
}

/** Lines shown on each side of the failing one. */
export const SNIPPET_CONTEXT = 4;

export async function readSnippet(
  rootDir: string,
  file: string,
  line: number,
  context = SNIPPET_CONTEXT,
): Promise<SourceSnippet | null> {
  const path = isAbsolute(file) ? file : resolve(rootDir, file);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  const all = text?.split('\n');
  if (!all || line < 1 || line > all.length) return null;
  const first = Math.max(1, line - context);
  const last = Math.min(all.length, line + context);
  return {
    file: portablePath(relative(rootDir, path)),
    line,
    lines: all.slice(first - 1, last).map((text, i) => ({ number: first + i, text })),
  };
}

/** The first `<file>:<line>:<col>` of the test file in an error's stack. */
export function lineInStack(errors: readonly string[], file: string): number | null {
  for (const error of errors) {
    for (const candidate of [file, `file://${file}`]) {
      const at = error.indexOf(`${candidate}:`);
      if (at < 0) continue;
      const match = /^:(\d+):\d+/.exec(error.slice(at + candidate.length));
      if (match) return Number(match[1]);
    }
  }
  return null;
}
