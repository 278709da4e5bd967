#!/usr/bin/env node
// `node tools/varnish-check.mjs` (npm run varnish-check): the built server (API and site in one
// process, embedded database, fresh data folder) behind Debian's Varnish running
// docker/varnish/default.vcl, on loopback, with CDN_MAX_AGE and CDN_PURGE=varnish. Proves that
//   - a second anonymous GET of a page (HTML and /api/pages) is served by Varnish (HIT, Age);
//   - a publish through the API shows through Varnish within a second (the API's purge bans it);
//   - a members-only page is never stored by Varnish;
//   - a signed-in request is never served from its cache;
// and prints the hit/miss/purge log. SKIPPED (exit 0) where varnishd is missing.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiClient,
  assert,
  Child,
  deadline,
  ensureBuilt,
  findBinary,
  freePort,
  nodeChild,
  runChecks,
  skip,
  sleep,
  until,
  waitHealthy,
} from './ops/harness.mjs';

const TOOL = 'varnish';
const varnishd = findBinary([process.env.VARNISHD, '/usr/sbin/varnishd', 'varnishd']);
if (!varnishd) skip(TOOL, 'varnishd is not installed (apt-get install varnish)');
const varnishadm = findBinary(['/usr/bin/varnishadm', 'varnishadm']);

const MAX_AGE = 300;
/** How long after a purge the API purges the same keys again (CDN_PURGE_REPEAT_MS). */
const PURGE_REPEAT_MS = 1000;
const children = [];
const cleanups = [];
async function cleanup() {
  await Promise.all(children.map((child) => child.stop(5000)));
  for (const step of cleanups.reverse()) await step().catch((error) => console.log(`${TOOL}: cleanup: ${error.message}`));
  cleanups.length = 0;
}
deadline(TOOL, Number(process.env.VARNISH_CHECK_TIMEOUT_S ?? 240) * 1000, cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(1)));

/** The log the closing note shows: each request through Varnish, and each purge. */
const log = [];
function note(line) {
  log.push(line);
  console.log(`${TOOL}: ${line}`);
}

