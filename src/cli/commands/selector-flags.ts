/**
 * CLI selector flags (seed 003 "CLI Selector Forms", "Selector Flags",
 * "Mutual Exclusion And Validation Rules"): shorthand flags or raw JSON
 * (`--selector` / `--matcher-json`) for the element, and the same for the
 * container. Mixing raw JSON with shorthand flags is EXECUTION_VALIDATION_FAILED.
 */
import type { NodeMatcher } from '../../contract/matcher.js';
import { ExecutionValidationError } from '../../contract/validation-errors.js';
import type { FlagSpecs, ParsedArgs } from '../args.js';
import { stringFlag } from './device-flags.js';

const SHORTHAND = {
  text: 'textEquals',
  'text-contains': 'textContains',
  id: 'resourceId',
  desc: 'contentDescEquals',
  'desc-contains': 'contentDescContains',
  role: 'role',
} as const;

type Shorthand = keyof typeof SHORTHAND;

const ELEMENT_ALIASES: Partial<Record<Shorthand, string[]>> = {
  id: ['resource-id'],
  desc: ['content-desc'],
  'desc-contains': ['content-desc-contains'],
};

function flagsFor(prefix: '' | 'container-', omit: readonly Shorthand[] = []): FlagSpecs {
  const specs: Record<string, FlagSpecs[string]> = {};
  for (const name of Object.keys(SHORTHAND) as Shorthand[]) {
    if (omit.includes(name)) continue;
    specs[`${prefix}${name}`] = {
      type: 'string',
      aliases: (ELEMENT_ALIASES[name] ?? []).map((alias) => `${prefix}${alias}`),
      valueName: '<value>',
      description: `${prefix ? 'container' : 'element'} ${SHORTHAND[name]}`,
    };
  }
  const raw = prefix ? 'container-selector' : 'selector';
  specs[raw] = {
    type: 'string',
    aliases: [prefix ? 'container-json' : 'matcher-json'],
    valueName: '<json>',
    description: `raw NodeMatcher JSON for the ${prefix ? 'container' : 'element'}`,
  };
  return specs;
}

/** Element selector flags; `type` omits `--text` (it is the text to enter). */
export function elementSelectorFlags(omit: readonly Shorthand[] = []): FlagSpecs {
  return flagsFor('', omit);
}

export const CONTAINER_SELECTOR_FLAGS: FlagSpecs = flagsFor('container-');
export const STRICT_FLAG: FlagSpecs = {
  strict: { type: 'boolean', description: 'fail on ambiguous matches instead of taking the first' },
};

function parseRaw(raw: string, flag: string): NodeMatcher {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ExecutionValidationError(`${flag} must be valid JSON`, { path: flag });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ExecutionValidationError(`${flag} must be a JSON object`, { path: flag });
  }
  return value as NodeMatcher;
}

function selectorFrom(
  args: ParsedArgs,
  prefix: '' | 'container-',
  omit: readonly Shorthand[],
): NodeMatcher | undefined {
  const rawName = prefix ? 'container-selector' : 'selector';
  const raw = stringFlag(args, rawName);
  const matcher: Record<string, string> = {};
  for (const name of Object.keys(SHORTHAND) as Shorthand[]) {
    if (omit.includes(name)) continue;
    const value = stringFlag(args, `${prefix}${name}`);
    if (value !== undefined) matcher[SHORTHAND[name]] = value;
  }
  const hasShorthand = Object.keys(matcher).length > 0;
  if (raw !== undefined && hasShorthand) {
    throw new ExecutionValidationError('use --selector OR the simple flags, not both', {
      path: `--${rawName}`,
    });
  }
  if (raw !== undefined) return parseRaw(raw, `--${rawName}`);
  return hasShorthand ? (matcher as NodeMatcher) : undefined;
}

export function elementSelector(args: ParsedArgs, omit: readonly Shorthand[] = []): NodeMatcher | undefined {
  return selectorFrom(args, '', omit);
}

export function containerSelector(args: ParsedArgs): NodeMatcher | undefined {
  return selectorFrom(args, 'container-', []);
}

/** Element, container and `--strict` flags of node-targeted commands. */
export const TARGET_FLAGS: FlagSpecs = {
  ...elementSelectorFlags(),
  ...CONTAINER_SELECTOR_FLAGS,
  ...STRICT_FLAG,
};

/** `strict` and `container` params when given (omitted otherwise, seed: "Node omits params.container"). */
export function targetingParams(args: ParsedArgs): { strict?: boolean; container?: NodeMatcher } {
  const container = containerSelector(args);
  return {
    ...(args.flags.strict === true ? { strict: true } : {}),
    ...(container ? { container } : {}),
  };
}
