/**
 * The live-template grammar of `set_on_screen_log` (seed 003:3359-3395):
 * `{{name}}` with one of nine names, `{{{{` and `}}}}` as escaped braces,
 * single braces literal. Anything else with double braces is malformed.
 */

/** The nine supported placeholders (003:3366-3374). */
export const ON_SCREEN_LOG_PLACEHOLDERS = [
  'foreground_app.icon',
  'foreground_app.package_name',
  'foreground_app.version_code',
  'foreground_app.version_name',
  'device.manufacturer',
  'device.model',
  'system.language_code',
  'system.language_tag',
  'system.language_name',
] as const;
export type OnScreenLogPlaceholder = (typeof ON_SCREEN_LOG_PLACEHOLDERS)[number];

/** Returns null when the template is well-formed, else a message listing the supported names. */
export function templateProblem(template: string): string | null {
  let i = 0;
  while (i < template.length) {
    if (template.startsWith('{{{{', i) || template.startsWith('}}}}', i)) {
      i += 4;
    } else if (template.startsWith('{{', i)) {
      const close = template.indexOf('}}', i + 2);
      const name = close < 0 ? '' : template.slice(i + 2, close);
      if (!(ON_SCREEN_LOG_PLACEHOLDERS as readonly string[]).includes(name)) {
        return `template placeholder at offset ${i} is unknown or malformed; supported: ${ON_SCREEN_LOG_PLACEHOLDERS.join(', ')}`;
      }
      i = close + 2;
    } else if (template.startsWith('}}', i)) {
      return `template has an unmatched '}}' at offset ${i}; write '}}}}' for a literal '}}'`;
    } else {
      i += 1;
    }
  }
  return null;
}
