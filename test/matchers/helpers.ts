/** Runs an assertion that must fail and returns its message. */
export async function failureOf(assertion: Promise<unknown>): Promise<string> {
  try {
    await assertion;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the assertion to fail');
}

export const QUICK = { timeout: 120, interval: 40 };
