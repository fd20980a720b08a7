/**
 * The selector engine on the virtual device's own XML (issue 2, issue 15):
 * a list app on an in-memory virtual device (no adb) whose screen changes
 * every round, so each round serializes and parses a new dump, exactly as
 * the device's `snapshot` writes it and the host reads it. Interleaved per
 * round: the device-side serialization of a ~3,000-node screen, and the
 * host-side parse plus one strict resolution of a ~5,000-node screen.
 * Goals: serialize 3,000 nodes under 10 ms; parse + strict resolve of
 * 5,000 nodes under 60 ms (>= 25 MB/s).
 *
 *   npx tsx bench/selectors.ts [--runs 30]
 */
import { parseArgs } from 'node:util';
import { parseHierarchyXml, resolveNodes, toHierarchyXml } from '../src/contract/selector/index.js';
import { createVirtualDevice } from '../src/virtual-device/device.js';
import { interleave, ms, row } from './report.js';
import { changeScreen, listApp, nodeCount } from './screen-app.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);

/** One virtual device per screen size, each showing its list app in the foreground. */
function screen(packageName: string, rows: number) {
  const vd = createVirtualDevice({ serial: packageName, apps: [listApp(packageName, rows)] });
  vd.android.activities.start({ packageName });
  return {
    /** The app changes what it shows; the device builds its accessibility tree afresh. */
    change: () => {
      changeScreen(vd, packageName);
      return vd.android.ui.hierarchy();
    },
    dispose: () => vd.dispose(),
  };
}

const medium = screen('com.droidproof.bench.medium', 999);
const large = screen('com.droidproof.bench.large', 1640);
try {
  let mediumTree = medium.change();
  let largeXml = toHierarchyXml(large.change());
  const target = 'Summary 1476';
  const figures = await interleave(
    {
      change: async () => {
        mediumTree = medium.change();
        largeXml = toHierarchyXml(large.change());
      },
      // What a writer pays in full: building the string and encoding it (which flattens it).
      serialize: async () => Buffer.byteLength(toHierarchyXml(mediumTree), 'utf8'),
      parse: async () => {
        const { target: hit } = resolveNodes(
          parseHierarchyXml(largeXml),
          { textEquals: target },
          {
            visibility: 'all',
            strict: true,
          },
        );
        if (hit.node.text !== target) throw new Error(`unexpected match ${hit.path}`);
      },
    },
    runs,
  );
  const mediumNodes = nodeCount(mediumTree.roots);
  const largeNodes = nodeCount(parseHierarchyXml(largeXml).roots);
  const megabytes = Buffer.byteLength(largeXml, 'utf8') / 1e6;
  row({
    bench: 'selectors',
    figure: `serialize a changed ${mediumNodes}-node screen (device)`,
    value: ms(figures.serialize),
    goal: '< 10 ms',
    ok: figures.serialize.median < 10,
  });
  row({
    bench: 'selectors',
    figure: `parse + strict resolve, ${largeNodes} nodes, ${megabytes.toFixed(1)} MB`,
    value: `${ms(figures.parse)} = ${(megabytes / (figures.parse.median / 1000)).toFixed(0)} MB/s`,
    goal: '< 60 ms',
    ok: figures.parse.median < 60,
  });
} finally {
  medium.dispose();
  large.dispose();
}
