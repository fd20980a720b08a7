/**
 * An app with known accessibility problems, one per audit rule, on its main
 * screen ("Checkout"), and a screen without any ("Clean"):
 *
 * - `touch-target`: the "Pay" button is 32 dp tall (under 48 dp);
 * - `missing-label`: the clickable share image has no text or description;
 * - `duplicate-label`: the two "Edit" buttons share one container;
 * - `text-contrast`: the "Prices include tax" note is #c4c4c4 on #fafafa (1.67:1);
 * - `editable-label`: the coupon field has no hint, text or description.
 */

import { button, column, defineApp, image, input, row, text } from '../src/virtual-device/android/index.js';

interface AuditState {
  paid: boolean;
}

export const AUDIT_VIOLATIONS = {
  'touch-target': ['pay'],
  'missing-label': ['share'],
  'duplicate-label': ['edit_address', 'edit_payment'],
  'text-contrast': ['tax_note'],
  'editable-label': ['coupon'],
} as const;

export const auditApp = defineApp<AuditState>({
  packageName: 'com.droidproof.audit',
  label: 'Audit',
  versionName: '1.0.0',
  initialState: () => ({ paid: false }),
  screens: {
    main: (s) =>
      column([
        text('Checkout', { id: 'title', height: 64 }),
        text('Prices include tax', { id: 'tax_note', color: '#c4c4c4' }),
        input('email', { hint: 'Email' }),
        input('coupon'),
        image('', { id: 'share', height: 64, onClick: () => undefined }),
        row(
          [
            button('Edit', undefined, { id: 'edit_address' }),
            button('Edit', undefined, { id: 'edit_payment' }),
          ],
          {
            id: 'actions',
            height: 56,
          },
        ),
        button(s.paid ? 'Paid' : 'Pay', (ctx) => ctx.set({ paid: true }), { id: 'pay', height: 32 }),
        button('Open clean screen', (ctx) => ctx.navigate('clean'), { id: 'open_clean' }),
      ]),
    clean: () =>
      column([
        text('Clean', { id: 'title', height: 64 }),
        text('Everything here is labelled', { id: 'summary' }),
        input('name', { hint: 'Full name' }),
        image('Share receipt', { id: 'share', height: 64, onClick: () => undefined }),
        row(
          [
            button('Edit address', undefined, { id: 'edit_address' }),
            button('Edit payment', undefined, { id: 'edit_payment' }),
          ],
          {
            id: 'actions',
            height: 56,
          },
        ),
        button('Done', (ctx) => ctx.finish(), { id: 'done' }),
      ]),
  },
});
