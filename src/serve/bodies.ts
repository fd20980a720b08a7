/**
 * Route-local request checks (seed 003 `/execute`, `/snapshot`, `/screenshot`):
 * each failure is a 400 wrapper with its own code, never a 500.
 */
import type { ErrorCode } from '../contract/error-codes.js';
import { ServeRequestError } from './errors.js';

export interface TargetFields {
  deviceId?: string;
  operatorPackage?: string;
}

function invalid(code: ErrorCode, message: string, field?: string): ServeRequestError {
  return new ServeRequestError(400, code, message, field === undefined ? {} : { field });
}

/** The body as an object; POST routes without a body get `{}` only where the seed allows it. */
export function objectBody(body: unknown, allowMissing: boolean): Record<string, unknown> {
  if (body === undefined && allowMissing) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('INVALID_BODY', 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export function targetFields(body: Record<string, unknown>): TargetFields {
  const { deviceId, operatorPackage } = body;
  if (deviceId !== undefined && typeof deviceId !== 'string') {
    throw invalid('INVALID_DEVICE_ID', "'deviceId' must be a string", 'deviceId');
  }
  if (
    operatorPackage !== undefined &&
    (typeof operatorPackage !== 'string' || operatorPackage.trim() === '')
  ) {
    throw invalid(
      'INVALID_OPERATOR_PACKAGE',
      "'operatorPackage' must be a non-empty string",
      'operatorPackage',
    );
  }
  return {
    ...(deviceId ? { deviceId } : {}),
    ...(operatorPackage === undefined ? {} : { operatorPackage }),
  };
}

export function executionField(body: Record<string, unknown>): unknown {
  if (body.execution === undefined || body.execution === null) {
    throw invalid('MISSING_EXECUTION', "Missing 'execution' in body", 'execution');
  }
  return body.execution;
}

export function screenshotPath(body: Record<string, unknown>): string | undefined {
  const { path } = body;
  if (path === undefined) return undefined;
  if (typeof path !== 'string' || path.trim() === '') {
    throw invalid('INVALID_PATH', "'path' must be a non-empty string", 'path');
  }
  return path;
}
