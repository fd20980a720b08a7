/**
 * The two wire dialects the virtual Operator answers (BRIEF "Dispatch", "Results"):
 * `androperator` (droidproof's own) and `clawperator` (the released Clawperator
 * Operator APK uses the same shapes under another prefix). A dialect is
 * configuration only: the execution engine never branches on it.
 */
export interface OperatorDialect {
  readonly name: 'androperator' | 'clawperator';
  /** Broadcast action the receiver is registered for. */
  readonly commandAction: string;
  /** Prefix of a single-line result: `<prefix> <envelope json>`. */
  readonly resultPrefix: string;
  /** Prefix of one chunk line of a large result. */
  readonly chunkPrefix: string;
  /** Release and debug Operator packages (the debug one ends in `.dev`). */
  readonly packages: readonly [release: string, debug: string];
}

export const ANDROPERATOR_DIALECT: OperatorDialect = {
  name: 'androperator',
  commandAction: 'app.androperator.operator.ACTION_AGENT_COMMAND',
  resultPrefix: '[Androperator-Result]',
  chunkPrefix: '[Androperator-Result-Chunk]',
  packages: ['com.androperator.operator', 'com.androperator.operator.dev'],
};

export const CLAWPERATOR_DIALECT: OperatorDialect = {
  name: 'clawperator',
  commandAction: 'app.clawperator.operator.ACTION_AGENT_COMMAND',
  resultPrefix: '[Clawperator-Result]',
  chunkPrefix: '[Clawperator-Result-Chunk]',
  packages: ['com.clawperator.operator', 'com.clawperator.operator.dev'],
};

export const DIALECTS = { androperator: ANDROPERATOR_DIALECT, clawperator: CLAWPERATOR_DIALECT } as const;

/**
 * `versionName` of an Operator package: droidproof's own version, with `-d`
 * on the debug (`.dev`) package (BRIEF "Operator version").
 */
export function operatorVersionName(packageName: string, droidproofVersion: string): string {
  return packageName.endsWith('.dev') ? `${droidproofVersion}-d` : droidproofVersion;
}
