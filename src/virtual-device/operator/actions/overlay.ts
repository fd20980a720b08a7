/**
 * Operator-drawn overlays: the API toast (`show_toast`, `cancel_toast`,
 * seed 003:2759-2833) and the on-screen log panel (`set_on_screen_log`,
 * `clear_on_screen_log`, 003:2834-2914 and 3276-3683).
 *
 * Panel geometry (the seeds fix the inputs, not the renderer): the usable
 * area excludes a 24 dp status bar and a 48 dp navigation bar; text wraps at
 * an average glyph width of 0.55 em inside the fixed 8 dp padding; a line is
 * 1.25 em high. Templates are resolved once when the panel is set (the
 * virtual device has no focus-change refresh loop).
 */
import {
  type ON_SCREEN_LOG_PLACEHOLDERS,
  templateProblem,
} from '../../../contract/on-screen-log-template.js';
import { type ActionContext, defineAction, UI_GATES } from '../context.js';
import { StepFailure, succeeded } from '../envelope.js';
import type { ParamReader } from '../params.js';
import type { PanelDrawing } from '../platform.js';

const MAX_TEXT = 2048;
const STATUS_BAR_DP = 24;
const NAV_BAR_DP = 48;
const PADDING_DP = 8;
const GLYPH_EM = 0.55;
const LINE_EM = 1.25;
const EXPANDED_MAX = 8192;
const VALUE_MAX = 256;

function readText(params: ParamReader, key: string): string {
  const value = params.optionalString(key);
  if (value === undefined || value.length < 1 || value.length > MAX_TEXT || value.trim() === '') {
    params.fail(key, `params.${key} must be 1-${MAX_TEXT} UTF-16 units with a non-whitespace character`);
  }
  // LF and TAB are allowed; other control characters are rejected (003:2849).
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value))
    params.fail(key, `params.${key} contains control characters`);
  return value;
}

function rejectUnknownKeys(params: ParamReader, allowed: readonly string[]): void {
  for (const key of Object.keys(params.raw)) {
    if (!allowed.includes(key)) params.fail(key, `does not accept params.${key}`);
  }
}

export const showToastAction = defineAction({
  type: 'show_toast',
  gates: UI_GATES,
  parse: (params) => {
    rejectUnknownKeys(params, ['text', 'duration']);
    const text = readText(params, 'text');
    const duration = params.optionalString('duration') ?? 'short';
    if (duration !== 'short' && duration !== 'long')
      params.fail('duration', 'params.duration must be short or long');
    return { text, duration };
  },
  run: async (ctx, step, p) => {
    // Each call replaces the previous API toast (003:2762-2764).
    if (ctx.state.apiToast) ctx.platform.cancelToast();
    ctx.platform.showToast(p.text, p.duration === 'long');
    ctx.state.apiToast = true;
    return succeeded(step, { submitted: 'true', duration: p.duration });
  },
});

export const cancelToastAction = defineAction({
  type: 'cancel_toast',
  gates: UI_GATES,
  parse: (params) => {
    rejectUnknownKeys(params, []);
    return {};
  },
  run: async (ctx, step) => {
    if (ctx.state.apiToast) ctx.platform.cancelToast();
    ctx.state.apiToast = false;
    return succeeded(step, { submitted: 'true' });
  },
});

interface PanelParams {
  source: { text: string } | { template: string };
  anchor: 'left' | 'right';
  textAlign: 'left' | 'right';
  topOffsetDp: number;
  edgeOffsetDp: number;
  widthDp: number;
  fontSizeSp: number;
  textColor: string;
  backgroundColor: string;
  ttlMs: number;
}

const PANEL_KEYS = [
  'text',
  'template',
  'anchor',
  'textAlign',
  'topOffsetDp',
  'edgeOffsetDp',
  'widthDp',
  'fontSizeSp',
  'textColor',
  'backgroundColor',
  'ttlMs',
] as const;

function readSide(params: ParamReader, key: string): 'left' | 'right' {
  const value = params.optionalString(key) ?? 'left';
  if (value !== 'left' && value !== 'right') params.fail(key, `params.${key} must be left or right`);
  return value;
}

