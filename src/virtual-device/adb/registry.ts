import { EventEmitter } from 'node:events';
import type { AdbDevice } from './device.js';

/** A device as the host front end lists it. */
export interface RegisteredDevice {
  readonly device: AdbDevice;
  /** Like the real server's, it changes whenever the device is plugged in again. */
  readonly transportId: number;
  /** The device's own adbd port, so `host:connect` can recognise it. */
  readonly adbdPort?: number;
}

/**
 * The devices the host front end serves, in the order they were added.
 * Emits `change` whenever a device comes, goes, or changes state.
 */
export class DeviceRegistry extends EventEmitter<{ change: [] }> {
  private readonly entries = new Map<
    AdbDevice,
    { transportId: number; adbdPort?: number; onChange: () => void }
  >();
  private lastTransportId = 0;

  add(device: AdbDevice, adbdPort?: number): void {
    const onChange = () => {
      const entry = this.entries.get(device);
      if (entry && !device.present) entry.transportId = 0;
      else if (entry && entry.transportId === 0) entry.transportId = ++this.lastTransportId;
      this.emit('change');
    };
    this.entries.set(device, { transportId: ++this.lastTransportId, adbdPort, onChange });
    device.on('change', onChange);
    this.emit('change');
  }

  remove(device: AdbDevice): void {
    const entry = this.entries.get(device);
    if (!entry) return;
    device.off('change', entry.onChange);
    this.entries.delete(device);
    this.emit('change');
  }

  /** Devices currently plugged in (online, offline-but-listed, or unauthorized). */
  list(): RegisteredDevice[] {
    return [...this.entries]
      .filter(([device]) => device.present)
      .map(([device, { transportId, adbdPort }]) => ({ device, transportId, adbdPort }));
  }

  /** Every device, plugged in or not (for `host:connect`). */
  all(): RegisteredDevice[] {
    return [...this.entries].map(([device, { transportId, adbdPort }]) => ({
      device,
      transportId,
      adbdPort,
    }));
  }
}
