/**
 * A bundle's `logcat.txt` for the report: its lines with their level, those
 * of the app under test marked (the sections `orderLogcat` wrote), so the page
 * can show the app's lines alone with levels coloured.
 */

export type LogLevel = 'V' | 'D' | 'I' | 'W' | 'E' | 'F' | null;

export interface HtmlLogLine {
  text: string;
  level: LogLevel;
  /** Logged by the app under test. */
  app: boolean;
}

export interface HtmlLogcat {
  /** The app the lines were sorted by, when one was known. */
  app: string | null;
  lines: HtmlLogLine[];
  totalLines: number;
}

/** `MM-DD HH:MM:SS.mmm  PID  TID L Tag: message` */
const LEVEL = /^\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s+\d+\s+\d+\s+([VDIWEF])\s/;
const APP_SECTION = /^--------- (.+): \d+ lines$/;
const REST_SECTION = /^--------- everything else: \d+ lines$/;

export function logcatPreview(text: string, maxLines: number): HtmlLogcat {
  const lines: HtmlLogLine[] = [];
  let app: string | null = null;
  let inApp = false;
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    if (REST_SECTION.test(line)) {
      inApp = false;
      continue;
    }
    const section = APP_SECTION.exec(line);
    if (section) {
      app = section[1]!;
      inApp = true;
      continue;
    }
    if (line.startsWith('--------- ')) continue;
    total++;
    if (lines.length < maxLines) {
      lines.push({ text: line, level: (LEVEL.exec(line)?.[1] as LogLevel) ?? null, app: inApp });
    }
  }
  return { app, lines, totalLines: total };
}
