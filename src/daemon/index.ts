export { daemonStatus, readyTimeoutMs, startDaemon, stopDaemon } from './lifecycle.js';
export { type DaemonPaths, type DaemonTarget, daemonKey, daemonPaths } from './paths.js';
export { type ProxyOutcome, type ProxyRequest, proxyExecution } from './proxy.js';
export { runDaemon } from './run.js';
