/** The command table of the device shell: one module per command family. */
import type { ShellCommand } from '../context.js';
import { AM_COMMANDS } from './am.js';
import { BUILTIN_COMMANDS } from './builtins.js';
import { DUMPSYS_COMMANDS } from './dumpsys.js';
import { INPUT_COMMANDS } from './input.js';
import { LOGCAT_COMMANDS } from './logcat.js';
import { MONKEY_COMMANDS } from './monkey.js';
import { PM_COMMANDS } from './pm.js';
import { PROP_COMMANDS } from './props.js';
import { SCREEN_COMMANDS } from './screen.js';
import { SCREENRECORD_COMMANDS } from './screenrecord.js';
import { SYSTEM_COMMANDS } from './system.js';
import { TOYBOX_COMMANDS } from './toybox/index.js';
import { DISPLAY_COMMANDS } from './wm.js';

export const COMMANDS: Readonly<Record<string, ShellCommand>> = {
  ...BUILTIN_COMMANDS,
  ...TOYBOX_COMMANDS,
  ...PROP_COMMANDS,
  ...PM_COMMANDS,
  ...AM_COMMANDS,
  ...MONKEY_COMMANDS,
  ...DUMPSYS_COMMANDS,
  ...DISPLAY_COMMANDS,
  ...INPUT_COMMANDS,
  ...SCREEN_COMMANDS,
  ...SCREENRECORD_COMMANDS,
  ...SYSTEM_COMMANDS,
  ...LOGCAT_COMMANDS,
};
