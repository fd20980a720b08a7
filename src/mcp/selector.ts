/**
 * The MCP selector shape (seed 003 "MCP Server / Selector Shape") and its
 * mapping to the contract's `NodeMatcher`. An all-empty selector is rejected
 * at the MCP boundary with EXECUTION_VALIDATION_FAILED.
 */
import { z } from 'zod';
import { DroidproofError } from '../contract/errors.js';
import { type NodeMatcher, NodeMatcherSchema } from '../contract/matcher.js';

export const McpSelectorSchema = z
  .object({
    id: z.string().optional().describe('exact Android resource id'),
    role: z.string().optional().describe('exact node role'),
    text: z.string().optional().describe('exact visible text'),
    textContains: z.string().optional().describe('substring of the visible text'),
    desc: z.string().optional().describe('exact content description'),
    descContains: z.string().optional().describe('substring of the content description'),
  })
  .strict()
  .describe('node selector; at least one field');
export type McpSelector = z.infer<typeof McpSelectorSchema>;

const FIELDS: readonly [keyof McpSelector, keyof NodeMatcher][] = [
  ['id', 'resourceId'],
  ['role', 'role'],
  ['text', 'textEquals'],
  ['textContains', 'textContains'],
  ['desc', 'contentDescEquals'],
  ['descContains', 'contentDescContains'],
];

export function toNodeMatcher(selector: McpSelector): NodeMatcher {
  const matcher: Record<string, string> = {};
  for (const [from, to] of FIELDS) {
    const value = selector[from];
    if (value !== undefined && value.trim() !== '') matcher[to] = value;
  }
  const parsed = NodeMatcherSchema.safeParse(matcher);
  if (!parsed.success) {
    throw new DroidproofError('EXECUTION_VALIDATION_FAILED', 'selector needs at least one non-empty field', {
      path: 'selector',
      accepted: FIELDS.map(([from]) => from),
    });
  }
  return parsed.data;
}
