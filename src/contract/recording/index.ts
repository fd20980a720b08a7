/** Operator recordings: the NDJSON schema, its parser and the `record parse` step log (pure). */
export * from './parse.js';
export * from './schema.js';
export * from './steps.js';
