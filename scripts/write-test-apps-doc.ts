// `npm run docs:test-apps`: rewrites the generated catalogue in docs/test-apps.md from the app models.
import { readFileSync, writeFileSync } from 'node:fs';
import { withCatalogue } from '../test-apps/catalogue.js';

const path = new URL('../docs/test-apps.md', import.meta.url);
writeFileSync(path, withCatalogue(readFileSync(path, 'utf8')));
