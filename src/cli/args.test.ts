import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';

const specs = {
  payload: { type: 'string', aliases: ['input'], description: 'p' },
  'dry-run': { type: 'boolean', description: 'd' },
} as const;

describe('parseArgs', () => {
  it('reads flags in every spelling, positionals and the -- terminator', () => {
    expect(parseArgs(['a', '--input', '{"x":1}', '--dry-run', '--', '--payload'], specs)).toEqual({
      flags: { payload: '{"x":1}', 'dry-run': true },
      positionals: ['a', '--payload'],
    });
    expect(parseArgs(['--payload=--literal'], specs).flags).toEqual({ payload: '--literal' });
  });

  it.each([
    [['--nope'], 'unknown flag --nope'],
    [['--payload', 'a', '--input', 'b'], 'flag --payload was given more than once'],
    [['--payload'], 'flag --payload requires a value'],
    [['--dry-run=yes'], 'flag --dry-run takes no value'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv, specs)).toThrow(expect.objectContaining({ code: 'USAGE', message }));
  });
});
