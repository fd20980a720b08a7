import { describe, expect, it } from 'vitest';
import { HierarchyLineCollector } from '../../../src/actuator/logcat/hierarchy-lines.js';

const MARKER = '[TaskScope] UI Hierarchy:';
const XML = [
  "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
  '<hierarchy rotation="0">',
  '<node text="A" />',
  '</hierarchy>',
];

function feed(collector: HierarchyLineCollector, lines: string[]) {
  return lines.map((line) => collector.push(line)).filter((capture) => capture !== undefined);
}

describe('HierarchyLineCollector', () => {
  it('reads a threadtime capture, skipping other processes in between', () => {
    const head = '12-01 03:04:05.678  4321  4330 D TaskScopeDefault: ';
    const captures = feed(new HierarchyLineCollector(MARKER), [
      `${head}${MARKER}`,
      `${head}${XML[0]}`,
      '12-01 03:04:05.679   100   101 I ActivityManager: something else',
      `${head}${XML[1]}`,
      `${head}${XML[2]}`,
      `${head}${XML[3]}`,
    ]);
    expect(captures).toEqual([{ commandId: undefined, xml: XML.join('\n') }]);
  });

  it('reads the seeds marker with a commandId, in the tag format', () => {
    const captures = feed(new HierarchyLineCollector(MARKER), [
      'D/TaskScopeDefault: [TaskScope] UI Hierarchy [commandId=c-7]:',
      ...XML.map((line) => `D/TaskScopeDefault: ${line}`),
    ]);
    expect(captures).toEqual([{ commandId: 'c-7', xml: XML.join('\n') }]);
  });

  it('ends an unfinished capture at the next bracketed message of the same tag, or on flush', () => {
    const collector = new HierarchyLineCollector(MARKER);
    const captures = feed(collector, [
      `D/TaskScopeDefault: ${MARKER}`,
      `D/TaskScopeDefault: ${XML[1]}`,
      'D/TaskScopeDefault: [TaskScope] Paused for 5ms',
    ]);
    expect(captures).toEqual([{ commandId: undefined, xml: XML[1] }]);
    collector.push(`D/TaskScopeDefault: ${MARKER}`);
    collector.push(`D/TaskScopeDefault: ${XML[1]}`);
    expect(collector.flush()).toEqual({ commandId: undefined, xml: XML[1] });
    expect(collector.flush()).toBeUndefined();
  });
});
