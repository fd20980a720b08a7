/**
 * `read_text` and `read_key_value_pair` (seed 003:2447-2527). The read value
 * is the node label (text, else content description, 003:3786-3788).
 *
 * Validators (the Android parser accepts exactly `temperature`, `version`
 * and `regex`, 003:2466-2467): `regex` requires a match of
 * `validatorPattern` anywhere in the value (anchor the pattern for a full
 * match); `temperature` requires a number with an optional degree unit
 * (`21.5`, `21 °C`, `70°F`); `version` requires dotted numbers (`14`, `1.2.3`).
 * A value that fails its validator is a returned `VALIDATION_FAILED` step.
 */
import { nodeLabel } from '../../../contract/selector/label.js';
import type { UiNode } from '../../../contract/selector/node.js';
import { defineAction, UI_GATES } from '../context.js';
import { returnedFailure, succeeded } from '../envelope.js';
import { readRetry } from '../retry.js';
import type { Observation } from '../selection.js';
import { entryOf, summaryOf, withSelectionWarning } from '../selection.js';
import { readTarget, selectTarget } from './node-targeted.js';

const VALIDATORS = {
  temperature: /^-?\d+(?:[.,]\d+)?\s*°?\s*[CF]?$/i,
  version: /^\d+(?:\.\d+)*$/,
} as const;

type Validator = { kind: 'temperature' | 'version' } | { kind: 'regex'; pattern: RegExp } | undefined;

function passes(validator: Validator, value: string): boolean {
  if (!validator) return true;
  const pattern = validator.kind === 'regex' ? validator.pattern : VALIDATORS[validator.kind];
  return pattern.test(value.trim());
}

export const readTextAction = defineAction({
  type: 'read_text',
  gates: UI_GATES,
  parse: (params) => {
    const name = params.optionalString('validator');
    let validator: Validator;
    if (name === 'regex') {
      const source = params.requiredString('validatorPattern');
      try {
        validator = { kind: 'regex', pattern: new RegExp(source, 'u') };
      } catch {
        params.fail('validatorPattern', 'params.validatorPattern is not a valid regex');
      }
    } else if (name === 'temperature' || name === 'version') {
      validator = { kind: name };
    } else if (name !== undefined) {
      params.fail('validator', 'params.validator must be temperature, version or regex');
    }
    return { ...readTarget(params), all: params.boolean('all', false), validator };
  },
  run: async (ctx, step, p) => {
    const selected = await selectTarget(ctx, step, p, p.all);
    if (!('resolution' in selected)) return selected;
    const { observation, resolution, counts } = selected;
    const values = (p.all ? resolution.matches : [resolution.target]).map((match) => nodeLabel(match.node));
    const data = withSelectionWarning(
      {
        text: p.all ? JSON.stringify(values) : values[0],
        ...(p.all ? {} : { target: JSON.stringify(summaryOf(observation.index, resolution.target.node)) }),
        candidate_count: String(resolution.candidateCount),
        ...(p.validator ? { validator: p.validator.kind } : {}),
      },
      counts,
      p.strict,
    );
    const invalid = values.find((value) => !passes(p.validator, value));
    if (invalid !== undefined) {
      return returnedFailure(
        step,
        'VALIDATION_FAILED',
        `Value does not satisfy the ${p.validator?.kind} validator`,
        data,
      );
    }
    return succeeded(step, data);
  },
});

/**
 * The value of a key/value row: the first node after the label, in preorder,
 * inside the label's parent and outside the label's own subtree, that has a
 * non-empty label (a settings row's summary, a form row's field).
 */
function pairedValue(observation: Observation, label: UiNode): string | undefined {
  const { entries } = observation.index;
  const entry = entryOf(observation.index, label);
  const parent = entry.parent >= 0 ? entries[entry.parent] : undefined;
  const end = parent ? parent.end : entries.length - 1;
  for (let i = entry.end + 1; i <= end; i++) {
    if (!entries[i].onScreen) continue;
    const value = nodeLabel(entries[i].node);
    if (value !== '') return value;
  }
  return undefined;
}

export const readKeyValuePairAction = defineAction({
  type: 'read_key_value_pair',
  gates: UI_GATES,
  parse: (params) => ({
    matcher: params.requiredMatcher('labelMatcher'),
    all: params.boolean('all', false),
    strict: false,
    container: undefined,
    retry: readRetry(params, 'retry', 'UiReadiness'),
  }),
  run: async (ctx, step, p) => {
    const selected = await selectTarget(ctx, step, p, p.all);
    if (!('resolution' in selected)) return selected;
    const { observation, resolution, counts } = selected;
    const pairs = (p.all ? resolution.matches : [resolution.target]).map((match) => ({
      key: nodeLabel(match.node),
      value: pairedValue(observation, match.node),
    }));
    if (!p.all && pairs[0].value === undefined) {
      return returnedFailure(step, 'NODE_NOT_FOUND', 'No value node found next to the label', {
        key: pairs[0].key,
      });
    }
    const data: Record<string, string> = p.all
      ? { pairs: JSON.stringify(pairs.map((pair) => ({ key: pair.key, value: pair.value ?? null }))) }
      : { key: pairs[0].key, value: pairs[0].value as string };
    return succeeded(
      step,
      withSelectionWarning({ ...data, candidate_count: String(resolution.candidateCount) }, counts, false),
    );
  },
});
