import { connectDevice } from '../src/actuator/connect.js';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { startPrivateAdbServer } from '../test/virtual-device/adb-server.js';
import { TEST_APPS } from '../test-apps/index.js';
import { changeScreen, listApp } from './screen-app.js';

const APP = 'com.droidproof.bench.small';
const server = await startPrivateAdbServer();
let vd!: VirtualDevice;
const farm = await startVirtualFarm({
  devices: 1,
  adbServerPort: server.port,
  createDevice: (serial) => (vd = createVirtualDevice({ serial, apps: [...TEST_APPS, listApp(APP, 30)] })),
});
const device = await connectDevice({ adbPort: server.port, serial: farm.devices[0]!.adbServerSerial });
await device.openApp(APP);
for (let i = 0; i < 10; i++) {
  changeScreen(vd, APP);
  await device.snapshot();
}
const { Session } = await import('node:inspector/promises');
const s = new Session();
s.connect();
await s.post('Profiler.enable');
await s.post('Profiler.start');
const t = performance.now();
for (let i = 0; i < 100; i++) {
  changeScreen(vd, APP);
  await device.snapshot();
}
console.log('per snapshot', (performance.now() - t) / 100);
const { profile } = await s.post('Profiler.stop');
(await import('node:fs')).writeFileSync('/tmp/perfwork/small.cpuprofile', JSON.stringify(profile));
device.close();
await farm.stop();
await server.stop();
