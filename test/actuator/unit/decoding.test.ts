import { describe, expect, it } from 'vitest';
import { compactSnapshot } from '../../../src/actuator/device/compact-snapshot.js';
import { classifyDeviceType, parseGetprop, parseWmValue } from '../../../src/actuator/device/device-info.js';
import { decodeNotificationMediaPayload } from '../../../src/actuator/device/notification-media.js';
import { decodeReceipt } from '../../../src/actuator/device/receipts.js';
import { parseDumpsysVersion, versionsCompatible } from '../../../src/actuator/doctor/version.js';
import { parseHierarchyXml } from '../../../src/contract/selector/hierarchy-xml.js';

const step = (data: Record<string, string>) => ({ id: 'c', actionType: 'click', success: true, data });

describe('decodeReceipt', () => {
  it('parses JSON and decimal fields and keeps string booleans distinct from unknown', () => {
    const receipt = decodeReceipt(
      step({
        target: '{"text":"OK"}',
        coordinate: '{"x":1,"y":2}',
        candidate_count: '3',
        dispatch_method: 'accessibility_action',
        dispatch_accepted: 'true',
        elapsed_ms: '12',
      }),
    );
    expect(receipt).toMatchObject({
      target: { text: 'OK' },
      coordinate: { x: 1, y: 2 },
      candidateCount: 3,
      dispatchAccepted: true,
      elapsedMs: 12,
    });
    expect(decodeReceipt(step({ dispatch_accepted: 'false' })).dispatchAccepted).toBe(false);
    expect(decodeReceipt(step({ dispatch_accepted: 'maybe' })).dispatchAccepted).toBeNull();
    expect('dispatchAccepted' in decodeReceipt(step({}))).toBe(false);
  });
});

describe('decodeNotificationMediaPayload', () => {
  const deviceState = { screenOn: false, deviceLocked: true, userUnlocked: true };
  it('validates and decodes a notification listing', () => {
    const payload = JSON.stringify({
      schemaVersion: 1,
      observedElapsedMs: 5,
      deviceState,
      total: 1,
      truncated: false,
      notifications: [
        {
          key: 'k',
          applicationId: 'a',
          title: null,
          text: 't',
          postTime: 1,
          ongoing: false,
          clearable: true,
          actions: [],
          extra: 1,
        },
      ],
    });
    const decoded = decodeNotificationMediaPayload('list_notifications', payload);
    expect(decoded.notifications[0]).toMatchObject({ key: 'k', title: null, extra: 1 });
  });
  it('rejects a wrong schema version, missing fields and non-JSON as RESULT_ENVELOPE_MALFORMED', () => {
    for (const bad of ['{', JSON.stringify({ schemaVersion: 2 }), undefined]) {
      expect(() => decodeNotificationMediaPayload('get_media_status', bad)).toThrow(
        expect.objectContaining({ code: 'RESULT_ENVELOPE_MALFORMED' }),
      );
    }
  });
});

describe('compactSnapshot', () => {
  it('projects a preorder prefix with paths, nulls for absent attributes and code-point truncation', () => {
    const hierarchy = parseHierarchyXml(
      '<hierarchy rotation="0"><node text="😀😀😀" bounds="[0,0][10,10]"><node content-desc="" checked="true"/></node><node/></hierarchy>',
    );
    const compact = compactSnapshot(
      hierarchy,
      { commandId: 'c', taskId: 't' },
      { maxNodes: 2, maxTextChars: 2 },
    );
    expect(compact).toMatchObject({ totalNodes: 3, returnedNodes: 2, omittedNodes: 1, truncated: true });
    expect(compact.nodes[0]).toMatchObject({
      nodePath: '0',
      parentPath: null,
      text: '😀😀',
      textTruncated: true,
      bounds: '[0,0][10,10]',
      resourceId: null,
    });
    expect(compact.nodes[1]).toMatchObject({
      nodePath: '0.0',
      parentPath: '0',
      contentDescription: '',
      checked: true,
      clickable: null,
    });
  });
});

describe('device facts and the version rule', () => {
  it('classifies the device type per the evidence manifest rule', () => {
    expect(classifyDeviceType(parseGetprop('[ro.kernel.qemu]: [1]\n'))).toBe('emulator');
    expect(classifyDeviceType(parseGetprop('[ro.kernel.qemu]: [0]\n[ro.boot.qemu]: [1]\n'))).toBe('emulator');
    expect(classifyDeviceType(parseGetprop('[ro.product.model]: [Pixel]\n'))).toBe('physical');
    expect(classifyDeviceType(parseGetprop('[ro.kernel.qemu]: [yes]\n'))).toBe('unknown');
    expect(classifyDeviceType(parseGetprop('garbage'))).toBe('unknown');
  });
  it('prefers wm overrides', () => {
    expect(parseWmValue('Physical size: 1080x2400\nOverride size: 720x1600\n')).toBe('720x1600');
    expect(parseWmValue('Physical density: 420\n')).toBe('420');
  });
  it('compares MAJOR.MINOR.PATCH after stripping -d', () => {
    expect(versionsCompatible('0.1.0', '0.1.0-d')).toBe(true);
    expect(versionsCompatible('0.1.0-d', '0.1.0')).toBe(true);
    expect(versionsCompatible('0.1.1', '0.1.0')).toBe(false);
    expect(versionsCompatible('0.1', '0.1')).toBe(false);
    expect(parseDumpsysVersion('    versionCode=3 minSdk=26\n    versionName=1.2.3-d\n')).toEqual({
      versionName: '1.2.3-d',
      versionCode: 3,
    });
  });
});
