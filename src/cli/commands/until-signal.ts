/** Resolves with the first SIGINT or SIGTERM, for long-running commands that stop cleanly. */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * After a long-running command has closed what it opened, lets the process
 * end even if a library left a handle open (the signal handlers replaced
 * Node's default exit). Unref'd, so a clean process ends on its own first.
 */
export function exitSoon(code: number): void {
  setImmediate(() => process.exit(code)).unref();
}
