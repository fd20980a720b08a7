export * from './errors.js';
export * from './key-aliases.js';
export * from './limits.js';
export * from './matcher.js';
