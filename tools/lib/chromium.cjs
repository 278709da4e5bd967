// Debian's headless Chromium, launched the same way by the browser tests (apps/e2e), the
// back-office benchmark and the README's screenshots. CommonJS so that both the .mjs tools and
// the e2e suite (TypeScript that Jest runs as CommonJS) can load it.
const { chromium } = require('playwright-core');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling hosts this closed network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright gives each launch a fresh temporary profile (user-data-dir) and removes it on close. CHROMIUM_PATH overrides /usr/bin/chromium. */
function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

module.exports = { CHROMIUM_ARGS, launchChromium };
