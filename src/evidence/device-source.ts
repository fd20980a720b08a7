/** Adapts the actuator's `Device` to the evidence port. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Device } from '../actuator/device/device.js';
import { withoutSnapshotXml } from './envelope-trim.js';
import type { EvidenceSource, TimelineEntry } from './source.js';

export interface DeviceSourceOptions {
  /** The Operator's version when the caller knows it (from doctor); otherwise the manifest records it as unavailable. */
  operatorVersion?: string;
}

export function deviceEvidenceSource(device: Device, options: DeviceSourceOptions = {}): EvidenceSource {
  return {
    async screenshot() {
      const dir = await mkdtemp(join(tmpdir(), 'droidproof-shot-'));
      try {
        const shot = await device.screenshot({ path: join(dir, 'screen.png') });
        return await readFile(shot.path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async hierarchy() {
      const snapshot = await device.snapshot();
      return {
        xml: snapshot.xml,
        commandId: snapshot.envelope.commandId,
        taskId: snapshot.envelope.taskId ?? null,
        result: withoutSnapshotXml(snapshot.envelope),
      };
    },
    async metadata() {
      const info = await device.info();
      return {
        ...info,
        operatorPackage: device.operatorPackage,
        operatorVersion: options.operatorVersion ?? null,
        display: { ...info.display, rotation: null },
      };
    },
    timeline(sinceMs): TimelineEntry[] {
      return device.timeline
        .since()
        .filter((entry) => entry.startedAt >= sinceMs)
        .map((entry) => ({
          commandId: entry.commandId,
          startedAtMs: entry.startedAt,
          finishedAtMs: entry.finishedAt,
          payload: entry.payload,
          envelope: withoutSnapshotXml(entry.envelope ?? null),
          dispatchState: entry.dispatchState,
          error: entry.error ? { code: entry.error.code, message: entry.error.message } : null,
          stepId: entry.stepId ?? null,
        }));
    },
    async trace(sinceMs) {
      await device.trace.settled();
      const steps = device.timeline.stepsSince(sinceMs).map((step) => ({
        ...step,
        finishedAt: step.finishedAt ?? null,
      }));
      if (steps.length === 0) return undefined;
      return {
        steps,
        screens: device.trace.screensSince(sinceMs),
        hierarchies: device.trace.hierarchiesSince(sinceMs),
      };
    },
    async logcat(sinceMs) {
      return device
        .logcatSince(sinceMs)
        .map((line) => line.text)
        .join('\n');
    },
  };
}
