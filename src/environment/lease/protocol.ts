import { z } from 'zod';

/**
 * The lease channel: newline-delimited JSON over a loopback TCP socket between
 * the broker (test runner main process) and each worker. A connection is one
 * worker; when it closes, for any reason including kill -9, its leases end.
 */

/** What a worker needs to drive a leased device through the actuator. */
export const DeviceDescriptorSchema = z.object({
  serial: z.string().min(1),
  adbHost: z.string().min(1),
  adbPort: z.number().int().min(1).max(65535),
  operatorPackage: z.string().min(1),
  dialect: z.enum(['androperator', 'clawperator']),
  model: z.string().optional(),
  source: z.string(),
  /** `droidproof` when adbHost:adbPort is droidproof's own adb front end rather than a real adb server. */
  adbServer: z.enum(['adb', 'droidproof']).optional(),
  /** The Operator's `versionName` as doctor read it before the hand-out, for evidence manifests. */
  operatorVersion: z.string().optional(),
});
export type DeviceDescriptor = z.infer<typeof DeviceDescriptorSchema>;

export const WorkerIdentitySchema = z.object({
  pid: z.number().int(),
  label: z.string(),
});
export type WorkerIdentity = z.infer<typeof WorkerIdentitySchema>;

/** The most devices one request may ask for (the virtual source's largest farm). */
export const MAX_SET_SIZE = 32;

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), secret: z.string(), worker: WorkerIdentitySchema }),
  z.object({
    type: z.literal('acquire'),
    requestId: z.string(),
    timeoutMs: z.number().int().positive(),
    holder: z.string().optional(),
    /** How many devices the set holds in all, `with` included; granted all at once or not at all. */
    count: z.number().int().min(1).max(MAX_SET_SIZE).default(1),
    /**
     * Leases this connection holds that belong to the set (a worker's own device). While the request
     * waits they may be lent to other such requests, so no worker waits while holding what others need.
     */
    with: z
      .array(z.string())
      .max(MAX_SET_SIZE - 1)
      .default([]),
  }),
  /** Withdraws a pending acquire (its test was aborted); a set granted meanwhile is released by the client. */
  z.object({ type: z.literal('cancel'), requestId: z.string() }),
  z.object({ type: z.literal('release'), leaseId: z.string() }),
  z.object({ type: z.literal('hold'), leaseId: z.string(), holder: z.string() }),
]);
export type ClientMessage = z.output<typeof ClientMessageSchema>;

export const ErrorPayloadSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).default({}),
});

export const BrokerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome') }),
  z.object({
    type: z.literal('granted'),
    requestId: z.string(),
    /** The new leases, in pool order (the request's `with` leases are not repeated). */
    leases: z.array(z.object({ leaseId: z.string(), device: DeviceDescriptorSchema })).min(1),
    /** A device the request brought (`with`) was driven by another worker's set while it waited. */
    ownLent: z.boolean().default(false),
  }),
  z.object({ type: z.literal('released'), leaseId: z.string() }),
  z.object({ type: z.literal('error'), requestId: z.string().optional(), error: ErrorPayloadSchema }),
]);
export type BrokerMessage = z.infer<typeof BrokerMessageSchema>;

/** Where workers find the broker; passed from global setup to workers through the environment. */
export const BrokerAddressSchema = z.object({
  host: z.literal('127.0.0.1'),
  port: z.number().int().min(1).max(65535),
  secret: z.string().min(32),
});
export type BrokerAddress = z.infer<typeof BrokerAddressSchema>;

export const BROKER_ADDRESS_ENV = 'DROIDPROOF_LEASE_BROKER';
