import type { Circus } from '@jest/types';

/** Jest's full test name (`AssertionResult.fullName`): describe titles and the test title, space-joined. */
export function jestFullName(test: Circus.TestEntry): string {
  const titles: string[] = [test.name];
  for (let block = test.parent; block.parent; block = block.parent) titles.unshift(block.name);
  return titles.join(' ');
}

export function errorMessage(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)
    ? String((error as { message: unknown }).message)
    : String(error);
}
