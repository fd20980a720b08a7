/**
 * index.html: one self-contained page (inline style, script and data) that
 * links the bundle files by relative path, so it opens from file:// with no server.
 */

import { escapeMarkup } from '../markup.js';
import { REPORT_CSS, REPORT_SCRIPT } from './html-client.js';
import type { HtmlTest } from './html-data.js';
import type { RunModel } from './run-model.js';
import { summarize } from './run-model.js';

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Run incidents as a banner rendered on the server side, so it shows even with scripts off. */
function incidentBanner(model: RunModel): string {
  const incidents = model.incidents ?? [];
  if (incidents.length === 0) return '';
  const items = incidents.map((i) => `<li>${escapeMarkup(i.message)}</li>`).join('');
  return `<div class="incidents" id="incidents" role="alert"><strong>Run incidents</strong><ul>${items}</ul></div>`;
}

export function renderHtml(model: RunModel, tests: HtmlTest[]): string {
  const summary = summarize(model);
  const title = `droidproof report: ${summary.failed} failed, ${summary.passed} passed`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header><h1>droidproof report</h1><div class="summary" id="summary"></div>${incidentBanner(model)}
<div class="meta">${escapeMarkup(model.runner)} · started ${escapeMarkup(model.startedAt)} · ${(model.durationMs / 1000).toFixed(1)} s</div></header>
<main><div class="filters" id="filters"></div><div id="tests"></div></main>
<script id="report-data" type="application/json">${scriptJson({ summary, tests })}</script>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}
