import { describe, expect, it } from 'vitest';
import { parseAmStartWait, parseFrameStats, parseGfxSummary, parseProfileData } from './gfxinfo.js';

// The layout a Pixel 4a (redfin, Android 13) prints: the columns of HWUI's FrameInfoNames, each line ending in ','.
const ANDROID_13 = `Applications Graphics Acceleration Info:
Uptime: 993210785 Realtime: 993210785

** Graphics info for pid 7206 [com.example.app] **

Stats since: 992991790325ns
Total frames rendered: 84
Janky frames: 4 (4.76%)
Janky frames (legacy): 6 (7.14%)
50th percentile: 5ms
90th percentile: 10ms
95th percentile: 20ms
99th percentile: 105ms
Number Missed Vsync: 1
Number High input latency: 29
Number Slow UI thread: 4
Number Slow bitmap uploads: 0
Number Slow issue draw commands: 3
Number Frame deadline missed: 4
Number Frame deadline missed (legacy): 3
HISTOGRAM: 5ms=40 6ms=12

Profile data in ms:

\tcom.example.app/com.example.app.MainActivity/android.view.ViewRootImpl@14a75f8 (visibility=0)
Window: com.example.app/com.example.app.MainActivity
Stats since: 992991790325ns
Total frames rendered: 80
Janky frames: 3 (3.75%)
---PROFILEDATA---
Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,
1,3323,993103720308,993103720308,0,993103921638,993103922419,993103923096,993185780292,993124220308,11111111,993103919554,993186000000,993186100000,993186200000,993187000000,993188207896,302969,728802,993188438677,993190030396,0,
0,3324,1000000000000,1000000000000,0,1000000100000,1000000200000,1000000300000,1000001000000,1000016666666,16666666,1000000000000,1000004000000,1000004100000,1000004200000,1000007000000,1000008000000,30000,80000,1000008500000,1000008600000,0,
0,3325,1000016666666,1000016666666,0,1000016766666,1000016866666,1000016966666,1000020000000,1000033333332,16666666,1000016666666,1000030000000,1000030100000,1000030200000,1000040000000,1000046666666,30000,80000,1000047000000,1000047100000,0,
0,3326,1000050000000,1000050000000,0,1000050100000,1000050200000,1000050300000,1000051000000,1000066666666,16666666,1000050000000,1000053000000,1000053100000,1000053200000,1000055000000,1000060000000,30000,80000,1000060500000,1000060600000,0,
---PROFILEDATA---

View hierarchy:

  com.example.app/com.example.app.MainActivity/android.view.ViewRootImpl@14a75f8
  68 views, 115.76 kB of render nodes
`;

// Android 10 (API 29): no FrameTimelineVsyncId or FrameDeadline, input events by timestamp.
const ANDROID_10 = `** Graphics info for pid 3050 [com.example.app] **

Stats since: 5000000000ns
Total frames rendered: 2
Janky frames: 1 (50.00%)
90th percentile: 21ms

Profile data in ms:

---PROFILEDATA---
Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,
0,6000000000,6000000000,9223372036854775807,0,6000100000,6000200000,6000300000,6001000000,6002000000,6002100000,6002200000,6004000000,6005000000,20000,60000,
0,6016666666,6016666666,9223372036854775807,0,6016766666,6016866666,6016966666,6030000000,6031000000,6031100000,6031200000,6036000000,6037666666,20000,60000,
---PROFILEDATA---
`;

describe('parseFrameStats', () => {
  it('reads the Android 13 layout by its header: Flags 0 rows only, time = FrameCompleted - IntendedVsync, janky past FrameDeadline', () => {
    const stats = parseFrameStats(ANDROID_13, 'com.example.app');
    expect(stats.frameCount).toBe(3);
    expect(stats.frames.map((f) => f.durationMs)).toEqual([8, 30, 10]);
    expect(stats.frames[0].deadlineMs).toBeCloseTo(16.67, 2);
    expect(stats.jankyFrames).toBe(1);
    expect(stats.jankPercent).toBe(33.33);
    expect(stats.p50Ms).toBe(10);
    expect(stats.p90Ms).toBe(30);
    expect(stats.maxMs).toBe(30);
  });

  it('takes the process summary, not the window repeat after "Profile data"', () => {
    expect(parseGfxSummary(ANDROID_13)).toEqual({
      totalFrames: 84,
      jankyFrames: 4,
      p50Ms: 5,
      p90Ms: 10,
      p95Ms: 20,
      p99Ms: 105,
    });
  });

  it('reads the Android 10 layout, where the budget is one 60 Hz interval', () => {
    const stats = parseFrameStats(ANDROID_10, 'com.example.app');
    expect(stats.frames.map((f) => f.durationMs)).toEqual([5, 21]);
    expect(stats.jankyFrames).toBe(1);
    expect(stats.jankPercent).toBe(50);
    expect(stats.summary.p50Ms).toBeNull();
  });

  it('joins the blocks of several windows and skips malformed rows', () => {
    const twoWindows = `${ANDROID_10}\n${ANDROID_10.split('Profile data in ms:')[1]}`;
    expect(parseProfileData(twoWindows)).toHaveLength(4);
    expect(parseProfileData('---PROFILEDATA---\nFlags,IntendedVsync,\n0,x,\n---PROFILEDATA---')).toEqual([]);
  });

  it('is METRICS_UNAVAILABLE when the app has no process or the dump has no frame data', () => {
    const none =
      'Applications Graphics Acceleration Info:\nUptime: 1 Realtime: 1\nNo process found for: com.x\n';
    expect(() => parseFrameStats(none, 'com.x')).toThrow(
      expect.objectContaining({ code: 'METRICS_UNAVAILABLE' }),
    );
    expect(() => parseFrameStats("Can't find service: gfxinfo\n", 'com.x')).toThrow(
      expect.objectContaining({ code: 'METRICS_UNAVAILABLE' }),
    );
  });
});

describe('parseAmStartWait', () => {
  it('reads TotalTime, WaitTime, LaunchState and the activity', () => {
    const out =
      'Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] pkg=com.example.app }\n' +
      'Status: ok\nLaunchState: COLD\nActivity: com.example.app/.MainActivity\nTotalTime: 1024\nWaitTime: 1027\nComplete\n';
    expect(parseAmStartWait(out)).toEqual({
      launchState: 'COLD',
      totalTimeMs: 1024,
      waitTimeMs: 1027,
      activity: 'com.example.app/.MainActivity',
    });
  });

  it('is METRICS_UNAVAILABLE with the device error when nothing started', () => {
    const out =
      'Starting: Intent { pkg=com.nope }\nError type 3\nError: Activity class {com.nope} does not exist.\n';
    expect(() => parseAmStartWait(out)).toThrow(/does not exist/);
    expect(() => parseAmStartWait(out)).toThrow(expect.objectContaining({ code: 'METRICS_UNAVAILABLE' }));
  });
});
