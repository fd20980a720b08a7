/** `input keyevent/tap/swipe/draganddrop/text/press`, recorded in `device.inputLog`. */
import { KEYCODES } from '../../ui/controller.js';
import type { ShellCommand } from '../context.js';

const SOURCES = new Set([
  'touchscreen',
  'touchpad',
  'keyboard',
  'mouse',
  'dpad',
  'gamepad',
  'trackball',
  'stylus',
]);

function keyCode(value: string): number | undefined {
  if (/^\d+$/.test(value)) return Number(value);
  return KEYCODES[value.startsWith('KEYCODE_') ? value : `KEYCODE_${value}`];
}

const input: ShellCommand = ({ args, device, stderr }) => {
  const rest = SOURCES.has(args[0]) ? args.slice(1) : args;
  const [verb, ...params] = rest;
  device.inputLog.push(rest.join(' '));
  const numbers = params.map(Number);
  switch (verb) {
    case 'keyevent':
    case 'press': {
      const keys = verb === 'press' ? ['KEYCODE_DPAD_CENTER'] : params.filter((p) => !p.startsWith('--'));
      for (const key of keys) {
        const code = keyCode(key);
        if (code === undefined) {
          stderr(`Error: Unknown keycode: ${key}\n`);
          return 1;
        }
        device.ui.keyEvent(code);
      }
      return 0;
    }
    case 'tap':
      if (numbers.length < 2 || numbers.some(Number.isNaN)) break;
      device.ui.tap(numbers[0], numbers[1]);
      return 0;
    case 'swipe':
    case 'draganddrop':
      if (numbers.length < 4 || numbers.some(Number.isNaN)) break;
      if (verb === 'swipe' && numbers[0] === numbers[2] && numbers[1] === numbers[3])
        device.ui.longPress(numbers[0], numbers[1]);
      else
        device.ui.swipe([
          { x: numbers[0], y: numbers[1] },
          { x: numbers[2], y: numbers[3] },
        ]);
      return 0;
    case 'text':
      device.ui.typeText(params.join(' ').replace(/%s/g, ' '));
      return 0;
  }
  stderr(
    `Error: Invalid arguments for command: ${verb ?? ''}\nUsage: input [<source>] <command> [<arg>...]\n`,
  );
  return 1;
};

export const INPUT_COMMANDS: Record<string, ShellCommand> = { input };
