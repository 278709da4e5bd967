import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './paths';

/**
 * Saves a PNG to tmp/e2e-screenshots/<name>.png (gitignored) and returns its path: the whole page
 * by default, what the viewport shows with `{ fullPage: false }`, once running transitions ended.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  // A dialog or menu still fading in would be caught half drawn: wait (briefly) for the transitions
  // that are running to end. Looping ones (a spinner) never do and are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}
