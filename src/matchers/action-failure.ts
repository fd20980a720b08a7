/**
 * Node actions outside `expect` (`device.click(m)`, `device.enterText(m, ...)`)
 * fail as readably as matchers: when the device answers NODE_NOT_FOUND (or
 * another selection error), the screen is observed once more and the error's
 * message becomes a matcher-style report that names the call the user made,
 * what the screen showed, the closest candidates and the evidence bundle.
 * The error keeps its class, code and details; only its message grows.
 */
import type { ErrorCode } from '../contract/error-codes.js';
import { DroidproofError } from '../contract/errors.js';
import type { NodeMatcher } from '../contract/matcher.js';
import { runMatcher } from './core.js';
import { showNodeRun } from './node-matchers.js';
import { type NodeQueryOptions, nodeQuery } from './node-query.js';
import type { MatcherTarget } from './ports.js';

const SELECTION_CODES = new Set<ErrorCode>([
  'NODE_NOT_FOUND',
  'NODE_AMBIGUOUS',
  'CONTAINER_NOT_FOUND',
  'CONTAINER_AMBIGUOUS',
]);

/** The call an error was already explained for (an action built on another, like longClick on click). */
const EXPLAINED = Symbol.for('droidproof.explainedCall');

type Explained = DroidproofError & { [EXPLAINED]?: string };

export interface NodeAction<T> {
  /** The call as the user wrote it, e.g. `device.click({ textEquals: 'Save' })`. */
  call: string;
  target: MatcherTarget;
  /** The object the user called (the device), for the evidence hook. */
  received: unknown;
  matcher: NodeMatcher;
  query?: NodeQueryOptions;
  act(): Promise<T>;
}

function rewrite(error: Explained, message: string): void {
  const previous = error.message;
  error.message = message;
  if (error.stack) error.stack = error.stack.replace(previous, message);
}

export async function explainNodeAction<T>(action: NodeAction<T>): Promise<T> {
  try {
    return await action.act();
  } catch (caught) {
    if (!(caught instanceof DroidproofError) || !SELECTION_CODES.has(caught.code)) throw caught;
    const error = caught as Explained;
    const inner = error[EXPLAINED];
    if (inner !== undefined) {
      rewrite(error, error.message.replace(inner, action.call));
      error[EXPLAINED] = action.call;
      throw error;
    }
    const deviceSays = error.message.includes(error.code) ? error.message : `${error.code}: ${error.message}`;
    // Named after the call, so failure.json and the bundle's message say what the test did.
    const run = showNodeRun(action.call, {
      receivedLabel: action.call,
      target: action.target,
      query: nodeQuery(action.matcher, action.query ?? {}),
      wait: { timeout: 0 },
    });
    const verdict = await runMatcher(run, action.target, action.received, {
      isNot: false,
      headline: () => `${action.call} failed: ${deviceSays}`,
    });
    rewrite(
      error,
      verdict.pass
        ? `${action.call} failed: ${deviceSays}\n\n(A matching node is shown now: the screen changed after the action ran. Wait for it first, e.g. await expect(device).toShowNode(...).)`
        : verdict.message(),
    );
    error[EXPLAINED] = action.call;
    throw error;
  }
}
