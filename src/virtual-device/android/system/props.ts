/** System properties (`getprop`), seeded with what automation clients read. */
export interface PropsOptions {
  serial: string;
  sdk?: number;
  release?: string;
  model?: string;
}

export class SystemProperties {
  private readonly values = new Map<string, string>();

  constructor(options: PropsOptions) {
    const sdk = options.sdk ?? 34;
    const model = options.model ?? 'droidproof Virtual Device';
    const entries: Array<[string, string]> = [
      ['dev.bootcomplete', '1'],
      ['init.svc.bootanim', 'stopped'],
      ['persist.sys.timezone', 'UTC'],
      ['ro.boot.serialno', options.serial],
      ['ro.build.characteristics', 'emulator'],
      [
        'ro.build.fingerprint',
        `droidproof/virtual/virtual:${options.release ?? '14'}/UP1A/1:userdebug/test-keys`,
      ],
      ['ro.build.id', 'UP1A.231005.007'],
      ['ro.build.type', 'userdebug'],
      ['ro.build.version.release', options.release ?? '14'],
      ['ro.build.version.sdk', String(sdk)],
      ['ro.debuggable', '1'],
      ['ro.hardware', 'ranchu'],
      ['ro.kernel.qemu', '1'],
      ['ro.product.brand', 'droidproof'],
      ['ro.product.cpu.abi', 'x86_64'],
      ['ro.product.device', 'virtual'],
      ['ro.product.manufacturer', 'droidproof'],
      ['ro.product.model', model],
      ['ro.product.name', 'droidproof_virtual'],
      ['ro.secure', '1'],
      ['ro.serialno', options.serial],
      ['sys.boot_completed', '1'],
    ];
    for (const [key, value] of entries) this.values.set(key, value);
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
  }

  /** All properties sorted by key, as `getprop` lists them. */
  entries(): Array<[string, string]> {
    return [...this.values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}
