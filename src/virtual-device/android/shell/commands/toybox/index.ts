/** The toybox tools of the device shell, one module per tool family. */
import type { ShellCommand } from '../../context.js';
import { cut } from './cut.js';
import { cat, ls, mkdir, rm, stat, touch } from './files.js';
import { grep } from './grep.js';
import { head, tail } from './head-tail.js';
import { md5sum, sha1sum, sha256sum } from './md5sum.js';
import { kill, pidof, pkill, ps } from './processes.js';
import { sed } from './sed.js';
import { sort } from './sort.js';
import { wc } from './wc.js';

export const TOYBOX_COMMANDS: Record<string, ShellCommand> = {
  cat,
  ls,
  stat,
  rm,
  mkdir,
  touch,
  head,
  tail,
  grep,
  wc,
  sed,
  cut,
  sort,
  md5sum,
  sha1sum,
  sha256sum,
  ps,
  pidof,
  kill,
  pkill,
};
