export * from './actuator/index.js';
export * from './contract/index.js';
