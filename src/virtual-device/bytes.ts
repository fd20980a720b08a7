/**
 * Text and bytes joined into one UTF-8 buffer, sized first and written in
 * place: no joined string on the way (a copy of every part, and young-generation
 * garbage when the parts are large).
 */
export function joinBytes(parts: readonly (Buffer | string)[]): Buffer {
  let total = 0;
  for (const part of parts) total += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  for (const part of parts) at += typeof part === 'string' ? out.write(part, at) : part.copy(out, at);
  return out;
}
