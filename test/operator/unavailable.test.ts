import { describe, expect, it } from 'vitest';
import { OPERATOR_ACTIONS } from '../../src/virtual-device/operator/actions/index.js';
import { execute } from '../../src/virtual-device/operator/executor.js';
import { OperatorState } from '../../src/virtual-device/operator/operator-state.js';
import { parsePayload, type RawExecution } from '../../src/virtual-device/operator/payload.js';
import { driveClock, ScriptedPlatform } from '../../src/virtual-device/operator/scripted-platform.js';

/** A device whose accessibility service sees no application root (a restricted screen). */
class RootlessPlatform extends ScriptedPlatform {
  override capture() {
    return undefined;
  }
}

async function run(actions: unknown[]) {
  const platform = new RootlessPlatform([
    { packageName: 'com.example', hierarchy: { rotation: 0, roots: [] } },
  ]);
  const execution = parsePayload(
    JSON.stringify({ commandId: 'c', taskId: 't', timeoutMs: 10_000, actions }),
  ) as RawExecution;
  const envelope = await driveClock(
    platform.clock,
    execute(execution, {
      platform,
      state: new OperatorState('com.androperator.operator'),
      actions: OPERATOR_ACTIONS,
    }),
  );
  if (!envelope) throw new Error('the Operator published no envelope');
  return envelope;
}

describe('missing application hierarchy', () => {
  it('query_ui fails UI_TREE_UNAVAILABLE with diagnostics; later actions do not run (003:1899-1907)', async () => {
    const envelope = await run([
      { id: 'q', type: 'query_ui' },
      { id: 'h', type: 'doctor_ping' },
    ]);
    expect(envelope).toMatchObject({ status: 'failed', errorCode: 'UI_TREE_UNAVAILABLE' });
    expect(envelope.stepResults).toHaveLength(1);
    expect(JSON.parse(envelope.stepResults[0].data.diagnostics)).toEqual({
      serviceAvailable: true,
      rootAvailable: false,
      windowCount: null,
      foregroundPackage: 'com.example',
    });
    expect(envelope.stepResults[0].data.query).toBeUndefined();
  });

  it('snapshot keeps its specific SNAPSHOT_HIERARCHY_UNAVAILABLE code after its retries (003:7681-7682)', async () => {
    const envelope = await run([{ id: 's', type: 'snapshot' }]);
    expect(envelope.errorCode).toBe('SNAPSHOT_HIERARCHY_UNAVAILABLE');
    expect(JSON.parse(envelope.stepResults[0].data.diagnostics).rootAvailable).toBe(false);
  });

  it('a click without a hierarchy is UI_TREE_UNAVAILABLE with a no-dispatch receipt (003:1762-1767)', async () => {
    const envelope = await run([{ id: 'c', type: 'click', params: { matcher: { textEquals: 'OK' } } }]);
    expect(envelope.stepResults[0].data).toMatchObject({
      errorCode: 'UI_TREE_UNAVAILABLE',
      dispatch_method: 'none',
      dispatch_accepted: 'false',
    });
  });

  it('raw on-screen log actions stay usable without an application hierarchy (003:1768-1769)', async () => {
    const envelope = await run([
      { id: 'p', type: 'set_on_screen_log', params: { text: 'still here' } },
      { id: 'c', type: 'clear_on_screen_log' },
    ]);
    expect(envelope.status).toBe('success');
  });
});
