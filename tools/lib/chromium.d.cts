import type { Browser } from 'playwright-core';

export declare const CHROMIUM_ARGS: string[];
/** Debian's headless Chromium with CHROMIUM_ARGS; CHROMIUM_PATH overrides /usr/bin/chromium. */
export declare function launchChromium(): Promise<Browser>;
