/**
 * `toPassAccessibilityAudit(options)`: one observation (the hierarchy, a
 * screenshot for the contrast rule, the display density for the touch-target
 * rule) per attempt, audited by `audit/rules.ts`; passes when no enabled rule
 * finds anything. The findings go into the failure report, so the evidence
 * bundle's `annotated.png` outlines each one with its rule id.
 */
import { DroidproofError } from '../contract/errors.js';
import { messageOf } from '../evidence/error-message.js';
import type { Finding } from '../evidence/failure.js';
import { decodeRgba } from './audit/decode.js';
import { AUDIT_RULES, type AuditOptions, type AuditRule, auditHierarchy } from './audit/rules.js';
import type { MatcherRun } from './core.js';
import type { WaitSettings } from './node-matchers.js';
import type { MatcherTarget } from './ports.js';

export interface AccessibilityAuditOptions extends AuditOptions, WaitSettings {}

interface AuditDetail {
  findings: Finding[];
  foreground: string | null;
  error: string | null;
}

function checkRules(disable: readonly string[] | undefined): void {
  for (const rule of disable ?? []) {
    if (!AUDIT_RULES.includes(rule as AuditRule)) {
      throw new DroidproofError(
        'MATCHER_INVALID',
        `unknown accessibility rule ${JSON.stringify(rule)}; rules are ${AUDIT_RULES.join(', ')}`,
      );
    }
  }
}

export function formatFinding(f: Finding): string {
  const b = f.bounds
    ? `[${f.bounds.left},${f.bounds.top}][${f.bounds.right},${f.bounds.bottom}]`
    : 'no bounds';
  const what = [f.className?.split('.').pop(), f.resourceId].filter(Boolean).join(' ');
  return `${f.rule}: ${f.message} — ${what} ${b} path ${f.nodePath}`;
}

export function accessibilityAuditRun(
  target: MatcherTarget,
  options: AccessibilityAuditOptions = {},
): MatcherRun<AuditDetail> {
  const { timeout, interval, ...audit } = options;
  checkRules(audit.disable);
  const contrast = !audit.disable?.includes('text-contrast');
  const touch = !audit.disable?.includes('touch-target');
  let density: Promise<number | null> | undefined;
  return {
    name: 'toPassAccessibilityAudit',
    receivedLabel: 'device',
    selector: audit,
    options: { timeout, interval, ...audit },
    async check(notBeforeMs) {
      try {
        const observation = await target.observe();
        if (observation.takenAtMs < notBeforeMs) {
          return {
            holds: null,
            detail: { findings: [], foreground: null, error: 'observation taken before the matcher started' },
          };
        }
        // Read once per matcher call: the density does not change while a matcher waits.
        density ??= touch && target.densityDpi ? target.densityDpi() : Promise.resolve(null);
        const png = contrast && target.screenshot ? await target.screenshot() : null;
        const findings = auditHierarchy(
          {
            hierarchy: observation.hierarchy,
            foregroundPackage: observation.foregroundPackage,
            densityDpi: await density,
            image: png ? await decodeRgba(png) : null,
          },
          audit,
        );
        return {
          holds: findings.length === 0,
          detail: { findings, foreground: observation.foregroundPackage, error: null },
        };
      } catch (error) {
        density = undefined;
        return {
          holds: null,
          detail: { findings: [], foreground: null, error: `observation failed: ${messageOf(error)}` },
        };
      }
    },
    expected: (isNot) =>
      isNot
        ? 'at least one accessibility finding'
        : `no accessibility findings (${AUDIT_RULES.filter((r) => !audit.disable?.includes(r)).join(', ')})`,
    observed: (d) =>
      d.error ??
      (d.findings.length === 0
        ? 'no findings'
        : `${d.findings.length} finding${d.findings.length === 1 ? '' : 's'}:\n${d.findings
            .map((f, i) => `  ${i + 1}. ${formatFinding(f)}`)
            .join('\n')}`),
    foreground: (d) => d.foreground,
    candidates: () => [],
    matchCount: (d) => d.findings.length,
    attachments: (d) => ({ findings: d.findings }),
  };
}
