/**
 * The catalogue against the source: every code droidproof throws, answers or
 * (as the virtual or Kotlin Operator) reports is catalogued, every catalogued
 * code is produced somewhere or reported by the released Operator, and a code
 * an Operator reports outside the catalogue keeps its verbatim value.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { throwIfFailed } from '../../src/actuator/device/device.js';
import type { ExecutionResult } from '../../src/actuator/execution/engine.js';
import { ExecutionFailedError } from '../../src/actuator/execution/errors.js';
import { ResultEnvelopeSchema } from '../../src/contract/envelope.js';
import { codeFromDevice, ERROR_CODE_LIST, ERROR_CODES, isErrorCode } from '../../src/contract/error-codes.js';

const ROOT = resolve(import.meta.dirname, '../..');

async function sources(dir: string, keep: (name: string) => boolean): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && keep(path)) files.set(relative(ROOT, path), await readFile(path, 'utf8'));
  }
  return files;
}

const typescript = () => sources('src', (path) => /\.c?ts$/.test(path) && !path.endsWith('.test.ts'));
const kotlin = () =>
  sources('android-operator', (path) => path.endsWith('.kt') && path.includes('/src/main/'));

const CODE = '([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)';
/** Where a source names an error code: thrown, answered, returned in a step, or declared as one. */
const CODE_SITES = [
  // new DroidproofError('X', ...), new ServeRequestError(400, 'X', ...), super('X', ...), fail('X', ...)
  new RegExp(String.raw`(?:Error|Failure|super|fail|invalid)\(\s*(?:\d+,\s*)?['"]${CODE}['"]`, 'g'),
  // returnedFailure(step, 'X', ...) (virtual Operator), step.returnedFailure("X", ...) (Kotlin)
  new RegExp(String.raw`[rR]eturnedFailure\(\s*(?:\w+,\s*)?['"]${CODE}['"]`, 'g'),
  // { code: 'X' }, errorCode = 'X'
  new RegExp(String.raw`\b(?:code|errorCode)\??\s*[:=]\s*['"]${CODE}['"]`, 'g'),
  // LeaseErrorCode-style tables and Kotlin's ErrorCodes object: X: 'X', const val X = "X"
  new RegExp(String.raw`\b${CODE}(?::\s*|\s*=\s*)['"]\1['"]`, 'g'),
];

/**
 * Code-shaped strings that are not droidproof's: the failure reasons the virtual Android's `pm install`
 * prints (`Failure [INSTALL_FAILED_OLDER_SDK: ...]`), and the SSE heartbeat's `CONNECTED` (003:9295).
 */
const NOT_ERROR_CODES = /^(INSTALL_(PARSE_)?FAILED_[A-Z_]+|CONNECTED)$/;

function codesNamedIn(files: Map<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [path, text] of files) {
    for (const site of CODE_SITES) {
      for (const [, code] of text.matchAll(site)) if (!NOT_ERROR_CODES.test(code!)) found.set(code!, path);
    }
  }
  return found;
}

/** The catalogue file without its table: what the rest of that module produces. */
function withoutTable(text: string): string {
  return text.replace(/export const ERROR_CODES = \{[\s\S]*?\} as const satisfies/, '');
}

describe('the error-code catalogue against the source', () => {
  it('catalogues every code the host, the virtual device and the Kotlin Operator name', async () => {
    const named = codesNamedIn(new Map([...(await typescript()), ...(await kotlin())]));
    // The scan sees each kind of site: host throws, lease tables, serve wrappers, both Operators.
    for (const code of ['NODE_NOT_FOUND', 'LEASE_TIMEOUT', 'INVALID_BODY', 'RECORDING_START_FAILED']) {
      expect(named.has(code), code).toBe(true);
    }
    const uncatalogued = [...named].filter(([code]) => !isErrorCode(code)).map(([c, at]) => `${c} (${at})`);
    expect(uncatalogued).toEqual([]);
  });

  it('keeps only codes something can produce: droidproof, its Operators, or the released Operator', async () => {
    const texts = [...(await typescript()), ...(await kotlin())].map(([path, text]) =>
      path.endsWith('error-codes.ts') ? withoutTable(text) : text,
    );
    const produced = (code: string) =>
      texts.some((text) => new RegExp(String.raw`['"]${code}['"]|\.${code}\b`).test(text));
    const unproduced = ERROR_CODE_LIST.filter(
      (code) => !produced(code) && !('reportedBy' in ERROR_CODES[code]),
    );
    expect(unproduced).toEqual([]);
  });

  it('gives every code a meaning and a source', () => {
    for (const code of ERROR_CODE_LIST) {
      const info = ERROR_CODES[code];
      expect(info.meaning.length, code).toBeGreaterThan(10);
      expect(info.source, code).toMatch(/^(00\d:\d+|docs\/[\w-]+\.md(#[\w-]+)?)$/);
    }
  });
});

describe('codes an Operator reports', () => {
  const failed = (errorCode: string) =>
    ({
      deviceId: 'emulator-5554',
      envelope: ResultEnvelopeSchema.parse({
        commandId: 'c1',
        taskId: 't1',
        status: 'failed',
        stepResults: [{ id: 'a1', actionType: 'click', success: false, data: { errorCode } }],
        error: 'the Operator says no',
        errorCode,
      }),
    }) as unknown as ExecutionResult;

  function thrown(result: ExecutionResult): ExecutionFailedError {
    try {
      throwIfFailed(result);
    } catch (error) {
      if (error instanceof ExecutionFailedError) return error;
      throw error;
    }
    throw new Error('throwIfFailed accepted a failed envelope');
  }

  it('keep a catalogued code as the error code, and the verbatim code as deviceCode', () => {
    const error = thrown(failed('NODE_NOT_FOUND'));
    expect(error.code).toBe('NODE_NOT_FOUND');
    expect(error.deviceCode).toBe('NODE_NOT_FOUND');
  });

  it('map a code outside the catalogue to OPERATOR_CODE_UNCATALOGUED, keeping it as deviceCode', () => {
    const error = thrown(failed('FUTURE_OPERATOR_CODE'));
    expect(error.code).toBe('OPERATOR_CODE_UNCATALOGUED');
    expect(error.deviceCode).toBe('FUTURE_OPERATOR_CODE');
    expect(error.toJSON().details.deviceCode).toBe('FUTURE_OPERATOR_CODE');
    expect(codeFromDevice('toString')).toBe('OPERATOR_CODE_UNCATALOGUED');
  });
});
