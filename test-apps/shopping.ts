/**
 * A shopping list for strict selection: the same item label and the same
 * "Add" button appear in several sections (nested containers with their own
 * ids), plus a field to add items and a cart counter.
 */
import { button, column, defineApp, input, row, scroll, text } from '../src/virtual-device/android/index.js';

interface ShoppingState {
  sections: Record<string, string[]>;
  cart: string[];
  draft: string;
}

export const shoppingApp = defineApp<ShoppingState>({
  packageName: 'com.droidproof.shopping',
  label: 'Shopping',
  versionName: '3.1.0',
  initialState: () => ({
    sections: {
      Fruit: ['Apples', 'Bananas', 'Milk'],
      Dairy: ['Milk', 'Butter', 'Apples'],
      Bakery: ['Bread', 'Milk'],
    },
    cart: [],
    draft: '',
  }),
  screens: {
    main: (s) =>
      column([
        text(`Cart: ${s.cart.length}`, { id: 'cart_count', height: 64 }),
        row([
          input('new_item', {
            hint: 'New item',
            text: s.draft,
            weight: 3,
            onText: (ctx, v) => ctx.set({ draft: v }),
          }),
          button(
            'Add item',
            (ctx) => {
              if (!ctx.state.draft) return ctx.toast('Type an item first');
              ctx.state.sections.Fruit = [...ctx.state.sections.Fruit, ctx.state.draft];
              ctx.set({ draft: '' });
            },
            { id: 'add_item' },
          ),
        ]),
        scroll(
          'shopping_list',
          Object.entries(s.sections).map(([section, items]) =>
            column(
              [
                text(section, { id: 'section_title' }),
                ...items.map((item) =>
                  row(
                    [
                      text(item, { id: 'item_name', weight: 3 }),
                      button<ShoppingState>(
                        'Add',
                        (ctx) => ctx.set({ cart: [...ctx.state.cart, `${section}/${item}`] }),
                        { id: 'add', desc: `Add ${item}` },
                      ),
                    ],
                    { id: 'item_row' },
                  ),
                ),
              ],
              { id: `section_${section.toLowerCase()}` },
            ),
          ),
        ),
      ]),
  },
});
