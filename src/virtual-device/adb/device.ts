import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import type { DeviceServices } from '../services.js';
import { DeviceFaults } from './faults.js';
import { type OpenedService, openService } from './services/index.js';
import { WorkCounter } from './work-counter.js';

/** How the adbd answers the host's CNXN. */
export type AuthMode = 'none' | 'accept-any' | 'never';

/** What the real adb server would report for the device. */
export type ConnectionState = 'device' | 'offline' | 'unauthorized';

/** What this adbd implements, advertised in its banner (never `sendrecv_v2` or `delayed_ack`). */
export const DEFAULT_FEATURES: readonly string[] = [
  'shell_v2',
  'cmd',
  'stat_v2',
  'ls_v2',
  'fixed_push_mkdir',
  'abb_exec',
];

export interface AdbDeviceOptions {
  auth?: AuthMode;
  /** Banner features; defaults to `DEFAULT_FEATURES`. Leave one out to drive the client's fallbacks. */
  features?: readonly string[];
}

/**
 * One device as both front ends see it: its services, banner, auth mode,
 * presence, faults, and the sockets currently serving it (so a fault can
 * drop them). Emits `change` whenever what a device list shows changes.
 */
export class AdbDevice extends EventEmitter<{ change: [] }> {
  readonly auth: AuthMode;
  readonly features: readonly string[];
  readonly faults: DeviceFaults;
  /** Every service opened through either front end, and the programs the shell ran. */
  readonly work: WorkCounter;
  private readonly sockets = new Set<Socket>();
  private offlineMode: 'online' | 'listed' | 'unplugged' = 'online';

  constructor(
    readonly services: DeviceServices,
    options: AdbDeviceOptions = {},
  ) {
    super();
    this.auth = options.auth ?? 'none';
    this.features = options.features ?? DEFAULT_FEATURES;
    this.faults = new DeviceFaults(() => this.dropConnections());
    this.work = new WorkCounter(() => services.programRuns?.() ?? new Map());
  }

  /** Opens (and counts) a service; undefined when the device refuses it. */
  openService(name: string): OpenedService | undefined {
    const service = openService(name, this.services);
    if (service) this.work.service(name.replace(/\0+$/, ''));
    return service;
  }

  get serial(): string {
    return this.services.serial;
  }

  /** The device's `<systemtype>:<serialno>:<props>` CNXN banner. */
  get banner(): string {
    const { name, model, device } = this.services.product;
    return `device::ro.product.name=${name};ro.product.model=${model};ro.product.device=${device};features=${this.features.join(',')}`;
  }

  /** False while unplugged: the host front end does not list it at all. */
  get present(): boolean {
    return this.offlineMode !== 'unplugged';
  }

  get online(): boolean {
    return this.offlineMode === 'online';
  }

  get state(): ConnectionState {
    if (!this.online) return 'offline';
    return this.auth === 'never' ? 'unauthorized' : 'device';
  }

  /**
   * Takes the device offline: every connection drops and the adbd refuses new
   * ones until `goOnline()`. By default it is unplugged (gone from the host
   * front end's list); with `listed` it stays there as `offline`, the way the
   * real server shows a TCP device it lost.
   */
  goOffline(options: { listed?: boolean } = {}): void {
    this.offlineMode = options.listed ? 'listed' : 'unplugged';
    this.dropConnections();
    this.emit('change');
  }

  goOnline(): void {
    if (this.online) return;
    this.offlineMode = 'online';
    this.emit('change');
  }

  /** @internal A front end registers each socket that serves this device. */
  attach(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
