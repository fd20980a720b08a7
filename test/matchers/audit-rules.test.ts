/**
 * The audit rules on the audit test app, rendered by the virtual device:
 * each rule finds exactly the app's known violation(s), the clean screen has
 * none, and a disabled rule finds nothing.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseHierarchyXml, toHierarchyXml } from '../../src/contract/selector/hierarchy-xml.js';
import { AUDIT_RULES, type AuditInput, auditHierarchy } from '../../src/matchers/audit/rules.js';
import { createVirtualAndroid } from '../../src/virtual-device/android/index.js';
import { AUDIT_VIOLATIONS } from '../../test-apps/audit.js';
import { TEST_APPS } from '../../test-apps/index.js';

const PKG = 'com.droidproof.audit';

async function observe(screen: 'main' | 'clean'): Promise<AuditInput> {
  const d = createVirtualAndroid({ serial: 'virtual-5562', apps: [...TEST_APPS], clock: { mode: 'manual' } });
  d.activities.start({ packageName: PKG });
  if (screen === 'clean') d.activities.navigate(PKG, 'clean', {});
  // Through the XML, as the Operator's snapshot delivers it.
  const hierarchy = parseHierarchyXml(toHierarchyXml(d.ui.hierarchy()));
  const { data, info } = await sharp(await d.screencap())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    hierarchy,
    foregroundPackage: PKG,
    densityDpi: d.display.densityDpi,
    image: { data, width: info.width, height: info.height, channels: info.channels },
  };
}

const ids = (findings: { resourceId: string | null }[]) =>
  findings.map((f) => f.resourceId?.split(':id/')[1]);

describe('accessibility audit rules', () => {
  it.each(AUDIT_RULES)('%s finds exactly the known violations of the checkout screen', async (rule) => {
    const input = await observe('main');
    const findings = auditHierarchy(input, { disable: AUDIT_RULES.filter((r) => r !== rule) });
    expect(ids(findings)).toEqual(AUDIT_VIOLATIONS[rule]);
    for (const f of findings) {
      expect(f.rule).toBe(rule);
      expect(f.nodePath).toMatch(/^\d+(\.\d+)*$/);
      expect(f.bounds).not.toBeNull();
    }
  });

  it('reports measured values: the 32 dp button, the 1.67:1 note', async () => {
    const findings = auditHierarchy(await observe('main'));
    expect(findings.find((f) => f.rule === 'touch-target')?.message).toBe(
      'touch target 411 × 32 dp is under 48 × 48 dp',
    );
    expect(findings.find((f) => f.rule === 'text-contrast')?.message).toBe(
      'text contrast 1.67:1 (#c4c4c4 on #fafafa) is under 4.5:1',
    );
  });

  it('the clean screen has no findings under any rule', async () => {
    expect(auditHierarchy(await observe('clean'))).toEqual([]);
  });

  it('disabled rules find nothing; without density or pixels their rules are skipped', async () => {
    const input = await observe('main');
    expect(auditHierarchy(input, { disable: [...AUDIT_RULES] })).toEqual([]);
    const blind = auditHierarchy({ ...input, densityDpi: null, image: null });
    expect(blind.some((f) => f.rule === 'touch-target' || f.rule === 'text-contrast')).toBe(false);
    expect(blind.length).toBeGreaterThan(0);
  });

  it('audits only the chosen app', async () => {
    expect(auditHierarchy(await observe('main'), { applicationId: 'com.other' })).toEqual([]);
  });
});
