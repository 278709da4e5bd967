// Issue 10's back-office speed, measured in headless Debian Chromium against the built server:
//  1. the contents list with 10,000 contents in the database: time from the start of the
//     navigation to /admin/contents (signed in) until the first page of rows shows, median of runs;
//  2. the page builder with 40 sections on a content: one section expanded, 50 characters typed
//     into its title, one at a time; each keystroke's latency is the time from keydown to the next
//     animation frame after the input's value changed, measured in the page (performance.now and
//     requestAnimationFrame). p50, p95 and max.
// Without DATABASE_URL it creates a database on BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), seeds it with tools/seed-demo.mjs and drops it.
//   node tools/bench/admin-ui.mjs [--contents 10000] [--runs 5] [--keys 50]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../lib/chromium.cjs';
import { ensureBuilt, freshDatabase } from '../ops/harness.mjs';
import { report } from './lib/report.mjs';
import { percentile, root, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: { contents: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' }, keys: { type: 'string', default: '50' } },
});
const runs = Number(values.runs);
const keys = Number(values.keys);

ensureBuilt();
let db;
if (!process.env.DATABASE_URL) {
  db = await freshDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'cms_bench_admin');
  if (!db) {
    console.error('No PostgreSQL server: set DATABASE_URL or BENCH_PG_URL');
    process.exit(1);
  }
  process.env.DATABASE_URL = db.url;
  console.log(`seeding ${values.contents} contents in ${db.name}...`);
  const seeded = spawnSync(process.execPath, [join(root, 'tools/seed-demo.mjs'), '--contents', values.contents], {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) {
    await db.drop();
    process.exit(seeded.status ?? 1);
  }
}

const server = await startServer({ SIGNIN_MAX_FAILURES_PER_IP: '10000' });
let browser;
try {
  const call = async (method, path, token, body) => {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { token } = await call('POST', '/auth/signin', undefined, { email: server.email, password: server.password });
  console.log(`server ready in ${server.readyMs} ms`);

  // A content with 40 hero sections (a text block with several text inputs).
  const container = await call('POST', '/containers?locale=en', token, { title: `Bench builder ${Date.now()}` });
  const sections = Array.from({ length: 40 }, (_, i) => ({
    block: 'hero',
    content: { title: `Section ${i + 1}`, subtitle: 'A subtitle of a few words', text: 'Some words of text in the hero.', theme: 'white' },
  }));
  const content = await call('POST', '/contents?locale=en', token, { title: 'Forty sections', containerId: container.id, sections });

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();

  // 1. The contents list: first run warms the HTTP cache (as a returning editor's browser would).
  const listUrl = `${server.baseUrl}/admin/contents`;
  const listTimes = [];
  for (let run = 0; run <= runs; run++) {
    await page.goto('about:blank');
    await page.goto(listUrl, { waitUntil: 'commit' });
    // Rows with text (loading skeletons have none); the time is read in the page, from navigation start.
    const ms = await (
      await page.waitForFunction(
        () => {
          const rows = [...document.querySelectorAll('tbody tr')].filter((row) => row.innerText.trim().length > 0);
          return rows.length >= 10 ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      )
    ).jsonValue();
    if (run > 0) listTimes.push(ms);
    // Where the time went: the list request itself (start and duration), the rest is the app's boot and render.
    const api = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/contents\?/.test(e.name))
        .map((e) => `request at ${e.startTime.toFixed(0)} ms took ${e.duration.toFixed(0)} ms`),
    );
    console.log(`  contents list run ${run}${run === 0 ? ' (warm-up)' : ''}: ${ms.toFixed(0)} ms (GET /api/contents: ${api.join('; ') || 'not seen'})`);
  }
  listTimes.sort((a, b) => a - b);
  const listMedian = listTimes[Math.floor(listTimes.length / 2)];
  console.log(
    `contents list (${values.contents} contents seeded): first page of rows in median ${listMedian.toFixed(0)} ms (min ${listTimes[0].toFixed(0)}, max ${listTimes.at(-1).toFixed(0)}, ${runs} runs)`,
  );
  report('admin:list-open', Math.round(listMedian), 'ms', `back office: contents list open (${values.contents} contents), median`);

  // 2. The page builder with 40 sections.
  await page.goto(`${server.baseUrl}/admin/contents/${content.id}`);
  await page.locator('input[name="title"]').waitFor({ timeout: 30_000 });
  const expand = page.getByRole('button', { name: 'Expand' });
  await expand.first().waitFor();
  console.log(`page builder: ${await expand.count()} collapsed sections shown`);
  await expand.first().click();
  const input = page.locator('input[name="sections.0.content.title"]');
  await input.waitFor();
  await input.click();
  await page.keyboard.press('End');
  await page.evaluate(() => {
    const w = window;
    w.__latencies = [];
    let down = null;
    window.addEventListener('keydown', () => (down = performance.now()), true);
    document.addEventListener(
      'input',
      () => {
        const start = down;
        down = null;
        if (start !== null) requestAnimationFrame(() => w.__latencies.push(performance.now() - start));
      },
      true,
    );
  });
  const text = 'The quick brown fox jumps over the lazy dog 0123456789'.slice(0, keys).padEnd(keys, 'x');
  for (let i = 0; i < keys; i++) {
    await page.keyboard.press(text[i] === ' ' ? 'Space' : text[i]);
    await page.waitForFunction((n) => window.__latencies.length >= n, i + 1, { polling: 'raf' });
  }
  const typed = await input.inputValue();
  if (!typed.endsWith(text)) throw new Error(`the input holds "${typed}", not the typed text`);
  const latencies = (await page.evaluate(() => window.__latencies)).sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const max = latencies.at(-1);
  console.log(
    `page builder (40 sections, one expanded): ${latencies.length} keystrokes, latency p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
  );
  report('admin:keystroke-p50', Number(p50.toFixed(1)), 'ms', 'back office: page builder keystroke (40 sections), p50');
  report('admin:keystroke-p95', Number(p95.toFixed(1)), 'ms', 'back office: page builder keystroke (40 sections), p95');
  report('admin:keystroke-max', Number(max.toFixed(1)), 'ms', 'back office: page builder keystroke (40 sections), max');
} finally {
  await browser?.close();
  await server.stop();
  await db?.drop().catch(() => undefined);
}
