// Takes the README's screenshots (docs/screenshots/): the demo site's home page and the back
// office, from a fresh server with the demo on a throwaway data folder. Needs a build first
// (npx nx run-many -t build -p api admin site) and Debian's Chromium.
//   node tools/screenshots.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchChromium } from './lib/chromium.cjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs/screenshots');
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-shots-'));
const email = 'owner@example.com';
const password = `Shots-${randomBytes(12).toString('base64url')}-1`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  CMS_ADMIN_EMAIL: email,
  CMS_ADMIN_PASSWORD: password,
  CMS_DEMO: 'true',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], { cwd: root, env, stdio: 'inherit' });
const base = `http://127.0.0.1:${port}`;
const browser = await launchChromium();
try {
  for (let i = 0; ; i++) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (i > 240) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { token } = await (
    await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  ).json();
  fs.mkdirSync(out, { recursive: true });

  const site = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await site.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
  const home = await site.newPage();
  await home.goto(`${base}/`, { waitUntil: 'networkidle' });
  for (const image of await home.locator('img').all()) await image.scrollIntoViewIfNeeded();
  await home.waitForLoadState('networkidle');
  await home.evaluate(() => window.scrollTo(0, 0));
  await home.screenshot({ path: path.join(out, 'demo-home.png'), fullPage: true });

  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await admin.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const office = await admin.newPage();
  await office.goto(`${base}/admin/contents`, { waitUntil: 'networkidle' });
  await office.waitForTimeout(1500);
  await office.screenshot({ path: path.join(out, 'back-office.png') });
  console.log(`Screenshots written to ${out}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
