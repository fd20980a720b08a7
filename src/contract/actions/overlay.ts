/**
 * Operator overlays: `show_toast`, `cancel_toast`, `set_on_screen_log`,
 * `clear_on_screen_log` (seed 003:2759-2914). Strict shapes: no parameter
 * aliases (see action-aliases.ts), no unknown keys, no nulls.
 */
import { z } from 'zod';
import { templateProblem } from '../on-screen-log-template.js';
import { utf16String } from '../utf16.js';
import { defineAction, noParams, requiredParams } from './define.js';
import { intInRange } from './fields.js';

// Unicode whitespace as the Operator's OnScreenLogContract defines it.
const WHITESPACE_ONLY =
  /^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]*$/u;
// Control characters other than LF and TAB (003:2844).
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

function overlayText(what: string) {
  return utf16String(1, 2048, `${what} must contain 1..2048 UTF-16 code units`).refine(
    (value) => !WHITESPACE_ONLY.test(value),
    {
      message: `${what} must include a non-whitespace character`,
    },
  );
}

export const TOAST_DURATIONS = ['short', 'long'] as const;

export const ShowToastParamsSchema = z.strictObject({
  text: overlayText('show_toast params.text'),
  duration: z.enum(TOAST_DURATIONS).optional(),
});

const panelText = (what: string) =>
  overlayText(what).refine((value) => !FORBIDDEN_CONTROL.test(value), {
    message: `${what} contains a control character other than LF or TAB`,
  });

const COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;

/** Six-digit colors normalize to uppercase opaque eight-digit colors (003:2857). */
export function normalizeOnScreenLogColor(value: string): string {
  const upper = value.toUpperCase();
  return upper.length === 7 ? `#FF${upper.slice(1)}` : upper;
}

const color = (what: string) =>
  z
    .string()
    .regex(COLOR, `${what} must be exactly #RRGGBB or #AARRGGBB`)
    .transform(normalizeOnScreenLogColor);

/** Defaults Android applies to omitted panel fields (003:2846-2855); Node keeps them omitted. */
export const ON_SCREEN_LOG_DEFAULTS = {
  anchor: 'left',
  textAlign: 'left',
  topOffsetDp: 8,
  edgeOffsetDp: 8,
  widthDp: 280,
  fontSizeSp: 12,
  textColor: '#FFFFFFFF',
  backgroundColor: '#B3000000',
  ttlMs: 300_000,
} as const;

const side = z.enum(['left', 'right']);

export const SetOnScreenLogParamsSchema = z
  .strictObject({
    text: panelText('set_on_screen_log params.text').optional(),
    template: panelText('set_on_screen_log params.template')
      .refine((value) => templateProblem(value) === null, {
        error: (issue) => templateProblem(String(issue.input)) ?? 'invalid template',
      })
      .optional(),
    anchor: side.optional(),
    textAlign: side.optional(),
    topOffsetDp: intInRange('topOffsetDp', 0, 1000).optional(),
    edgeOffsetDp: intInRange('edgeOffsetDp', 0, 1000).optional(),
    widthDp: intInRange('widthDp', 80, 600).optional(),
    fontSizeSp: intInRange('fontSizeSp', 8, 24).optional(),
    textColor: color('textColor').optional(),
    backgroundColor: color('backgroundColor').optional(),
    ttlMs: intInRange('ttlMs', 1000, 3_600_000).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.text === undefined && p.template === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'set_on_screen_log requires params.text or params.template',
        path: ['text'],
      });
    } else if (p.text !== undefined && p.template !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'set_on_screen_log params.text and params.template are mutually exclusive',
        path: ['template'],
      });
    }
  });

export const overlayActions = [
  defineAction('show_toast', requiredParams(ShowToastParamsSchema)),
  defineAction('cancel_toast', noParams),
  defineAction('set_on_screen_log', requiredParams(SetOnScreenLogParamsSchema)),
  defineAction('clear_on_screen_log', noParams),
] as const;
