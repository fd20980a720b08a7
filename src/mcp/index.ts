export { generateVitestTest, type RecordedStep } from '../codegen/test-source.js';
export { type McpSelector, McpSelectorSchema, toNodeMatcher } from './selector.js';
export { createMcpServer, serveMcpOverStdio } from './server.js';
export { McpSession, type McpSessionOptions } from './session.js';
