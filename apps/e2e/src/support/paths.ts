import * as path from 'node:path';

export const WORKSPACE_ROOT = path.resolve(__dirname, '../../../..');
export const SERVER_MAIN = path.join(WORKSPACE_ROOT, 'dist/apps/api/main.js');
export const SCREENSHOT_DIR = path.join(WORKSPACE_ROOT, 'tmp/e2e-screenshots');
