/** Text helpers shared by the HTML and JUnit renderers. */

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
/** Characters XML 1.0 cannot carry at all, even escaped. */
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Removes terminal colour codes and XML-invalid control characters. */
export function cleanText(text: string): string {
  return text.replace(ANSI, '').replace(XML_INVALID, '');
}

/** Escapes text for XML and HTML attribute values and element content. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeMarkup(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A path for a link or attachment line: forward slashes on every platform. */
export function portablePath(path: string): string {
  return path.split('\\').join('/');
}
