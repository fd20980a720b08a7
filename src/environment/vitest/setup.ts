/** The plugin's setup file: droidproof's matchers on Vitest's `expect`, wired to the worker session. */
import { expect } from 'vitest';
import { installVitestMatchers } from '../../matchers/vitest.js';
import { readWorkerRuntime } from '../options.js';
import { configureSessionMatchers } from '../worker/matcher-hook.js';

installVitestMatchers(expect);
configureSessionMatchers(readWorkerRuntime());
