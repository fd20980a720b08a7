/**
 * `annotated.png`: the screenshot with the matcher's matches and closest
 * candidates (or its audit findings, tagged with the rule id) outlined and
 * numbered, drawn by compositing an SVG with sharp.
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

function overlaySvg(width: number, height: number, outlines: readonly Outline[]): string {
  const shapes = outlines.flatMap(({ bounds: b, color, tag }) => {
    if (!b || b.right <= b.left || b.bottom <= b.top) return [];
    return [
      `<rect x="${b.left}" y="${b.top}" width="${b.right - b.left}" height="${b.bottom - b.top}" fill="none" stroke="${color}" stroke-width="6"/>`,
      `<rect x="${b.left}" y="${Math.max(0, b.top - 34)}" width="${tag.length * 15 + 16}" height="34" fill="${color}"/>`,
      `<text x="${b.left + 8}" y="${Math.max(0, b.top - 34) + 25}" font-family="sans-serif" font-size="24" fill="#fff">${escapeMarkup(tag)}</text>`,
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
): Promise<Buffer> {
  const outlines: Outline[] = [
    ...candidates.map((c, i) => ({ bounds: c.bounds, color: COLORS[c.reason], tag: `${i + 1} ${c.reason}` })),
    ...findings.map((f, i) => ({ bounds: f.bounds, color: FINDING_COLOR, tag: `${i + 1} ${f.rule}` })),
  ];
  const svg = Buffer.from(overlaySvg(size.width, size.height, outlines));
  return sharp(screenshot)
    .composite([{ input: svg, top: 0, left: 0 }])
    .png({ compressionLevel: 3 })
    .toBuffer();
}
