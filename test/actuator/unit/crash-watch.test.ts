import { describe, expect, it } from 'vitest';
import { watchOperatorCrash } from '../../../src/actuator/logcat/crash-watch.js';

function fakeReader() {
  const listeners = new Set<(line: string) => void>();
  return {
    onLine(listener: (line: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (...lines: string[]) => {
      for (const line of lines) for (const listener of [...listeners]) listener(line);
    },
    get listening() {
      return listeners.size;
    },
  };
}

const T = '12-02 01:30:00.123';

describe('watchOperatorCrash', () => {
  it('reports the Operator crash with header and stack, ending at the first line of another process', async () => {
    const reader = fakeReader();
    const watch = watchOperatorCrash(reader, 'com.androperator.operator');
    reader.emit(
      `${T}  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main`,
      `${T}  4242  4242 E AndroidRuntime: Process: com.androperator.operator, PID: 4242`,
      `${T}  4242  4242 E AndroidRuntime: java.lang.IllegalStateException: boom`,
      `${T}  4242  4242 E AndroidRuntime: \tat a.B.c(B.kt:1)`,
      `${T}   811   900 I ActivityManager: Process com.androperator.operator (pid 4242) has died`,
    );
    expect(await watch.crashed).toEqual({
      pid: 4242,
      lines: [
        `${T}  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main`,
        `${T}  4242  4242 E AndroidRuntime: Process: com.androperator.operator, PID: 4242`,
        `${T}  4242  4242 E AndroidRuntime: java.lang.IllegalStateException: boom`,
        `${T}  4242  4242 E AndroidRuntime: \tat a.B.c(B.kt:1)`,
      ],
    });
    expect(reader.listening).toBe(0);
  });

  it('reads brief-format lines and ends after the stack goes quiet', async () => {
    const reader = fakeReader();
    const watch = watchOperatorCrash(reader, 'com.clawperator.operator');
    reader.emit(
      'E/AndroidRuntime( 77): FATAL EXCEPTION: main',
      'E/AndroidRuntime( 77): Process: com.clawperator.operator, PID: 77',
    );
    expect((await watch.crashed).lines).toHaveLength(2);
  });

  it("ignores another app's crash and a FATAL EXCEPTION header without the Operator's Process line", async () => {
    const reader = fakeReader();
    const watch = watchOperatorCrash(reader, 'com.androperator.operator');
    let crashed = false;
    void watch.crashed.then(() => {
      crashed = true;
    });
    reader.emit(
      `${T}   900   900 E AndroidRuntime: FATAL EXCEPTION: main`,
      `${T}   900   900 E AndroidRuntime: Process: com.droidproof.settings, PID: 900`,
      `${T}   900   900 E AndroidRuntime: java.lang.RuntimeException: app bug`,
      `${T}   901   901 E AndroidRuntime: FATAL EXCEPTION: worker`,
      `${T}   901   901 I Operator: Process: com.androperator.operator, PID: 901`,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(crashed).toBe(false);
    watch.stop();
    expect(reader.listening).toBe(0);
  });
});
