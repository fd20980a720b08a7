/**
 * Semantic roles derived from class names. The seeds name `role` a
 * case-insensitive exact semantic role match (003:3732) and use `switch`,
 * `button`, `list` and `textfield` (003:1927, 3766, 3797, 4085) without a
 * table; this table is the project's decision (docs/selectors.md "Roles").
 *
 * The simple class name (after the last `.` and `$`) is tested against the
 * suffixes below in order; the first hit wins, so custom subclasses such as
 * `com.app.PrimaryButton` keep the role of their framework ancestor's name.
 * Roles are lower-case; a class that matches nothing has the role `view`.
 */

/** Ordered `[suffix, role]` rules; more specific suffixes come first. */
export const ROLE_RULES: readonly (readonly [suffix: string, role: string])[] = [
  ['RadioButton', 'radio'],
  ['ToggleButton', 'switch'],
  ['Switch', 'switch'],
  ['SwitchCompat', 'switch'],
  ['SwitchMaterial', 'switch'],
  ['CheckBox', 'checkbox'],
  ['CheckedTextView', 'checkbox'],
  ['Button', 'button'],
  ['EditText', 'textfield'],
  ['AutoCompleteTextView', 'textfield'],
  ['AutoComplete', 'textfield'],
  ['TextView', 'text'],
  ['ImageView', 'image'],
  ['RecyclerView', 'list'],
  ['ListView', 'list'],
  ['GridView', 'grid'],
  ['ScrollView', 'scrollview'],
  ['SeekBar', 'slider'],
  ['Slider', 'slider'],
  ['RatingBar', 'slider'],
  ['ProgressBar', 'progressbar'],
  ['Spinner', 'dropdown'],
  ['TabWidget', 'tablist'],
  ['TabLayout', 'tablist'],
  ['TabView', 'tab'],
  ['Toolbar', 'toolbar'],
  ['ViewPager', 'pager'],
  ['ViewPager2', 'pager'],
  ['WebView', 'webview'],
  ['Layout', 'container'],
  ['ViewGroup', 'container'],
  ['CardView', 'container'],
];

/** The role for nodes whose class is absent or matches no rule. */
export const DEFAULT_ROLE = 'view';

/** Memo of class name → role; bounded because class names come from untrusted XML. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 4096;

function simpleName(className: string): string {
  const cut = Math.max(className.lastIndexOf('.'), className.lastIndexOf('$'));
  return className.slice(cut + 1);
}

/** The semantic role of a class name (`undefined`: the class is unknown). */
export function roleOfClass(className: string | undefined): string {
  if (className === undefined) return DEFAULT_ROLE;
  let role = cache.get(className);
  if (role === undefined) {
    const name = simpleName(className);
    role = ROLE_RULES.find(([suffix]) => name.endsWith(suffix))?.[1] ?? DEFAULT_ROLE;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(className, role);
  }
  return role;
}
