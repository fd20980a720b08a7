/**
 * `droidproof swipe --start <x> <y> --end <x> <y> --duration-ms <ms>` and
 * `droidproof drag ... --hold-duration-ms <ms> --move-duration-ms <ms>`.
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, intFlag, runExecution } from './device-flags.js';
import { leftoverPositionals, pointFlags } from './points.js';

const ENDPOINT_FLAGS = {
  start: { type: 'string', valueName: '<x> <y>', description: 'start point' },
  end: { type: 'string', valueName: '<x> <y>', description: 'end point' },
} as const;

function endpoints(args: Parameters<typeof pointFlags>[0]) {
  const [start, end] = pointFlags(args, ['start', 'end']);
  const rest = leftoverPositionals(args, ['start', 'end']);
  if (rest.length > 0) throw new UsageError(`unexpected argument ${rest[0]}`);
  return { start, end };
}

function requiredInt(args: Parameters<typeof pointFlags>[0], name: string): number {
  const value = intFlag(args, name, 1, 10_000);
  if (value === undefined) throw new MissingArgumentError(`--${name} <ms> is required`);
  return value;
}

export const swipeCommand: CliCommand = {
  name: 'swipe',
  summary: 'Swipe between screen coordinates with an explicit duration',
  usage: 'swipe --start <x> <y> --end <x> <y> --duration-ms <ms>',
  flags: {
    ...ACTION_FLAGS,
    ...ENDPOINT_FLAGS,
    'duration-ms': { type: 'string', valueName: '<ms>', description: 'gesture duration' },
  },
  async run(context) {
    const { args } = context;
    const params = { ...endpoints(args), durationMs: requiredInt(args, 'duration-ms') };
    return runExecution(context, buildExecution('swipe', params, { timeoutMs: executionTimeout(args) }));
  },
};

export const dragCommand: CliCommand = {
  name: 'drag',
  summary: 'Drag between screen coordinates with explicit hold and movement durations',
  usage: 'drag --start <x> <y> --end <x> <y> --hold-duration-ms <ms> --move-duration-ms <ms>',
  flags: {
    ...ACTION_FLAGS,
    ...ENDPOINT_FLAGS,
    'hold-duration-ms': { type: 'string', valueName: '<ms>', description: 'initial hold' },
    'move-duration-ms': { type: 'string', valueName: '<ms>', description: 'movement duration' },
  },
  async run(context) {
    const { args } = context;
    const params = {
      ...endpoints(args),
      holdDurationMs: requiredInt(args, 'hold-duration-ms'),
      moveDurationMs: requiredInt(args, 'move-duration-ms'),
    };
    return runExecution(context, buildExecution('drag', params, { timeoutMs: executionTimeout(args) }));
  },
};
