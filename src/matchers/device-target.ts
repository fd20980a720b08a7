/** Adapts the actuator's `Device` to the matcher ports: one `snapshot` per observation. */
import type { Device } from '../actuator/device/device.js';
import type { UiHierarchy } from '../contract/selector/node.js';
import { deviceEvidenceSource } from '../evidence/device-source.js';
import type { MatcherTarget, NodeActor } from './ports.js';

/** Structural check, so a Device from another module instance (Jest's vm context) is recognised too. */
export function isActuatorDevice(value: unknown): value is Device {
  const d = value as Partial<Device> | null;
  return (
    typeof d?.snapshot === 'function' && typeof d.click === 'function' && typeof d.notifications === 'object'
  );
}

/** The package of the top window: the first root that names one. */
export function foregroundPackageOf(hierarchy: UiHierarchy): string | null {
  return hierarchy.roots.find((root) => root.packageName)?.packageName ?? null;
}

export function deviceTarget(device: Device): MatcherTarget & NodeActor {
  const source = deviceEvidenceSource(device);
  return {
    async observe() {
      // The capture starts now, after the matcher was called: the observation can only be newer.
      const takenAtMs = Date.now();
      const { hierarchy } = await device.snapshot();
      return { hierarchy, foregroundPackage: foregroundPackageOf(hierarchy), takenAtMs };
    },
    async notifications() {
      const { notifications } = await device.notifications.list();
      return notifications.map(({ applicationId, title, text }) => ({ applicationId, title, text }));
    },
    async mediaSessions() {
      const { sessions } = await device.media.list();
      return sessions.map(({ applicationId, state }) => ({ applicationId, state }));
    },
    screenshot: () => source.screenshot(),
    densityDpi: async () => (await device.info()).display.density,
    coldStart: (applicationId) => device.metrics.coldStart(applicationId),
    step: (init, work) => device.timeline.step(init, work),
    click: (matcher) => device.click(matcher),
    enterText: (matcher, text) => device.enterText(matcher, text),
    readText: (matcher) => device.readText(matcher),
  };
}
