/**
 * Selector engine benchmark (issue 2): parse a 5,000-node UI Automator
 * hierarchy (~1.7 MB XML) and run one strict resolution, median of N runs
 * after warm-up. Target: parse + one resolution under 60 ms (>= 25 MB/s).
 * Also serializes 3,000- and 5,000-node hierarchies (`toHierarchyXml`, the
 * virtual Operator's `snapshot`), including the UTF-8 encoding that flattens
 * the built string as any writer would. Target: 3,000 nodes under 10 ms.
 *
 *   npx tsx bench/selectors.ts [--nodes 5000] [--runs 30]
 */
import { parseArgs } from 'node:util';
import {
  parseHierarchyXml,
  resolveNodes,
  toHierarchyXml,
  type UiNode,
} from '../src/contract/selector/index.js';

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '5000' }, runs: { type: 'string', default: '30' } },
});
const nodeCount = Number(values.nodes);
const runs = Number(values.runs);

const PKG = 'com.example.settings';
const SCREEN_HEIGHT = 2400;
const ROW_HEIGHT = 160;

/** A settings-like screen: root > content > list > rows (row > icon, title, summary, switch). */
function generateHierarchy(total: number): UiNode {
  const base = { package: PKG, enabled: true, focused: false, password: false, selected: false };
  const flags = (clickable: boolean) => ({
    ...base,
    checkable: false,
    checked: false,
    clickable,
    focusable: clickable,
  });
  const rows: UiNode[] = [];
  const list: UiNode = {
    index: 0,
    text: '',
    resourceId: `${PKG}:id/list`,
    className: 'androidx.recyclerview.widget.RecyclerView',
    packageName: PKG,
    contentDesc: '',
    ...flags(false),
    scrollable: true,
    bounds: { left: 0, top: 200, right: 1080, bottom: SCREEN_HEIGHT },
    children: rows,
  };
  const root: UiNode = {
    index: 0,
    className: 'android.widget.FrameLayout',
    packageName: PKG,
    ...flags(false),
    bounds: { left: 0, top: 0, right: 1080, bottom: SCREEN_HEIGHT },
    children: [
      {
        index: 0,
        className: 'android.widget.LinearLayout',
        packageName: PKG,
        ...flags(false),
        bounds: { left: 0, top: 0, right: 1080, bottom: SCREEN_HEIGHT },
        children: [list],
      },
    ],
  };
  let count = 3;
  for (let r = 0; count < total; r++) {
    const top = 200 + r * ROW_HEIGHT;
    const visible = top < SCREEN_HEIGHT;
    const box = (left: number, right: number, dy = 0, h = ROW_HEIGHT) => ({
      left,
      top: top + dy,
      right,
      bottom: top + dy + h,
    });
    const leaf = (index: number, className: string, fields: Partial<UiNode>): UiNode => ({
      index,
      text: '',
      resourceId: '',
      className,
      packageName: PKG,
      contentDesc: '',
      ...flags(false),
      visibleToUser: visible,
      ...fields,
      children: [],
    });
    const children = [
      leaf(0, 'android.widget.ImageView', { resourceId: 'android:id/icon', bounds: box(40, 120, 40, 80) }),
      leaf(1, 'android.widget.TextView', {
        text: `Setting ${r}`,
        resourceId: 'android:id/title',
        bounds: box(160, 800, 20, 60),
      }),
      leaf(2, 'android.widget.TextView', {
        text: `Summary of setting ${r}`,
        resourceId: 'android:id/summary',
        bounds: box(160, 800, 80, 50),
      }),
      leaf(3, 'android.widget.Switch', {
        resourceId: 'android:id/switch_widget',
        ...flags(true),
        checkable: true,
        checked: r % 3 === 0,
        bounds: box(900, 1040, 40, 80),
      }),
    ].slice(0, Math.max(1, total - count - 1));
    rows.push({
      index: r,
      text: '',
      resourceId: '',
      className: 'android.widget.LinearLayout',
      packageName: PKG,
      contentDesc: '',
      ...flags(true),
      visibleToUser: visible,
      bounds: box(0, 1080),
      children,
    });
    count += 1 + children.length;
  }
  return root;
}

function countNodes(node: UiNode): number {
  return 1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
}

const xml = toHierarchyXml({ rotation: 0, roots: [generateHierarchy(nodeCount)] });
const bytes = Buffer.byteLength(xml, 'utf8');
const target = Math.floor((nodeCount / 5) * 0.9);
const matcher = { textEquals: `Setting ${target}`, ancestor: { role: 'list' } };

/** Sorted wall times of `runs` calls of `task` after 10 warm-up calls. */
function measure(task: () => void): number[] {
  const time = () => {
    const start = performance.now();
    task();
    return performance.now() - start;
  };
  for (let i = 0; i < 10; i++) time();
  return Array.from({ length: runs }, time).sort((a, b) => a - b);
}

function summary(times: number[]): string {
  const median = times[Math.floor(times.length / 2)];
  return `${median.toFixed(2)} ms (min ${times[0].toFixed(2)}, max ${times[times.length - 1].toFixed(2)})`;
}

const nodes = countNodes(parseHierarchyXml(xml).roots[0]);
const times = measure(() => {
  const hierarchy = parseHierarchyXml(xml);
  const { target: hit } = resolveNodes(hierarchy, matcher, { visibility: 'all', strict: true });
  if (!hit.path.startsWith('0.0.0.')) throw new Error(`unexpected match ${hit.path}`);
});
const median = times[Math.floor(times.length / 2)];
const megabytes = bytes / 1e6;
console.log(`hierarchy: ${nodes} nodes, ${megabytes.toFixed(2)} MB XML`);
console.log(`parse + strict resolve (median of ${runs}): ${summary(times)}`);
console.log(
  `throughput: ${Math.round(nodes / (median / 1000)).toLocaleString('en-US')} nodes/s, ${(megabytes / (median / 1000)).toFixed(1)} MB/s`,
);
console.log(`target < 60 ms (>= 25 MB/s): ${median < 60 ? 'met' : 'MISSED'}`);

for (const size of [3000, 5000]) {
  const hierarchy = { rotation: 0, roots: [generateHierarchy(size)] };
  const serialized = measure(() => Buffer.byteLength(toHierarchyXml(hierarchy), 'utf8'));
  const verdict =
    size === 3000 ? ` (target < 10 ms: ${serialized[Math.floor(runs / 2)] < 10 ? 'met' : 'MISSED'})` : '';
  console.log(`serialize ${size} nodes (median of ${runs}): ${summary(serialized)}${verdict}`);
}
