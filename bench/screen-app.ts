/**
 * A bench app whose screen the host changes between calls, so no cache on the
 * device can answer a snapshot: a list of `rows` rows (row > title, summary),
 * each showing the current tick. `changeScreen` bumps the tick in the running
 * app, as a timer or a push message would on a phone.
 */
import {
  type AppDefinition,
  column,
  defineApp,
  row,
  scroll,
  text,
} from '../src/virtual-device/android/index.js';
import type { VirtualDevice } from '../src/virtual-device/device.js';

interface TickState {
  tick: number;
}

export function listApp(packageName: string, rows: number): AppDefinition {
  return defineApp<TickState>({
    packageName,
    label: `Bench ${rows}`,
    versionName: '1.0.0',
    initialState: () => ({ tick: 0 }),
    screens: {
      main: (s) =>
        column([
          text(`Tick ${s.tick}`, { id: 'tick', height: 64 }),
          scroll(
            'list',
            Array.from({ length: rows }, (_, i) =>
              row([text(`Item ${i} @${s.tick}`, { id: 'title' }), text(`Summary ${i}`, { id: 'summary' })]),
            ),
          ),
        ]),
    },
  }) as AppDefinition;
}

/** Changes what `packageName` shows (its tick) without any adb traffic. */
export function changeScreen(vd: VirtualDevice, packageName: string): void {
  const app = vd.android.activities.app(packageName);
  if (!app) throw new Error(`${packageName} is not running`);
  (app.state as TickState).tick++;
  vd.android.ui.invalidate();
}

/** Nodes in a snapshot's tree. */
export function nodeCount(roots: readonly { children: readonly unknown[] }[]): number {
  return roots.reduce(
    (n, node) => n + 1 + nodeCount(node.children as readonly { children: readonly unknown[] }[]),
    0,
  );
}
