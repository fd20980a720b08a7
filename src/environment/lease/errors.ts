import { DroidproofError } from '../../contract/errors.js';

/** Stable codes of the lease layer (the Operator catalogue lives in src/contract). */
export const LeaseErrorCode = {
  /** No device became free within the acquire timeout; details name who holds what. */
  LEASE_TIMEOUT: 'LEASE_TIMEOUT',
  /** Every device in the pool failed its health checks; details list the reasons. */
  NO_HEALTHY_DEVICES: 'NO_HEALTHY_DEVICES',
  /** The pool is empty: the device source found nothing to lease. */
  NO_DEVICES: 'NO_DEVICES',
  /** A client presented the wrong per-run secret, or none within the authentication deadline. */
  LEASE_AUTH_FAILED: 'LEASE_AUTH_FAILED',
  /** The broker cannot be reached, or closed the connection while a request was pending. */
  LEASE_BROKER_UNAVAILABLE: 'LEASE_BROKER_UNAVAILABLE',
  /** A message on the lease channel did not parse. */
  LEASE_PROTOCOL_ERROR: 'LEASE_PROTOCOL_ERROR',
  /** A release or hold named a lease this connection does not hold (another worker's, or one already ended). */
  LEASE_NOT_HELD: 'LEASE_NOT_HELD',
  /** A request asked for more devices at once than the pool has healthy ones; it could never be granted. */
  LEASE_POOL_TOO_SMALL: 'LEASE_POOL_TOO_SMALL',
  /** The worker withdrew a pending request (its test was aborted while it waited for devices). */
  LEASE_CANCELLED: 'LEASE_CANCELLED',
  /** The broker is shutting down. */
  LEASE_BROKER_CLOSED: 'LEASE_BROKER_CLOSED',
} as const;
export type LeaseErrorCode = (typeof LeaseErrorCode)[keyof typeof LeaseErrorCode];

export class LeaseError extends DroidproofError {
  declare readonly code: LeaseErrorCode;
  constructor(code: LeaseErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(code, message, details);
  }
}
