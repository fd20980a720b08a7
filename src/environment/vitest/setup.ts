/** The plugin's setup file: droidproof's matchers on Vitest's `expect` (each device carries its own settings). */
import { expect } from 'vitest';
import { installVitestMatchers } from '../../matchers/vitest.js';

installVitestMatchers(expect);
