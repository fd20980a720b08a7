// Accessibility audit: the checkout screen of the audit app has one problem per rule; the clean screen has none.
import { describe, expect, test } from 'droidproof/vitest';

const AUDIT = 'com.droidproof.audit';

describe('accessibility', () => {
  test('the clean screen passes every rule', async ({ device }) => {
    await device.closeApp(AUDIT);
    await device.openApp(AUDIT);
    await device.node({ resourceId: `${AUDIT}:id/open_clean` }).click();
    await expect(device).toShowNode({ textEquals: 'Everything here is labelled' });
    await expect(device).toPassAccessibilityAudit();
  });

  test('the checkout screen fails the audit, and passes with its known problems waived', async ({
    device,
  }) => {
    await device.closeApp(AUDIT);
    await device.openApp(AUDIT);
    await expect(device.node({ resourceId: `${AUDIT}:id/pay` })).toBeVisible();
    await expect(device).not.toPassAccessibilityAudit();
    await expect(device).toPassAccessibilityAudit({
      disable: ['touch-target', 'missing-label', 'duplicate-label', 'text-contrast', 'editable-label'],
    });
  });
});
