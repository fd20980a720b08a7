import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { quoteShellArg } from '../../../src/actuator/adb/shell-quote.js';
import { prng as rng } from '../../support/prng.js';

/** Runs `printf '%s\0' <quoted...>` in a POSIX shell and returns the words it received. */
function roundTrip(values: string[]): string[] {
  const script = `printf '%s\\0' ${values.map(quoteShellArg).join(' ')}`;
  const out = execFileSync('sh', ['-c', script]);
  return out.toString('utf8').split('\0').slice(0, -1);
}

const ALPHABET = [...'\'"`$(){};&|<>\\\n\t *?[]#~!%=é漢😀-_aZ09', '\u00a0', "'\"'\"'"];

describe('quoteShellArg', () => {
  it("uses the brief rule: single quotes, embedded quote as '\"'\"'", () => {
    expect(quoteShellArg(`it's`)).toBe(`'it'"'"'s'`);
    expect(quoteShellArg('')).toBe(`''`);
  });

  it('passes hostile strings through a real shell byte-identical', () => {
    const samples = [
      '$(touch /tmp/x)',
      '`id`',
      "a'b",
      'line1\nline2',
      '{"a":"it\'s"}',
      '😀 漢字',
      '$HOME',
      '\\',
    ];
    expect(roundTrip(samples)).toEqual(samples);
  });

  it('property: any string of shell-special characters round-trips unchanged', () => {
    const random = rng(42);
    const values = Array.from({ length: 300 }, () => {
      const length = Math.floor(random() * 40);
      return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
    });
    expect(roundTrip(values)).toEqual(values);
  });
});
