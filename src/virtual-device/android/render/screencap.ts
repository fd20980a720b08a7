/**
 * Draws the screen to PNG with sharp: the windows' views as boxes and text
 * (SVG, DejaVu Sans), images as placeholders, dialogs over a dim layer, the
 * log overlay, toasts, and the system bars. The PNG is cached until the UI
 * revision changes, so repeated screenshots cost nothing.
 */
import sharp from 'sharp';
import type { VirtualAndroid } from '../device.js';
import { isVisible } from '../ui/accessibility.js';
import { intersect, type LaidOutView, type Rect } from '../ui/layout.js';
import type { ScreenWindow } from '../ui/windows.js';

const FONT = 'DejaVu Sans, sans-serif';

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

class SvgCanvas {
  readonly parts: string[] = [];
  private readonly clips = new Map<string, string>();

  constructor(readonly density: number) {}

  rect(r: Rect, fill: string, extra = ''): void {
    const w = r.right - r.left;
    const h = r.bottom - r.top;
    if (w <= 0 || h <= 0) return;
    this.parts.push(`<rect x="${r.left}" y="${r.top}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`);
  }

  text(
    value: string,
    x: number,
    y: number,
    options: { size?: number; color?: string; anchor?: string; clip?: Rect } = {},
  ): void {
    if (!value) return;
    const size = Math.round((options.size ?? 16) * this.density);
    const clip = options.clip ? ` clip-path="url(#${this.clipId(options.clip)})"` : '';
    this.parts.push(
      `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${options.color ?? '#202124'}" text-anchor="${options.anchor ?? 'start'}" dominant-baseline="central"${clip}>${escapeXml(value)}</text>`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, stroke: string, width = 2): void {
    this.parts.push(
      `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}"/>`,
    );
  }

  svg(width: number, height: number): string {
    const defs = [...this.clips].map(([key, id]) => {
      const [l, t, r, b] = key.split(',').map(Number);
      return `<clipPath id="${id}"><rect x="${l}" y="${t}" width="${r - l}" height="${b - t}"/></clipPath>`;
    });
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs.join('')}</defs>${this.parts.join('')}</svg>`;
  }

  private clipId(r: Rect): string {
    const key = `${r.left},${r.top},${r.right},${r.bottom}`;
    let id = this.clips.get(key);
    if (!id) {
      id = `c${this.clips.size}`;
      this.clips.set(key, id);
    }
    return id;
  }
}

export class ScreenRenderer {
  private cache: { key: string; png: Promise<Buffer> } | undefined;

  constructor(private readonly device: VirtualAndroid) {}

  png(): Promise<Buffer> {
    const { ui, power, toasts } = this.device;
    // The status bar clock changes every minute.
    const minute = Math.floor(this.device.clock.wallTime() / 60_000);
    const key = `${ui.revision}:${power.screenOn}:${toasts.visible().length}:${minute}`;
    if (this.cache?.key !== key) {
      this.cache = { key, png: this.render() };
      // A failed render must not stay cached.
      this.cache.png.catch(() => {
        this.cache = undefined;
      });
    }
    return this.cache.png;
  }

  private render(): Promise<Buffer> {
    const { display, power, ui, toasts } = this.device;
    const { width, height } = display.size;
    const canvas = new SvgCanvas(display.density);
    if (power.screenOn) {
      canvas.rect({ left: 0, top: 0, right: width, bottom: height }, '#fafafa');
      for (const window of ui.snapshot().windows) drawWindow(canvas, window, width, height);
      drawSystemBars(canvas, width, height, this.device.clock.wallTime());
      drawToasts(
        canvas,
        toasts.visible().map((t) => t.text),
        width,
        height,
      );
    } else {
      canvas.rect({ left: 0, top: 0, right: width, bottom: height }, '#000000');
    }
    return sharp(Buffer.from(canvas.svg(width, height)))
      .png({ compressionLevel: 1, adaptiveFiltering: false })
      .toBuffer();
  }
}

function drawWindow(canvas: SvgCanvas, window: ScreenWindow, width: number, height: number): void {
  if (window.kind === 'dialog')
    canvas.rect({ left: 0, top: 0, right: width, bottom: height }, 'rgba(0,0,0,0.45)');
  const background = window.kind === 'dialog' ? '#ffffff' : undefined;
  if (background) canvas.rect(window.root.clip, background, 'rx="24"');
  const textColor = window.kind === 'keyguard' || window.kind === 'overlay' ? '#f1f3f4' : undefined;
  drawView(canvas, window.root, true, textColor);
}

function drawView(
  canvas: SvgCanvas,
  view: LaidOutView,
  parentVisible: boolean,
  textColor: string | undefined,
): void {
  const visible = isVisible(view, parentVisible);
  if (!visible) return;
  const { spec, rect, clip } = view;
  const d = canvas.density;
  const pad = Math.round(16 * d);
  const midY = Math.round((rect.top + rect.bottom) / 2);
  const enabled = spec.enabled !== false;
  const inner = {
    left: Math.max(rect.left, clip.left),
    right: Math.min(rect.right, clip.right),
    top: clip.top,
    bottom: clip.bottom,
  };
  if (spec.color && spec.kind !== 'text') canvas.rect(inner, spec.color);
  switch (spec.kind) {
    case 'text':
      canvas.text(view.text ?? '', rect.left + pad, midY, { color: spec.color ?? textColor, clip });
      break;
    case 'button': {
      const box = shrink(rect, Math.round(4 * d));
      const visibleBox = intersect(box, clip);
      if (visibleBox) canvas.rect(visibleBox, enabled ? '#1a73e8' : '#bdc1c6', 'rx="12"');
      canvas.text(view.text ?? '', Math.round((rect.left + rect.right) / 2), midY, {
        color: '#ffffff',
        anchor: 'middle',
        clip,
      });
      break;
    }
    case 'input': {
      const value = view.text ?? '';
      const shown = spec.password ? '•'.repeat(value.length) : value;
      canvas.text(shown || spec.hint || '', rect.left + pad, midY, {
        color: shown ? textColor : '#80868b',
        clip,
      });
      if (rect.bottom - 4 > clip.top && rect.bottom - 4 < clip.bottom) {
        canvas.line(
          rect.left + pad,
          rect.bottom - 4,
          rect.right - pad,
          rect.bottom - 4,
          view.focused ? '#1a73e8' : '#9aa0a6',
          view.focused ? 6 : 3,
        );
      }
      break;
    }
    case 'switch':
    case 'checkbox': {
      canvas.text(view.text ?? '', rect.left + pad, midY, { color: textColor, clip });
      const size = Math.round(24 * d);
      const box = {
        left: rect.right - pad - size * 2,
        top: midY - size / 2,
        right: rect.right - pad,
        bottom: midY + size / 2,
      };
      const on = spec.checked === true;
      const visibleBox = intersect(box, clip);
      if (visibleBox) canvas.rect(visibleBox, on ? '#1a73e8' : '#9aa0a6', 'rx="36"');
      const knob = on ? { ...box, left: box.right - size } : { ...box, right: box.left + size };
      const visibleKnob = intersect(shrink(knob, 6), clip);
      if (visibleKnob) canvas.rect(visibleKnob, '#ffffff', 'rx="30"');
      break;
    }
    case 'image': {
      const box = intersect(shrink(rect, pad / 2), clip);
      if (box) {
        canvas.rect(box, '#dadce0', 'stroke="#9aa0a6" stroke-width="3"');
        canvas.line(box.left, box.top, box.right, box.bottom, '#9aa0a6');
        canvas.line(box.left, box.bottom, box.right, box.top, '#9aa0a6');
      }
      canvas.text(spec.desc ?? '', Math.round((rect.left + rect.right) / 2), midY, {
        anchor: 'middle',
        size: 12,
        clip,
      });
      break;
    }
    case 'progress': {
      const track = intersect(
        { left: rect.left + pad, right: rect.right - pad, top: midY - 6, bottom: midY + 6 },
        clip,
      );
      if (track) {
        canvas.rect(track, '#dadce0');
        const fraction = spec.max ? Math.min(1, Math.max(0, (spec.progress ?? 0) / spec.max)) : 0;
        canvas.rect(
          { ...track, right: track.left + Math.round((track.right - track.left) * fraction) },
          '#1a73e8',
        );
      }
      break;
    }
    default:
      if (spec.onClick && rect.bottom - 1 > clip.top && rect.bottom - 1 < clip.bottom) {
        canvas.line(rect.left + pad, rect.bottom - 1, rect.right, rect.bottom - 1, '#e0e0e0');
      }
  }
  if (view.focused && spec.kind !== 'input') canvas.rect(clip, 'none', 'stroke="#1a73e8" stroke-width="4"');
  for (const child of view.children) drawView(canvas, child, visible, textColor);
}

function drawSystemBars(canvas: SvgCanvas, width: number, height: number, wallMs: number): void {
  const d = canvas.density;
  const status = Math.round(24 * d);
  const nav = Math.round(48 * d);
  canvas.rect({ left: 0, top: 0, right: width, bottom: status }, '#202124');
  const time = new Date(wallMs).toISOString().slice(11, 16);
  canvas.text(time, Math.round(16 * d), Math.round(status / 2), { color: '#ffffff', size: 14 });
  canvas.rect({ left: 0, top: height - nav, right: width, bottom: height }, '#000000');
  const y = height - Math.round(nav / 2);
  for (const [i, glyph] of ['◀', '●', '■'].entries()) {
    canvas.text(glyph, Math.round((width * (i + 1)) / 4), y, {
      color: '#e8eaed',
      anchor: 'middle',
      size: 18,
    });
  }
}

function drawToasts(canvas: SvgCanvas, texts: string[], width: number, height: number): void {
  const d = canvas.density;
  texts.forEach((value, i) => {
    const h = Math.round(48 * d);
    const bottom = height - Math.round(120 * d) - i * (h + Math.round(8 * d));
    canvas.rect(
      { left: Math.round(width * 0.15), right: Math.round(width * 0.85), top: bottom - h, bottom },
      '#323232',
      'rx="40"',
    );
    canvas.text(value, Math.round(width / 2), bottom - Math.round(h / 2), {
      color: '#ffffff',
      anchor: 'middle',
      size: 14,
    });
  });
}

function shrink(r: Rect, by: number): Rect {
  return { left: r.left + by, top: r.top + by, right: r.right - by, bottom: r.bottom - by };
}