/** Integer-valued JSON numbers only (003:2850-2858); no clamping for the panel. */
function readPanelInt(params: ParamReader, key: string, fallback: number, min: number, max: number): number {
  if (!params.has(key)) return fallback;
  const value = params.raw[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    params.fail(key, `params.${key} must be an integer in [${min}, ${max}]`);
  }
  return value;
}

/** `#RRGGBB` becomes opaque `#FFRRGGBB`; output is upper case (003:2866). */
function readColor(params: ParamReader, key: string, fallback: string): string {
  const value = params.optionalString(key) ?? fallback;
  if (!/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value))
    params.fail(key, `params.${key} must be #RRGGBB or #AARRGGBB`);
  return (value.length === 7 ? `#FF${value.slice(1)}` : value).toUpperCase();
}

function parsePanel(params: ParamReader): PanelParams {
  rejectUnknownKeys(params, PANEL_KEYS);
  const hasText = params.has('text');
  if (hasText === params.has('template'))
    params.fail('text', 'requires exactly one of params.text or params.template');
  let source: PanelParams['source'];
  if (hasText) source = { text: readText(params, 'text') };
  else {
    const template = readText(params, 'template');
    const problem = templateProblem(template);
    if (problem !== null) params.fail('template', problem);
    source = { template };
  }
  return {
    source,
    anchor: readSide(params, 'anchor'),
    textAlign: readSide(params, 'textAlign'),
    topOffsetDp: readPanelInt(params, 'topOffsetDp', 8, 0, 1000),
    edgeOffsetDp: readPanelInt(params, 'edgeOffsetDp', 8, 0, 1000),
    widthDp: readPanelInt(params, 'widthDp', 280, 80, 600),
    fontSizeSp: readPanelInt(params, 'fontSizeSp', 12, 8, 24),
    textColor: readColor(params, 'textColor', '#FFFFFFFF'),
    backgroundColor: readColor(params, 'backgroundColor', '#B3000000'),
    ttlMs: readPanelInt(params, 'ttlMs', 300_000, 1000, 3_600_000),
  };
}

/** Caps `value` at `max` UTF-16 units with an ellipsis, never splitting a surrogate pair. */
function cap(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(value[cut - 1] ?? '')) cut -= 1;
  return `${value.slice(0, cut)}…`;
}

/** A substituted metadata value: its control characters become spaces (003:3397-3400), then capped. */
function bounded(value: string, max: number): string {
  return cap(value.replace(/[\u0000-\u001f\u007f]/g, ' '), max);
}

/** Expands a validated template from one foreground observation. */
export function expandTemplate(ctx: ActionContext, template: string): string {
  const foreground = ctx.platform.foregroundPackage();
  const version = foreground ? ctx.platform.packageVersion(foreground) : undefined;
  const tag = ctx.platform.properties.languageTag;
  const language = tag.split('-')[0];
  const languageName = new Intl.DisplayNames([tag], { type: 'language' }).of(language) ?? 'Unavailable';
  const values: Record<(typeof ON_SCREEN_LOG_PLACEHOLDERS)[number], string> = {
    'foreground_app.icon': '\u25a3',
    'foreground_app.package_name': foreground ?? 'Unavailable',
    'foreground_app.version_code': version ? String(version.versionCode) : 'Unavailable',
    'foreground_app.version_name': version?.versionName ?? 'Unavailable',
    'device.manufacturer': ctx.platform.properties.manufacturer,
    'device.model': ctx.platform.properties.model,
    'system.language_code': language,
    'system.language_tag': tag,
    'system.language_name': languageName,
  };
  const expanded = template.replace(
    /\{\{\{\{|\}\}\}\}|\{\{([a-z_.]+)\}\}/g,
    (match, name: string | undefined) => {
      if (match === '{{{{') return '{{';
      if (match === '}}}}') return '}}';
      return bounded(values[name as keyof typeof values], VALUE_MAX);
    },
  );
  // The template's own LF and TAB survive (003:3391); only the length is capped.
  return cap(expanded, EXPANDED_MAX);
}

