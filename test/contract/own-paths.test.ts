/** Errors shown to users never name where droidproof is installed; the user's own paths stay as they are. */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ExecutionFailedError } from '../../src/actuator/execution/errors.js';
import { packagedApkCandidates } from '../../src/cli/commands/operator-install.js';
import { DroidproofError } from '../../src/contract/errors.js';
import { withoutOwnPaths } from '../../src/contract/own-paths.js';

const ROOT = resolve(import.meta.dirname, '../..');
const internal = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const dependency = join(ROOT, 'node_modules', '@devicefarmer', 'adbkit', 'dist', 'index.js');

describe('droidproof install paths in error messages', () => {
  it("shows droidproof's own dist, src, operator and node_modules files relative to the package", () => {
    expect(withoutOwnPaths(`Cannot find module '${internal}' imported from ${dependency}`)).toBe(
      "Cannot find module 'droidproof/dist/src/cli/main.js' imported from droidproof/node_modules/@devicefarmer/adbkit/dist/index.js",
    );
    expect(withoutOwnPaths(`failed to load ${pathToFileURL(internal).href}`)).toBe(
      'failed to load droidproof/dist/src/cli/main.js',
    );
    // OPERATOR_APK_NOT_FOUND lists where it looked: the package's own operator/ folder.
    expect(packagedApkCandidates('1.2.3').map(withoutOwnPaths)).toContain(
      'droidproof/operator/droidproof-operator-1.2.3.apk',
    );
  });

  it("keeps the user's own paths, also beside droidproof's folders", () => {
    const own = join(ROOT, 'test', 'device.test.ts');
    const elsewhere = '/home/ada/app/device-tests/login.test.ts';
    expect(withoutOwnPaths(`${own} and ${elsewhere}`)).toBe(`${own} and ${elsewhere}`);
  });

  it('applies to every DroidproofError, including one wrapping a foreign error, and its stack', () => {
    const error = new DroidproofError('INTERNAL_ERROR', `ENOENT: no such file, open '${internal}'`);
    expect(error.message).toBe("ENOENT: no such file, open 'droidproof/dist/src/cli/main.js'");
    // The stack's frames name source files, as any stack does; its first line is the message.
    expect(error.stack?.split('\n')[0]).not.toContain(ROOT);
    const wrapped = ExecutionFailedError.from(new Error(`read ${dependency} failed`), {
      phase: 'dispatch',
      dispatchState: 'unknown',
    });
    expect(wrapped.code).toBe('RESULT_TRANSPORT_FAILED');
    expect(wrapped.message).not.toContain(ROOT);
  });
});
