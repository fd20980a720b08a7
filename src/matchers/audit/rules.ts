/**
 * The accessibility audit rules over one observation: the hierarchy, the
 * screenshot's pixels and the display density. Each rule looks at the
 * on-screen nodes of one app (the foreground app unless told otherwise) and
 * returns findings with the node's path, bounds and the rule id. Pure.
 *
 * - `touch-target`: a clickable node smaller than 48 × 48 dp (px × 160 / dpi);
 *   nodes cut by a scrolling container's edge are skipped (their bounds are
 *   clipped, not small).
 * - `missing-label`: a clickable node (other than a text field) whose own and
 *   descendants' text and content description are all empty (a screen reader
 *   says nothing).
 * - `duplicate-label`: clickable nodes of one container with the same label
 *   (case and spacing ignored): a screen reader cannot tell them apart.
 * - `text-contrast`: text whose dominant foreground and background colours in
 *   the screenshot, inside the node's bounds inset by up to 6 dp, contrast
 *   below 4.5:1 (WCAG 1.4.3). Disabled nodes and compound buttons (switches,
 *   check boxes, whose control shares the bounds) are not checked.
 * - `editable-label`: a text field with no text, hint or content description.
 */
import type { Bounds, UiHierarchy, UiNode } from '../../contract/selector/node.js';
import { buildTreeIndex, type IndexedNode } from '../../contract/selector/tree-index.js';
import type { Finding } from '../../evidence/failure.js';
import { contrastRatio, dominantColours, hex, type RawImage } from './contrast.js';

export const AUDIT_RULES = [
  'touch-target',
  'missing-label',
  'duplicate-label',
  'text-contrast',
  'editable-label',
] as const;
export type AuditRule = (typeof AUDIT_RULES)[number];

export interface AuditOptions {
  /** Rules to skip. */
  disable?: readonly AuditRule[];
  /** Minimum touch target in dp (default 48). */
  minTouchTargetDp?: number;
  /** Minimum text contrast ratio (default 4.5). */
  minContrast?: number;
  /** The app whose nodes are audited (default: the foreground app). */
  applicationId?: string;
}

export interface AuditInput {
  hierarchy: UiHierarchy;
  /** The foreground app, when `applicationId` is not given. */
  foregroundPackage: string | null;
  /** Display density in dpi (160 = 1 px per dp); null skips `touch-target`. */
  densityDpi: number | null;
  /** The screenshot taken with the hierarchy; null skips `text-contrast`. */
  image: RawImage | null;
}

const COMPOUND = /(Switch|CheckBox|RadioButton|ToggleButton|Chip)$/;
const EDITABLE = /(EditText|AutoCompleteTextView)$/;

function label(node: UiNode): string {
  return (node.text || node.contentDesc || '').trim();
}

function subtreeLabel(entries: readonly IndexedNode[], index: number): string {
  for (let i = index; i <= entries[index].end; i++) {
    const text = label(entries[i].node);
    if (text) return text;
  }
  return '';
}

function size(b: Bounds): { w: number; h: number } {
  return { w: b.right - b.left, h: b.bottom - b.top };
}

function finding(entry: IndexedNode, rule: AuditRule, message: string): Finding {
  const { node } = entry;
  return {
    rule,
    nodePath: entry.path,
    bounds: node.bounds ? { ...node.bounds } : null,
    resourceId: node.resourceId || null,
    className: node.className ?? null,
    message,
  };
}

/** Whether a scrolling ancestor's edge cuts the node (its bounds are the visible part only). */
function clippedByScroll(entries: readonly IndexedNode[], entry: IndexedNode): boolean {
  const b = entry.node.bounds!;
  for (let p = entry.parent; p >= 0; p = entries[p].parent) {
    const a = entries[p].node;
    if (a.scrollable && a.bounds && (b.top <= a.bounds.top || b.bottom >= a.bounds.bottom)) return true;
  }
  return false;
}

/** Runs the enabled rules; findings come in rule order, then tree order. */
export function auditHierarchy(input: AuditInput, options: AuditOptions = {}): Finding[] {
  const disabled = new Set(options.disable ?? []);
  const app = options.applicationId ?? input.foregroundPackage;
  const { entries } = buildTreeIndex(input.hierarchy);
  const audited = entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.onScreen && entry.node.bounds && (!app || entry.node.packageName === app));
  const clickable = audited.filter(({ entry }) => entry.node.clickable === true);
  const out: Finding[] = [];
  const on = (rule: AuditRule) => !disabled.has(rule);

  if (on('touch-target') && input.densityDpi) {
    const minDp = options.minTouchTargetDp ?? 48;
    const toDp = (px: number) => (px * 160) / input.densityDpi!;
    for (const { entry } of clickable) {
      const { w, h } = size(entry.node.bounds!);
      if ((toDp(w) >= minDp && toDp(h) >= minDp) || clippedByScroll(entries, entry)) continue;
      out.push(
        finding(
          entry,
          'touch-target',
          `touch target ${toDp(w).toFixed(0)} × ${toDp(h).toFixed(0)} dp is under ${minDp} × ${minDp} dp`,
        ),
      );
    }
  }

  if (on('missing-label')) {
    for (const { entry, index } of clickable) {
      // Text fields have their own rule (a hint labels them too).
      if (EDITABLE.test(entry.node.className ?? '')) continue;
      if (!subtreeLabel(entries, index)) {
        out.push(finding(entry, 'missing-label', 'clickable node has no text or content description'));
      }
    }
  }

  if (on('duplicate-label')) {
    const groups = new Map<string, typeof clickable>();
    for (const item of clickable) {
      const text = subtreeLabel(entries, item.index).toLowerCase().replace(/\s+/g, ' ');
      if (!text) continue;
      const key = `${item.entry.parent}\u0000${text}`;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      for (const { entry, index } of group) {
        out.push(
          finding(
            entry,
            'duplicate-label',
            `label ${JSON.stringify(subtreeLabel(entries, index))} is shared by ${group.length} clickable nodes in one container`,
          ),
        );
      }
    }
  }

  if (on('text-contrast') && input.image) {
    const minRatio = options.minContrast ?? 4.5;
    const inset = Math.round((6 * (input.densityDpi ?? 160)) / 160);
    for (const { entry } of audited) {
      const { node } = entry;
      if (!node.text?.trim() || node.enabled === false || COMPOUND.test(node.className ?? '')) continue;
      const b = node.bounds!;
      const { w, h } = size(b);
      const dx = Math.min(inset, Math.floor(w * 0.2));
      const dy = Math.min(inset, Math.floor(h * 0.2));
      const swatch = dominantColours(input.image, {
        left: b.left + dx,
        top: b.top + dy,
        right: b.right - dx,
        bottom: b.bottom - dy,
      });
      if (!swatch?.foreground) continue;
      const ratio = contrastRatio(swatch.foreground, swatch.background);
      if (ratio < minRatio) {
        out.push(
          finding(
            entry,
            'text-contrast',
            `text contrast ${ratio.toFixed(2)}:1 (${hex(swatch.foreground)} on ${hex(swatch.background)}) is under ${minRatio}:1`,
          ),
        );
      }
    }
  }

  if (on('editable-label')) {
    for (const { entry } of audited) {
      const { node } = entry;
      if (!EDITABLE.test(node.className ?? '')) continue;
      if (label(node) || node.extra?.hint?.trim()) continue;
      out.push(finding(entry, 'editable-label', 'text field has no hint, text or content description'));
    }
  }
  return out;
}
