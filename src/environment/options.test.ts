import { describe, expect, it } from 'vitest';
import { DroidproofError } from '../contract/errors.js';
import { MAX_TIMER_MS, parseOptions, workerRuntime } from './options.js';

function invalid(input: unknown): DroidproofError {
  try {
    parseOptions(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DroidproofError);
    expect((error as DroidproofError).code).toBe('INVALID_OPTIONS');
    return error as DroidproofError;
  }
  throw new Error('options were accepted');
}

describe('parseOptions', () => {
  it('fills every default from an empty config', () => {
    expect(parseOptions(undefined)).toMatchObject({
      devices: { source: 'virtual', count: 2 },
      operator: { dialect: 'androperator' },
      timeouts: { leaseMs: 600_000, matcherMs: 5_000 },
      evidence: { mode: 'on-failure', video: 'off', onScreenLog: false },
    });
  });

  it.each([
    [{ devics: { source: 'virtual' } }, 'devics', 'devices'],
    [{ timeouts: { leaseMS: 1000 } }, 'timeouts: unknown option "leaseMS"', 'leaseMs'],
    [{ app: { applicationId: 'com.example.app', lanch: true } }, 'app: unknown option "lanch"', 'launch'],
    [{ devices: { source: 'virtual', cont: 3 } }, 'devices: unknown option "cont"', 'count'],
    [{ evidence: { outputdir: 'x' } }, 'evidence: unknown option "outputdir"', 'outputDir'],
    [{ evidence: { videos: 'always' } }, 'evidence: unknown option "videos"', 'video'],
    [{ evidence: { onscreenlog: true } }, 'evidence: unknown option "onscreenlog"', 'onScreenLog'],
  ])('refuses the unknown key in %j and names the closest valid one', (input, where, suggestion) => {
    const error = invalid(input);
    expect(error.message).toContain(where);
    expect(error.message).toContain(`did you mean "${suggestion}"?`);
  });

  it('takes video modes and the on-screen log switch; without bundles nothing is recorded', () => {
    expect(invalid({ evidence: { video: 'sometimes' } }).message).toContain('evidence.video');
    const filmed = parseOptions({ evidence: { video: 'always', onScreenLog: true } });
    expect(workerRuntime(filmed, '/bundles')).toMatchObject({ video: 'always', onScreenLog: true });
    const off = parseOptions({ evidence: { mode: 'off', video: 'on-failure' } });
    expect(workerRuntime(off, '/bundles')).toMatchObject({ evidenceMode: 'off', video: 'off' });
  });

  it('names no suggestion when nothing is close', () => {
    const error = invalid({ somethingElseEntirely: 1 });
    expect(error.message).toContain('unknown option "somethingElseEntirely"');
    expect(error.message).not.toContain('did you mean');
  });

  it('accepts timer values up to 2^31-1 ms and refuses larger ones, which Node would fire at once', () => {
    expect(parseOptions({ timeouts: { leaseMs: MAX_TIMER_MS } }).timeouts.leaseMs).toBe(MAX_TIMER_MS);
    const error = invalid({ timeouts: { leaseMs: 3_000_000_000 } });
    expect(error.message).toContain('timeouts.leaseMs');
    expect(invalid({ timeouts: { matcherMs: MAX_TIMER_MS + 1 } }).message).toContain('timeouts.matcherMs');
  });

  it.each([
    'pkg;echo x > /data/local/tmp/p',
    'com.example.app; reboot',
    '$(reboot)',
    'com.example.app`id`',
    "com.example.app' && id '",
    'nodots',
    'com..example',
    '1com.example',
  ])('refuses the application id %j before anything reaches a device shell', (applicationId) => {
    const error = invalid({ app: { applicationId } });
    expect(error.message).toContain('app.applicationId');
    expect(error.message).toContain('Android package name');
  });

  it('refuses an Operator package outside the package grammar', () => {
    expect(invalid({ operator: { package: 'com.x;id' } }).message).toContain('operator.package');
    expect(parseOptions({ operator: { package: 'com.androperator.operator.dev' } }).operator.package).toBe(
      'com.androperator.operator.dev',
    );
  });
});
