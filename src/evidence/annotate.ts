/**
 * `annotated.png`: the screenshot with the matcher's matches and closest
 * candidates (or its audit findings, tagged with the rule id) outlined and
 * numbered, drawn by compositing an SVG with sharp. A label sits above its
 * outline, else below it, else inside its top edge: never over the status bar,
 * whose clock, battery and notification icons are often the evidence.
 */
import sharp from 'sharp';
import type { Candidate, Finding } from './failure.js';
import { escapeMarkup } from './markup.js';

const COLORS: Record<Candidate['reason'], string> = {
  match: '#e0245e',
  case_mismatch: '#f5a623',
  other_container: '#f5a623',
  offscreen: '#8b8b8b',
  disabled: '#7b61ff',
  similar_text: '#f5a623',
  same_resource_id: '#00a3e0',
};

/** Audit findings are outlined in one colour and tagged with their rule id. */
const FINDING_COLOR = '#d93025';

interface Outline {
  bounds: Candidate['bounds'];
  color: string;
  tag: string;
}

const LABEL_HEIGHT = 34;
/** Android's status bar is 24 dp tall. */
const STATUS_BAR_DP = 24;
/** Without the density, the status bar's share of a phone screen's height (24 dp of ~900 dp). */
const STATUS_BAR_SHARE = 0.03;

/** The status bar's height in screenshot pixels. */
export function statusBarHeightPx(height: number, densityDpi: number | null | undefined): number {
  return densityDpi ? Math.ceil((STATUS_BAR_DP * densityDpi) / 160) : Math.ceil(height * STATUS_BAR_SHARE);
}

/** Where a label's top goes: above the box, else below it, else inside it; never above `reserved`. */
export function labelTop(box: NonNullable<Candidate['bounds']>, height: number, reserved: number): number {
  if (box.top - LABEL_HEIGHT >= reserved) return box.top - LABEL_HEIGHT;
  if (box.bottom + LABEL_HEIGHT <= height) return box.bottom;
  return Math.max(reserved, box.top);
}

function overlaySvg(width: number, height: number, outlines: readonly Outline[], reserved: number): string {
  const shapes = outlines.flatMap(({ bounds: b, color, tag }) => {
    if (!b || b.right <= b.left || b.bottom <= b.top) return [];
    const top = labelTop(b, height, reserved);
    return [
      `<rect x="${b.left}" y="${b.top}" width="${b.right - b.left}" height="${b.bottom - b.top}" fill="none" stroke="${color}" stroke-width="6"/>`,
      `<rect x="${b.left}" y="${top}" width="${tag.length * 15 + 16}" height="${LABEL_HEIGHT}" fill="${color}"/>`,
      `<text x="${b.left + 8}" y="${top + 25}" font-family="sans-serif" font-size="24" fill="#fff">${escapeMarkup(tag)}</text>`,
    ];
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
}

/** Returns a PNG of `screenshot` with every candidate's and finding's bounds drawn on it. */
export async function annotateScreenshot(
  screenshot: Uint8Array,
  size: { width: number; height: number },
  candidates: readonly Candidate[],
  findings: readonly Finding[] = [],
  /** The display density, for the status bar's height (estimated from the height when unknown). */
  densityDpi?: number | null,
): Promise<Buffer> {
  const outlines: Outline[] = [
    ...candidates.map((c, i) => ({ bounds: c.bounds, color: COLORS[c.reason], tag: `${i + 1} ${c.reason}` })),
    ...findings.map((f, i) => ({ bounds: f.bounds, color: FINDING_COLOR, tag: `${i + 1} ${f.rule}` })),
  ];
  const reserved = statusBarHeightPx(size.height, densityDpi);
  const svg = Buffer.from(overlaySvg(size.width, size.height, outlines, reserved));
  return sharp(screenshot)
    .composite([{ input: svg, top: 0, left: 0 }])
    .png({ compressionLevel: 3 })
    .toBuffer();
}
