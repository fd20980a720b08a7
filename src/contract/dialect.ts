/**
 * The Operator dialect: the broadcast action, the result-line prefixes and the
 * known Operator packages. `androperator` is droidproof's own Operator;
 * `clawperator` lets a released Clawperator Operator APK work unchanged (brief,
 * "Dispatch" and "Results").
 */
import { DroidproofError } from './errors.js';

export interface OperatorDialect {
  readonly name: 'androperator' | 'clawperator';
  /** Intent action of the dispatch broadcast. */
  readonly action: string;
  /** Prefix of a single-line result envelope, without the trailing space. */
  readonly resultPrefix: string;
  /** Prefix of a paced result chunk line, without the trailing space. */
  readonly chunkPrefix: string;
  /** Release package first, then the debug variant. */
  readonly packages: readonly [release: string, debug: string];
}

export const DIALECTS = {
  androperator: {
    name: 'androperator',
    action: 'app.androperator.operator.ACTION_AGENT_COMMAND',
    resultPrefix: '[Androperator-Result]',
    chunkPrefix: '[Androperator-Result-Chunk]',
    packages: ['com.androperator.operator', 'com.androperator.operator.dev'],
  },
  clawperator: {
    name: 'clawperator',
    action: 'app.clawperator.operator.ACTION_AGENT_COMMAND',
    resultPrefix: '[Clawperator-Result]',
    chunkPrefix: '[Clawperator-Result-Chunk]',
    packages: ['com.clawperator.operator', 'com.clawperator.operator.dev'],
  },
} as const satisfies Record<string, OperatorDialect>;

export type DialectName = OperatorDialect['name'];

export function resolveDialect(name: string | undefined): OperatorDialect {
  const key = name ?? 'androperator';
  if (!Object.hasOwn(DIALECTS, key)) {
    throw new DroidproofError('EXECUTION_VALIDATION_FAILED', `Unknown Operator dialect "${key}"`, {
      dialect: key,
      known: Object.keys(DIALECTS),
    });
  }
  return DIALECTS[key as DialectName];
}

/**
 * The Operator package to talk to: the explicit option, else the
 * `DROIDPROOF_OPERATOR_PACKAGE` environment variable when non-blank, else the
 * dialect's release package. Never switched implicitly to the other variant
 * (seed 003 "Operator Package Selection"); a mismatch is reported, not fixed.
 */
export function selectOperatorPackage(
  dialect: OperatorDialect,
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const chosen = explicit?.trim() || env.DROIDPROOF_OPERATOR_PACKAGE?.trim();
  return chosen || dialect.packages[0];
}

/** The other known variant of `operatorPackage`, when it is one of the dialect's packages. */
export function alternateVariant(dialect: OperatorDialect, operatorPackage: string): string | undefined {
  const [release, debug] = dialect.packages;
  if (operatorPackage === release) return debug;
  if (operatorPackage === debug) return release;
  return undefined;
}

/**
 * `versionName` of an Operator package built from droidproof `version`: the
 * debug (`.dev`) package carries a `-d` suffix (brief "Operator version").
 */
export function operatorVersionName(packageName: string, version: string): string {
  return packageName.endsWith('.dev') ? `${version}-d` : version;
}
