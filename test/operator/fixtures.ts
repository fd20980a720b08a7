/**
 * Small app models and helpers for the Operator tests: a launcher, a list
 * screen with duplicate labels and a long scroll list, a form with a text
 * field, and an `exec` helper that runs a payload straight through an
 * Operator (no adb) and returns its envelope.
 */
import {
  button,
  column,
  defineApp,
  input,
  row,
  scroll,
  text,
  toggle,
} from '../../src/virtual-device/android/index.js';
import {
  createVirtualDevice,
  type VirtualDevice,
  type VirtualDeviceOptions,
} from '../../src/virtual-device/device.js';
import type { ResultEnvelope } from '../../src/virtual-device/operator/envelope.js';
import { driveClock } from '../../src/virtual-device/operator/scripted-platform.js';

export const LAUNCHER = defineApp({
  packageName: 'com.example.launcher',
  label: 'Launcher',
  home: true,
  initialState: () => ({}),
  screens: { main: () => column([text('Home', { id: 'title' })]) },
});

export interface ListState {
  clicks: string[];
  wifi: boolean;
  typed: string;
  submitted: number;
}

/** `com.example.list`: duplicate "Open" buttons in two rows, a switch, a 60-row scroll list, a search field. */
export const LIST_APP = defineApp<ListState>({
  packageName: 'com.example.list',
  label: 'List',
  versionName: '2.1',
  versionCode: 21,
  initialState: () => ({ clicks: [], wifi: false, typed: '', submitted: 0 }),
  screens: {
    main: (state) =>
      column([
        text('Items', { id: 'title', height: 48 }),
        row(
          [
            text('Alpha', { id: 'name' }),
            button('Open', (ctx) => ctx.state.clicks.push('alpha'), { id: 'open' }),
          ],
          { id: 'row_alpha', height: 56 },
        ),
        row(
          [
            text('Beta', { id: 'name' }),
            button('Open', (ctx) => ctx.state.clicks.push('beta'), { id: 'open' }),
          ],
          { id: 'row_beta', height: 56 },
        ),
        row(
          [
            text('Wi-Fi', { id: 'label' }),
            toggle('wifi', state.wifi, (ctx) => ctx.set({ wifi: !ctx.state.wifi })),
          ],
          {
            id: 'row_wifi',
            height: 56,
          },
        ),
        input('search', {
          hint: 'Search',
          height: 56,
          onText: (ctx, value) => ctx.set({ typed: value }),
          onImeAction: (ctx) => ctx.set({ submitted: ctx.state.submitted + 1 }),
        }),
        row([text('Battery', { id: 'key' }), text('87 %', { id: 'value' })], {
          id: 'row_battery',
          height: 48,
        }),
        scroll(
          'list',
          Array.from({ length: 60 }, (_, i) =>
            button(`Item ${i + 1}`, (ctx) => ctx.state.clicks.push(`item${i + 1}`), {
              id: 'item',
              height: 56,
            }),
          ),
          { fill: true },
        ),
      ]),
  },
});

export function listState(device: VirtualDevice): ListState {
  return device.android.activities.app(LIST_APP.packageName)?.state as ListState;
}

let serial = 0;

/** A device with the fixture apps, the list app in the foreground and a manual clock. */
export function fixtureDevice(options: Partial<VirtualDeviceOptions> = {}): VirtualDevice {
  const device = createVirtualDevice({ serial: `unit-${++serial}`, apps: [LAUNCHER, LIST_APP], ...options });
  device.android.clock.setManual();
  device.android.activities.start({ packageName: LIST_APP.packageName });
  return device;
}

/** Sends a raw payload string to an Operator, moving the manual clock until it answers. */
export function send(
  device: VirtualDevice,
  payload: string,
  operatorPackage?: string,
): Promise<ResultEnvelope | undefined> {
  return driveClock(device.android.clock, device.operator(operatorPackage).receive(payload));
}

let commandCounter = 0;

/** An execution payload with fresh ids. */
export function payloadOf(
  actions: unknown[],
  timeoutMs = 30_000,
): { commandId: string; taskId: string } & Record<string, unknown> {
  const id = `cmd-${++commandCounter}`;
  return {
    commandId: id,
    taskId: id,
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions,
  };
}

/** Runs actions through the Operator's receiver path and returns the published envelope. */
export async function exec(
  device: VirtualDevice,
  actions: unknown[],
  extra: { timeoutMs?: number; operatorPackage?: string } = {},
): Promise<ResultEnvelope> {
  const envelope = await send(
    device,
    JSON.stringify(payloadOf(actions, extra.timeoutMs)),
    extra.operatorPackage,
  );
  if (!envelope) throw new Error('the Operator published no envelope');
  return envelope;
}

/** Result-line messages the Operator of `device` logged (oldest first). */
export function resultMessages(device: VirtualDevice, prefix = '[Androperator-Result'): string[] {
  return device.android.logcat
    .dump()
    .map((entry) => entry.message)
    .filter((message) => message.startsWith(prefix));
}

/** The data of step `index`. */
export function stepData(envelope: ResultEnvelope, index = 0): Record<string, string> {
  return envelope.stepResults[index].data;
}
