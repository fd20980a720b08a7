/** The message of anything thrown: `Error.message`, else its string form. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
