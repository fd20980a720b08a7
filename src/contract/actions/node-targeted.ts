/**
 * Node-targeted UI actions (seed 003:2088-2725, strict selection 003:3832-3882):
 * click, enter_text, read_text, read_key_value_pair, wait_for_node,
 * wait_for_navigation, scroll, scroll_until, scroll_and_click.
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { defineAction, requiredParams } from './define.js';
import {
  clickCoordinate,
  clickType,
  direction,
  intInRange,
  matcher,
  nonblankString,
  numberInRange,
  retry,
  strict,
} from './fields.js';

export const ClickParamsSchema = z
  .strictObject({
    matcher: matcher.optional(),
    coordinate: clickCoordinate.optional(),
    clickType: clickType.optional(),
    container: matcher.optional(),
    strict: strict.optional(),
    retry: retry.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.matcher === undefined && p.coordinate === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'click requires params.matcher or params.coordinate',
        path: [],
      });
    } else if (p.matcher !== undefined && p.coordinate !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'click params.matcher and params.coordinate are mutually exclusive',
        path: [],
      });
    } else if (p.coordinate !== undefined && (p.strict !== undefined || p.container !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'coordinate click cannot use strict or container',
        path: ['coordinate'],
      });
    } else if (p.coordinate !== undefined && p.clickType === 'focus') {
      ctx.addIssue({
        code: 'custom',
        message: "click params.coordinate does not support clickType='focus'",
        path: ['clickType'],
      });
    }
  });

export const EnterTextParamsSchema = z.strictObject({
  matcher,
  // Empty and blank text are rejected (003:2578).
  text: nonblankString('text'),
  clear: z.boolean().optional(),
  submit: z.boolean().optional(),
  container: matcher.optional(),
  strict: strict.optional(),
  retry: retry.optional(),
});

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

export const ReadTextParamsSchema = z
  .strictObject({
    matcher,
    all: z.boolean().optional(),
    container: matcher.optional(),
    validator: z.string().optional(),
    validatorPattern: z.string().optional(),
    strict: strict.optional(),
    retry: retry.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.validator !== 'regex') return;
    if (p.validatorPattern === undefined || p.validatorPattern.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        message: "read_text with validator='regex' requires params.validatorPattern",
        path: ['validatorPattern'],
      });
    } else if (!compiles(p.validatorPattern)) {
      ctx.addIssue({
        code: 'custom',
        message: 'read_text params.validatorPattern is not a valid regex pattern',
        path: ['validatorPattern'],
      });
    }
  });

export const ReadKeyValuePairParamsSchema = z.strictObject({
  labelMatcher: matcher,
  all: z.boolean().optional(),
  retry: retry.optional(),
});

/** Node adds no range check to the action-level timeout; Android clamps it to 1..120000 (003:2663). */
export const WaitForNodeParamsSchema = z.strictObject({
  matcher,
  timeoutMs: z.number().optional(),
  container: matcher.optional(),
  strict: strict.optional(),
  retry: retry.optional(),
});

export const WaitForNavigationParamsSchema = z
  .strictObject({
    expectedPackage: nonblankString('expectedPackage', LIMITS.MAX_MATCHER_VALUE_LENGTH).optional(),
    expectedNode: matcher.optional(),
    timeoutMs: z
      .number({ error: 'wait_for_navigation requires params.timeoutMs > 0' })
      .gt(0, 'wait_for_navigation requires params.timeoutMs > 0')
      .max(30_000, 'wait_for_navigation params.timeoutMs must not exceed 30000'),
  })
  .refine((p) => p.expectedPackage !== undefined || p.expectedNode !== undefined, {
    message: 'wait_for_navigation requires at least one of params.expectedPackage or params.expectedNode',
  });

const distanceRatio = numberInRange('distanceRatio', 0, 1);
const settleDelayMs = numberInRange('settleDelayMs', 0, 10_000);

export const ScrollParamsSchema = z.strictObject({
  direction: direction.optional(),
  container: matcher.optional(),
  distanceRatio: distanceRatio.optional(),
  settleDelayMs: settleDelayMs.optional(),
  findFirstScrollableChild: z.boolean().optional(),
  strict: strict.optional(),
  retry: retry.optional(),
});

export const ScrollUntilParamsSchema = z
  .strictObject({
    direction: direction.optional(),
    matcher: matcher.optional(),
    container: matcher.optional(),
    clickAfter: z.boolean().optional(),
    distanceRatio: distanceRatio.optional(),
    settleDelayMs: settleDelayMs.optional(),
    maxScrolls: intInRange('maxScrolls', 1, 200).optional(),
    maxDurationMs: numberInRange('maxDurationMs', 0, 120_000).optional(),
    noPositionChangeThreshold: intInRange('noPositionChangeThreshold', 1, 20).optional(),
    findFirstScrollableChild: z.boolean().optional(),
    clickType: clickType.optional(),
    strict: strict.optional(),
  })
  .refine((p) => p.clickAfter !== true || p.matcher !== undefined, {
    message: 'scroll_until params.clickAfter=true requires params.matcher',
    path: ['matcher'],
  });

/** Tuning fields are only type-checked: Android defaults and clamps them (003:2406-2409). */
export const ScrollAndClickParamsSchema = z.strictObject({
  matcher,
  direction: direction.optional(),
  container: matcher.optional(),
  clickAfter: z.boolean().optional(),
  maxSwipes: z.number().int('maxSwipes must be an integer').optional(),
  distanceRatio: z.number().optional(),
  settleDelayMs: z.number().optional(),
  findFirstScrollableChild: z.boolean().optional(),
  clickType: clickType.optional(),
  strict: strict.optional(),
  scrollRetry: retry.optional(),
  clickRetry: retry.optional(),
});

export const nodeTargetedActions = [
  defineAction('click', requiredParams(ClickParamsSchema)),
  defineAction('enter_text', requiredParams(EnterTextParamsSchema)),
  defineAction('read_text', requiredParams(ReadTextParamsSchema)),
  defineAction('read_key_value_pair', requiredParams(ReadKeyValuePairParamsSchema)),
  defineAction('wait_for_node', requiredParams(WaitForNodeParamsSchema)),
  defineAction('wait_for_navigation', requiredParams(WaitForNavigationParamsSchema)),
  defineAction('scroll', ScrollParamsSchema.optional()),
  defineAction('scroll_until', ScrollUntilParamsSchema.optional()),
  defineAction('scroll_and_click', requiredParams(ScrollAndClickParamsSchema)),
] as const;