async function main() {
  ensureBuilt();
  const version = spawnSync(varnishd, ['-V'], { encoding: 'utf8' });
  console.log(`${TOOL}: ${(version.stderr || version.stdout).split('\n')[0]}`);
  const work = mkdtempSync(join(tmpdir(), 'cms-varnish-'));
  // varnishd run as root drops to its own user, which must read the VCL and write the work folder.
  chmodSync(work, 0o755);
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  const [apiPort, varnishPort] = [await freePort(), await freePort()];
  const owner = { email: 'owner@varnish.test', password: `owner-${randomBytes(6).toString('hex')}` };

  // The committed VCL, its backend pointed at this server.
  const vcl = readFileSync(new URL('../docker/varnish/default.vcl', import.meta.url), 'utf8').replace(
    /backend default \{[^}]*\}/,
    `backend default {\n    .host = "127.0.0.1";\n    .port = "${apiPort}";\n}`,
  );
  const vclFile = join(work, 'default.vcl');
  writeFileSync(vclFile, vcl, { mode: 0o644 });
  const instance = join(work, 'varnish');
  const varnish = new Child('varnishd', varnishd, [
    '-F',
    '-n',
    instance,
    '-a',
    `127.0.0.1:${varnishPort}`,
    '-f',
    vclFile,
    '-s',
    'malloc,64m',
    '-p',
    'ban_lurker_sleep=0.01',
  ]);
  children.push(varnish);

  const api = nodeChild('server', 'dist/apps/api/main.js', {
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DATA_DIR: join(work, 'data'),
    CMS_DEMO: 'false',
    CMS_ADMIN_EMAIL: owner.email,
    CMS_ADMIN_PASSWORD: owner.password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    CDN_MAX_AGE: String(MAX_AGE),
    CDN_STALE: '30',
    CDN_PURGE: 'varnish',
    CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
    CDN_PURGE_REPEAT_MS: String(PURGE_REPEAT_MS),
  });
  children.push(api);
  const origin = `http://127.0.0.1:${apiPort}`;
  const front = `http://127.0.0.1:${varnishPort}`;
  await waitHealthy(`${origin}/api/health`, api, 120_000);
  await waitHealthy(`${front}/api/health`, varnish, 30_000);

  const call = apiClient(origin);
  const signIn = await call('POST', '/api/auth/signin', { body: owner });
  assert(signIn.status === 200, `sign-in answered ${signIn.status} ${signIn.text}`);
  const token = signIn.body.token;
  const must = async (what, promise, status) => {
    const res = await promise;
    assert(res.status === status, `${what} answered ${res.status} ${res.text.slice(0, 300)}`);
    return res.body;
  };
  const news = await must(
    'the container',
    call('POST', '/api/containers', {
      token,
      body: { title: 'News', slug: 'news', published: true, fields: [{ label: 'Text', name: 'text', type: 'STRING' }] },
    }),
    201,
  );
  const post = await must(
    'the content',
    call('POST', '/api/contents?locale=en', {
      token,
      body: { containerId: news.id, title: 'First', slug: 'first', published: true, fields: { text: 'version one' } },
    }),
    201,
  );
  const members = await must(
    'the members-only container',
    call('POST', '/api/containers', { token, body: { title: 'Members', slug: 'members', published: true, accesses: [{ roleId: 'super-admin' }] } }),
    201,
  );
  await must(
    'the members-only content',
    call('POST', '/api/contents?locale=en', { token, body: { containerId: members.id, title: 'Secret', slug: 'secret', published: true } }),
    201,
  );

  // The set-up's writes purge their pages now and again PURGE_REPEAT_MS later: the checks start
  // once those purges are done, so that none of them bans what a check has just had Varnish keep.
  await sleep(PURGE_REPEAT_MS + 1000);

  /** A GET through Varnish, logged with what Varnish did. */
  const through = async (path, headers = {}) => {
    const res = await fetch(`${front}${path}`, { headers });
    const text = await res.text();
    const cache = res.headers.get('x-varnish-cache');
    const who = headers.token ? ' (signed in: token)' : headers.authorization ? ' (signed in: Bearer)' : '';
    note(`GET ${path}${who} -> ${res.status} ${cache} age=${res.headers.get('age')} cache-control="${res.headers.get('cache-control')}"`);
    return { status: res.status, cache, age: Number(res.headers.get('age')), headers: res.headers, text };
  };

  const failed = await runChecks(
    TOOL,
    [
      [
        'a second anonymous GET is a Varnish hit (HTML and /api/pages)',
        async () => {
          for (const path of ['/news/first', '/api/pages?path=%2Fnews%2Ffirst&locale=en']) {
            const first = await through(path);
            assert(first.status === 200 && first.cache === 'MISS', `first GET ${path}: ${first.status} ${first.cache}`);
            assert(
              first.headers.get('cache-control') === `public, max-age=0, s-maxage=${MAX_AGE}, stale-while-revalidate=30`,
              `Cache-Control ${first.headers.get('cache-control')}`,
            );
            const keys = first.headers.get('surrogate-key') ?? '';
            assert(
              /(^| )p-en-[0-9a-z]+( |$)/.test(keys) && keys.split(' ').includes(`c${post.id}`) && keys.split(' ').includes(`k${news.id}`),
              `Surrogate-Key "${keys}"`,
            );
            await sleep(1100);
            const second = await through(path);
            assert(second.status === 200 && second.cache === 'HIT', `second GET ${path}: ${second.status} ${second.cache}`);
            assert(second.age >= 1, `a hit kept ${second.age} s old has no Age`);
            assert(second.text === first.text, 'the hit differs from the miss');
          }
        },
      ],
      [
        'a publish through the API shows through Varnish within a second',
        async () => {
          const put = await call('PUT', `/api/contents/${post.id}?locale=en`, { token, body: { fields: { text: 'version two' } } });
          const saved = Date.now();
          assert(put.status === 200, `PUT answered ${put.status} ${put.text}`);
          const fresh = await until(
            'the new text through Varnish',
            async () => {
              const res = await through('/news/first');
              return res.text.includes('version two') ? res : undefined;
            },
            1000,
            50,
          );
          note(`publish visible through Varnish ${Date.now() - saved} ms after the save was acknowledged (${fresh.cache})`);
          // The same purge bans the /api/pages answer: within the same second from the save.
          await until(
            '/api/pages with the new text through Varnish',
            async () => {
              const res = await through('/api/pages?path=%2Fnews%2Ffirst&locale=en');
              return res.text.includes('version two') ? res : undefined;
            },
            Math.max(50, 1000 - (Date.now() - saved)),
            50,
          );
          const again = await through('/news/first');
          assert(again.cache === 'HIT' && again.text.includes('version two'), `after the purge: ${again.cache}`);
        },
      ],
      [
        'a members-only page is never stored by Varnish',
        async () => {
          for (let i = 0; i < 3; i++) {
            const html = await through('/members/secret');
            assert(html.status === 200 && html.cache !== 'HIT', `anonymous /members/secret: ${html.status} ${html.cache}`);
            assert(/private/.test(html.headers.get('cache-control') ?? ''), `Cache-Control ${html.headers.get('cache-control')}`);
            assert(!html.text.includes('Secret</h1>'), 'the stand-in shows the page');
            const json = await through('/api/pages?path=%2Fmembers%2Fsecret&locale=en', { token });
            assert(json.status === 200 && json.cache === 'PASS', `member's /api/pages: ${json.status} ${json.cache}`);
          }
          const anonymous = await through('/api/pages?path=%2Fmembers%2Fsecret&locale=en');
          assert(anonymous.status === 401 && anonymous.cache !== 'HIT', `anonymous /api/pages: ${anonymous.status} ${anonymous.cache}`);
        },
      ],
      [
        'a signed-in request is never served from the cache',
        async () => {
          // Kept again (the second pass of the last purge may have just banned it).
          let cached = await through('/news/first');
          if (cached.cache !== 'HIT') cached = await through('/news/first');
          assert(cached.cache === 'HIT', `the page is not kept (${cached.cache})`);
          for (const headers of [{ token }, { authorization: `Bearer ${token}` }]) {
            for (const path of ['/news/first', '/api/pages?path=%2Fnews%2Ffirst&locale=en']) {
              const res = await through(path, headers);
              assert(res.status === 200 && res.cache === 'PASS', `${path} signed in: ${res.status} ${res.cache}`);
              assert(res.headers.get('cache-control') === 'private, no-store', `${path} signed in: Cache-Control ${res.headers.get('cache-control')}`);
              assert(!res.headers.get('surrogate-key'), `${path} signed in carries keys`);
            }
          }
        },
      ],
      [
        'Varnish refuses a purge that names no keys',
        async () => {
          const res = await fetch(`${front}/`, { method: 'PURGE', headers: { 'X-Purge-Keys': 'site") || obj.status ~ ("' } });
          note(`PURGE with a malformed X-Purge-Keys -> ${res.status}`);
          assert(res.status === 400, `answered ${res.status}`);
        },
      ],
    ],
    () => {
      console.log(api.tail(40));
      console.log(varnish.tail(20));
    },
  );

  // The purges, as the API logged them and as Varnish holds them.
  for (const line of api.lines) {
    if (!line.includes('CdnPurge')) continue;
    try {
      note(`api: ${JSON.parse(line).msg}`);
    } catch {
      note(`api: ${line}`);
    }
  }
  if (varnishadm) {
    const bans = spawnSync(varnishadm, ['-n', instance, 'ban.list'], { encoding: 'utf8' });
    for (const line of (bans.stdout || bans.stderr).split('\n').filter(Boolean)) note(`ban.list: ${line.trim()}`);
  }
  await cleanup();
  console.log(failed ? `${TOOL}: ${failed} check(s) FAILED` : `${TOOL}: all checks passed`);
  process.exit(failed ? 1 : 0);
}

main().catch(async (error) => {
  console.log(`${TOOL}: FAIL ${error.stack ?? error.message}`);
  for (const child of children) console.log(child.tail(30));
  await cleanup();
  process.exit(1);
});
