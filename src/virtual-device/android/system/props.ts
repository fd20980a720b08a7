/**
 * System properties (`getprop`), seeded with what an Android 14 (API 34)
 * Google APIs emulator image reports, so clients that read the build, the
 * product, the ABI and the boot state see a real phone's values.
 */
export interface PropsOptions {
  serial: string;
  sdk?: number;
  release?: string;
  model?: string;
}

/** `ro.build.fingerprint` and friends of the API 34 image; the release and SDK follow the options. */
const BUILD_ID = 'UE1A.230829.036.A1';
const INCREMENTAL = '11228894';

function seed(options: PropsOptions): Array<[string, string]> {
  const sdk = String(options.sdk ?? 34);
  const release = options.release ?? '14';
  const model = options.model ?? 'sdk_gphone64_x86_64';
  const fingerprint = `google/sdk_gphone64_x86_64/emu64xa:${release}/${BUILD_ID}/${INCREMENTAL}:userdebug/dev-keys`;
  return [
    ['dev.bootcomplete', '1'],
    ['init.svc.adbd', 'running'],
    ['init.svc.bootanim', 'stopped'],
    ['init.svc.zygote', 'running'],
    ['net.bt.name', 'Android'],
    ['persist.sys.dalvik.vm.lib.2', 'libart.so'],
    ['persist.sys.locale', 'en-US'],
    ['persist.sys.timezone', 'UTC'],
    ['persist.sys.usb.config', 'adb'],
    ['qemu.hw.mainkeys', '0'],
    ['ro.adb.secure', '1'],
    ['ro.boot.hardware', 'ranchu'],
    ['ro.boot.qemu', '1'],
    ['ro.boot.serialno', options.serial],
    ['ro.bootimage.build.fingerprint', fingerprint],
    ['ro.build.characteristics', 'emulator'],
    ['ro.build.date.utc', '1693358423'],
    ['ro.build.description', `sdk_gphone64_x86_64-userdebug ${release} ${BUILD_ID} ${INCREMENTAL} dev-keys`],
    ['ro.build.display.id', `sdk_gphone64_x86_64-userdebug ${release} ${BUILD_ID} ${INCREMENTAL} dev-keys`],
    ['ro.build.fingerprint', fingerprint],
    ['ro.build.flavor', 'sdk_gphone64_x86_64-userdebug'],
    ['ro.build.host', 'abfarm-release-2004-0054'],
    ['ro.build.id', BUILD_ID],
    ['ro.build.product', 'emu64xa'],
    ['ro.build.tags', 'dev-keys'],
    ['ro.build.type', 'userdebug'],
    ['ro.build.user', 'android-build'],
    ['ro.build.version.codename', 'REL'],
    ['ro.build.version.incremental', INCREMENTAL],
    ['ro.build.version.preview_sdk', '0'],
    ['ro.build.version.release', release],
    ['ro.build.version.release_or_codename', release],
    ['ro.build.version.sdk', sdk],
    ['ro.build.version.security_patch', '2023-09-05'],
    ['ro.config.ringtone', '_ringtone.ogg'],
    ['ro.crypto.state', 'encrypted'],
    ['ro.debuggable', '1'],
    ['ro.hardware', 'ranchu'],
    ['ro.kernel.qemu', '1'],
    ['ro.opengles.version', '196610'],
    ['ro.product.board', 'goldfish_x86_64'],
    ['ro.product.brand', 'google'],
    ['ro.product.cpu.abi', 'x86_64'],
    ['ro.product.cpu.abilist', 'x86_64,arm64-v8a'],
    ['ro.product.cpu.abilist32', ''],
    ['ro.product.cpu.abilist64', 'x86_64,arm64-v8a'],
    ['ro.product.device', 'emu64xa'],
    ['ro.product.first_api_level', sdk],
    ['ro.product.locale', 'en-US'],
    ['ro.product.manufacturer', 'Google'],
    ['ro.product.model', model],
    ['ro.product.name', 'sdk_gphone64_x86_64'],
    ['ro.revision', '0'],
    ['ro.secure', '1'],
    ['ro.serialno', options.serial],
    ['ro.sf.lcd_density', '420'],
    ['ro.system.build.fingerprint', fingerprint],
    ['ro.vendor.build.fingerprint', fingerprint],
    ['ro.zygote', 'zygote64'],
    ['service.bootanim.exit', '1'],
    ['sys.boot_completed', '1'],
    ['sys.usb.config', 'adb'],
    ['sys.usb.state', 'adb'],
  ];
}

export class SystemProperties {
  private readonly values = new Map<string, string>();

  constructor(options: PropsOptions) {
    for (const [key, value] of seed(options)) this.values.set(key, value);
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
