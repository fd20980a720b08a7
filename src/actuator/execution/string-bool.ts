/** Android step data carries booleans as strings; anything but "true"/"false" is unknown (null), never false. */
export function stringBool(value: unknown): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}
