/**
 * HTTP status of an error code (seed 003 "HTTP Status Mapping"); every other
 * code is a host-side 500. Route-local wrapper codes carry their own status.
 */
import type { ErrorCode } from '../contract/error-codes.js';

const STATUS_BY_CODE: Readonly<Partial<Record<ErrorCode, number>>> = {
  EXECUTION_CONFLICT_IN_FLIGHT: 423,
  DEVICE_NOT_FOUND: 404,
  NO_DEVICES: 404,
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: 400,
  EXECUTION_VALIDATION_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  RESULT_ENVELOPE_TIMEOUT: 504,
  DEVICE_NOT_INTERACTIVE: 409,
};

export function httpStatusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 500;
}
