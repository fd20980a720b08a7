/**
 * Turns a result line into an envelope: strip the prefix, parse the JSON,
 * check the shape and the correlation ids. Anything else is
 * RESULT_ENVELOPE_MALFORMED ("correlated framing ... or envelope parsing failed").
 */

import type { OperatorDialect } from '../../contract/dialect.js';
import type { Execution } from '../../contract/execution.js';
import { type ResultEnvelope, ResultEnvelopeSchema } from './envelope.js';
import { ExecutionFailedError } from './errors.js';

export function parseEnvelopeLine(
  line: string,
  dialect: OperatorDialect,
  execution: Pick<Execution, 'commandId' | 'taskId'>,
): ResultEnvelope {
  const malformed = (reason: string) =>
    new ExecutionFailedError(
      'RESULT_ENVELOPE_MALFORMED',
      `Result envelope is malformed: ${reason}`,
      {
        phase: 'result_wait',
        dispatchState: 'dispatched',
        commandId: execution.commandId,
        taskId: execution.taskId,
      },
      { reason, executionPosition: 'unknown' },
    );
  const prefix = `${dialect.resultPrefix} `;
  if (!line.startsWith(prefix)) throw malformed('the line does not start with the result prefix');
  let json: unknown;
  try {
    json = JSON.parse(line.slice(prefix.length));
  } catch {
    throw malformed('the envelope is not JSON');
  }
  const parsed = ResultEnvelopeSchema.safeParse(json);
  if (!parsed.success)
    throw malformed(`the envelope shape is invalid at ${parsed.error.issues[0]?.path.join('.')}`);
  if (parsed.data.commandId !== execution.commandId || parsed.data.taskId !== execution.taskId) {
    throw malformed('commandId or taskId does not match the request');
  }
  return parsed.data;
}
