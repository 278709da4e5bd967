#!/usr/bin/env node
// Lighthouse's four scores (performance, accessibility, best practices, SEO) of the demo site's
// home page and a post page, in en and fr, on the built server:
//
//   node tools/bench/lighthouse.mjs [--url http://127.0.0.1:3000]
//
// Without --url it starts the built server (`npm run build` first) on an empty data folder, so the
// demo site seeds itself, with PUBLIC_URL set to its own address, as a production install sets it
// (canonical and hreflang links must be absolute URLs). It runs `npx lighthouse@12` (fetched from
// the npm registry on first use) with Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium),
// mobile emulation and throttling as Lighthouse defaults them. The issue's aim: each score >= 95.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { report } from './lib/report.mjs';
import { startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const server = values.url ? null : await startServer((port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
const baseUrl = values.url ?? server.baseUrl;
const out = mkdtempSync(join(tmpdir(), 'cms-lighthouse-'));

/** The first published post of the demo blog (a content page under /blog/). */
async function postPath() {
  const slugs = await (await fetch(`${baseUrl}/api/slugs`)).json();
  const post = slugs.find((slug) => slug.contentId !== null && slug.path.startsWith('/blog/') && slug.published && !slug.guarded);
  if (!post) throw new Error('No published post under /blog/: is the demo site there?');
  return post.path;
}

function lighthouse(url) {
  const file = join(out, 'report.json');
  let failure = '';
  // Chromium sometimes breaks a trace (NO_NAVSTART...): nothing the page did; such a run is retried.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    rmSync(file, { force: true });
    const run = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'ignore', 'pipe'], timeout: 240_000 },
    );
    failure =
      run.stderr
        ?.toString()
        .split('\n')
        .filter((line) => line && !line.startsWith('npm warn'))
        .slice(-3)
        .join(' ') ?? '';
    if (run.status === 0) {
      const result = JSON.parse(readFileSync(file, 'utf8'));
      if (!result.runtimeError) return result;
      failure = result.runtimeError.message;
    }
  }
  throw new Error(`lighthouse failed three times on ${url}: ${failure}`);
}

/**
 * Asks for a page and every image and script it names once, as earlier visitors would have: the
 * first request for an image makes its resized variants, and that server work, on this 2-core
 * machine, would otherwise be measured as the browser's blocking time.
 */
async function warmUp(page) {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  const urls = new Set();
  for (const [, value] of html.matchAll(/(?:src|srcset|href)="([^"]+)"/g)) {
    for (const candidate of value.split(',')) {
      const url = candidate.trim().split(/\s+/)[0].replaceAll('&amp;', '&');
      if (url.startsWith('/') && !url.startsWith('//') && /\/(?:api\/uploads|assets)\//.test(url)) urls.add(url);
    }
  }
  await Promise.all([...urls].map(async (url) => (await fetch(`${baseUrl}${url}`)).arrayBuffer()));
}

try {
  const post = await postPath();
  const pages = ['/', post, '/fr', `/fr${post}`];
  for (const page of pages) await warmUp(page);
  console.log(`Lighthouse 12 on ${baseUrl} (mobile, simulated throttling)`);
  for (const page of pages) {
    const result = lighthouse(`${baseUrl}${page}`);
    const scores = Object.values(result.categories).map((category) => [category.id, Math.round(category.score * 100)]);
    console.log(`${page.padEnd(36)} ${scores.map(([id, score]) => `${id} ${score}`).join('  ')}`);
    for (const [id, score] of scores) report(`lighthouse:${page}:${id}`, score, 'score', `Lighthouse ${id} of ${page}`);
    for (const category of Object.values(result.categories)) {
      for (const ref of category.auditRefs) {
        const audit = result.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) console.log(`  ${category.id}: ${audit.id} (${audit.title})`);
      }
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
  await server?.stop();
}