function wrap(text: string, charsPerLine: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, '    ').split('\n')) {
    if (paragraph.length === 0) lines.push('');
    for (let i = 0; i < paragraph.length; i += charsPerLine) lines.push(paragraph.slice(i, i + charsPerLine));
  }
  return lines;
}

function layoutPanel(
  ctx: ActionContext,
  p: PanelParams,
  text: string,
): { drawing: PanelDrawing; truncated: boolean } {
  const display = ctx.platform.display();
  const density = display.densityDpi / 160;
  const px = (dp: number) => Math.round(dp * density);
  const fontPx = p.fontSizeSp * density;
  const lineHeight = Math.ceil(fontPx * LINE_EM);
  const width = px(p.widthDp);
  const padding = px(PADDING_DP);
  const usableTop = px(STATUS_BAR_DP);
  const usableBottom = display.height - px(NAV_BAR_DP);
  const left = p.anchor === 'left' ? px(p.edgeOffsetDp) : display.width - px(p.edgeOffsetDp) - width;
  const top = usableTop + px(p.topOffsetDp);
  const charsPerLine = Math.max(1, Math.floor((width - 2 * padding) / (fontPx * GLYPH_EM)));
  const fitLines = Math.floor((usableBottom - top - 2 * padding) / lineHeight);
  if (left < 0 || left + width > display.width || fitLines < 1) {
    throw new StepFailure(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
      'The usable display cannot contain the requested panel',
    );
  }
  const all = wrap(text, charsPerLine);
  const lines = all.slice(0, fitLines);
  const bottom = top + 2 * padding + lines.length * lineHeight;
  return {
    drawing: {
      lines,
      bounds: { left, top, right: left + width, bottom },
      textColor: p.textColor,
      backgroundColor: p.backgroundColor,
      fontSizePx: Math.round(fontPx),
      textAlign: p.textAlign,
    },
    truncated: lines.length < all.length,
  };
}

function clearPanel(ctx: ActionContext): void {
  ctx.state.panel?.expiry?.cancel();
  if (ctx.state.panel) ctx.platform.setPanel(null);
  ctx.state.panel = undefined;
}

export const setOnScreenLogAction = defineAction({
  type: 'set_on_screen_log',
  gates: UI_GATES,
  parse: parsePanel,
  run: async (ctx, step, p) => {
    const text = 'text' in p.source ? p.source.text : expandTemplate(ctx, p.source.template);
    const { drawing, truncated } = layoutPanel(ctx, p, text);
    clearPanel(ctx);
    ctx.platform.setPanel(drawing);
    const generation = ++ctx.state.panelGeneration;
    const expiry = new AbortController();
    ctx.state.panel = { generation, expiry: { cancel: () => expiry.abort() } };
    // Expiry removes this generation only (003:3490-3493).
    ctx.platform
      .sleep(p.ttlMs, expiry.signal)
      .then(() => {
        if (ctx.state.panel?.generation !== generation) return;
        ctx.platform.setPanel(null);
        ctx.state.panel = undefined;
      })
      .catch(() => undefined);
    const b = drawing.bounds;
    return succeeded(step, {
      visible: 'true',
      rendered: 'true',
      truncated: String(truncated),
      anchor: p.anchor,
      text_align: p.textAlign,
      top_offset_dp: String(p.topOffsetDp),
      edge_offset_dp: String(p.edgeOffsetDp),
      width_dp: String(p.widthDp),
      font_size_sp: String(p.fontSizeSp),
      text_color: p.textColor,
      background_color: p.backgroundColor,
      ttl_ms: String(p.ttlMs),
      bounds: `[${b.left},${b.top}][${b.right},${b.bottom}]`,
    });
  },
});

export const clearOnScreenLogAction = defineAction({
  type: 'clear_on_screen_log',
  gates: UI_GATES,
  parse: (params) => {
    rejectUnknownKeys(params, []);
    return {};
  },
  run: async (ctx, step) => {
    clearPanel(ctx);
    return succeeded(step, { visible: 'false' });
  },
});
