/** A stable 7-hex-digit identity hash, like `Window{a1b2c3d u0 ...}` or `Package{e4f5a6b ...}` print. */
export function identityHash(value: number | string): string {
  let n = typeof value === 'number' ? value + 1 : 0;
  if (typeof value === 'string') for (const c of value) n = (Math.imul(n, 31) + c.charCodeAt(0)) | 0;
  return ((Math.imul(n, 0x9e3779b1) >>> 0) & 0xfffffff).toString(16).padStart(7, '0');
}
