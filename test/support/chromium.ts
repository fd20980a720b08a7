/** The headless Chromium the report tests open pages in (Debian `chromium`, driven by playwright-core). */
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Glyphs rasterized the same on every run, for the screenshot comparison.
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
