#!/usr/bin/env node
// `node tools/scale-out.mjs` (npm run scale-out): the docker/compose.yml topology without a
// container engine, on loopback. Two API processes (SERVE=back-office) and two standalone site
// processes on a fresh database of this machine's PostgreSQL, uploads on an s3rver it starts,
// behind Debian's nginx with docker/nginx/cms-locations.conf; then, through the proxy, checks that
//   - a session made on one API works on the other,
//   - an upload made through one API is served by the other,
//   - a write through one API purges the page cache of both site processes,
//   - the sign-in limit counts failures made on either API together.
// It skips (exit 0, with the reason) when nginx or the PostgreSQL server is missing; it ends within
// SCALE_OUT_TIMEOUT_S (default 180) seconds whatever happens, and removes everything it made.
//   SCALE_OUT_PG_URL  server to create the database on (default: DATABASE_URL's server, else
//                     postgres://postgres@127.0.0.1:5432/postgres)
//   NGINX             the nginx binary (default: /usr/sbin/nginx, else nginx in PATH)
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  apiClient,
  assert,
  Child,
  deadline,
  ensureBuilt,
  findBinary,
  freePort,
  freshDatabase,
  nodeChild,
  root,
  runChecks,
  skip,
  startS3,
  until,
  waitHealthy,
} from './ops/harness.mjs';

const TOOL = 'scale-out';
const nginxBin = findBinary([process.env.NGINX, '/usr/sbin/nginx', 'nginx']);
if (!nginxBin) skip(TOOL, 'nginx is not installed (Debian: apt-get install -y nginx-light; or set NGINX=/path/to/nginx)');
const serverUrl =
  process.env.SCALE_OUT_PG_URL ??
  (process.env.DATABASE_URL
    ? (() => {
        const url = new URL(process.env.DATABASE_URL);
        url.pathname = '/postgres';
        return url.toString();
      })()
    : 'postgres://postgres@127.0.0.1:5432/postgres');

const cleanups = [];
const children = [];
async function cleanup() {
  await Promise.all(children.map((child) => child.stop(5000)));
  for (const step of cleanups.reverse()) await step().catch((error) => console.log(`${TOOL}: cleanup: ${error.message}`));
  cleanups.length = 0;
}
deadline(TOOL, Number(process.env.SCALE_OUT_TIMEOUT_S ?? 180) * 1000, cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(1)));

async function main() {
  const db = await freshDatabase(serverUrl, 'cms_scaleout');
  if (!db) skip(TOOL, `no PostgreSQL server answers at ${serverUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')} (set SCALE_OUT_PG_URL)`);
  cleanups.push(() => db.drop());
  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'cms-scale-out-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  const s3 = await startS3('cms-scale-out');
  cleanups.push(() => s3.stop());

  const owner = { email: 'owner@scale-out.test', password: `owner-${randomBytes(6).toString('hex')}` };
  const common = {
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CMS_ADMIN_EMAIL: owner.email,
    CMS_ADMIN_PASSWORD: owner.password,
    SERVE: 'back-office',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
    ...s3.env,
  };
  const [apiPorts, sitePorts, proxyPort] = [[await freePort(), await freePort()], [await freePort(), await freePort()], await freePort()];
  // Both APIs start at once on the empty database: the migration lock makes one wait for the other.
  const apis = apiPorts.map((port, i) =>
    nodeChild(`api${i + 1}`, 'dist/apps/api/main.js', { ...common, PORT: String(port), DATA_DIR: join(work, `api${i + 1}`) }),
  );
  children.push(...apis);
  await Promise.all(apis.map((api, i) => waitHealthy(`http://127.0.0.1:${apiPorts[i]}/api/health`, api)));
  const sites = sitePorts.map((port, i) =>
    nodeChild(`site${i + 1}`, 'dist/apps/site/server/standalone.mjs', {
      PORT: String(port),
      HOST: '127.0.0.1',
      API_ORIGIN: `http://127.0.0.1:${apiPorts[i]}`,
      DATABASE_URL: db.url,
    }),
  );
  children.push(...sites);
  await Promise.all(sites.map((site, i) => waitHealthy(`http://127.0.0.1:${sitePorts[i]}/_site/health`, site)));

  // The same routes as the compose proxy; the upstreams are this machine's processes, and each
  // answer names the instance that made it (X-Upstream) so the checks can tell them apart.
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(join(work, 'nginx', dir), { recursive: true });
  const conf = join(work, 'nginx', 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process on;
worker_processes 1;
pid ${work}/nginx/nginx.pid;
error_log ${work}/nginx/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx/body;
  proxy_temp_path ${work}/nginx/proxy;
  fastcgi_temp_path ${work}/nginx/fastcgi;
  uwsgi_temp_path ${work}/nginx/uwsgi;
  scgi_temp_path ${work}/nginx/scgi;
  upstream cms_api { ${apiPorts.map((port) => `server 127.0.0.1:${port};`).join(' ')} keepalive 8; }
  upstream cms_site { ${sitePorts.map((port) => `server 127.0.0.1:${port};`).join(' ')} keepalive 8; }
  server {
    listen 127.0.0.1:${proxyPort};
    add_header X-Upstream $upstream_addr always;
    include ${join(root, 'docker/nginx/compression.conf')};
    include ${join(root, 'docker/nginx/cms-locations.conf')};
  }
}
`,
  );
  const nginx = new Child('nginx', nginxBin, ['-p', join(work, 'nginx'), '-c', conf, '-e', join(work, 'nginx/logs/error.log')]);
  children.push(nginx);
  const proxy = `http://127.0.0.1:${proxyPort}`;
  await waitHealthy(`${proxy}/api/health`, nginx, 15_000);
  const call = apiClient(proxy);
  const upstream = (res) => res.headers.get('x-upstream');
  const apiAddresses = new Set(apiPorts.map((port) => `127.0.0.1:${port}`));
  const siteAddresses = new Set(sitePorts.map((port) => `127.0.0.1:${port}`));

  /** Sends the same request until every instance in `addresses` has answered it; answers them by address. */
  async function onEach(addresses, send) {
    const seen = new Map();
    for (let i = 0; i < 12 && seen.size < addresses.size; i++) {
      const res = await send();
      const from = upstream(res);
      assert(addresses.has(from), `an answer came from ${from}, not from one of ${[...addresses].join(', ')}`);
      if (!seen.has(from)) seen.set(from, res);
    }
    assert(seen.size === addresses.size, `only ${[...seen.keys()].join(', ')} answered`);
    return seen;
  }

  let token;
  const failed = await runChecks(
    TOOL,
    [
      [
        'a session made on one API works on the other',
        async () => {
          const signIn = await call('POST', '/api/auth/signin', { body: owner });
          assert(signIn.status === 200, `sign-in answered ${signIn.status} ${signIn.text}`);
          token = signIn.body.token;
          const answers = await onEach(apiAddresses, () => call('GET', '/api/me', { token }));
          for (const [from, me] of answers) assert(me.status === 200 && me.body.email === owner.email, `/api/me on ${from}: ${me.status} ${me.text}`);
          // Signing out on one ends the session on every instance.
          const out = await call('POST', '/api/auth/signout', { token });
          assert(out.status < 300, `sign-out answered ${out.status}`);
          // (The other instance hears of it by NOTIFY, within milliseconds.)
          const ended = new Set();
          await until(
            'both APIs to refuse the ended session',
            async () => {
              const me = await call('GET', '/api/me', { token });
              if (me.status === 401 || me.status === 403) ended.add(upstream(me));
              return ended.size === apiAddresses.size ? true : undefined;
            },
            5000,
            20,
          );
          token = (await call('POST', '/api/auth/signin', { body: owner })).body.token;
        },
      ],
      [
        'an upload made through one API is served by the other',
        async () => {
          const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
            .png()
            .toBuffer();
          const form = new FormData();
          form.append('name', 'Scale-out square');
          form.append('file', new Blob([png], { type: 'image/png' }), 'square.png');
          const made = await call('POST', '/api/medias', { token, body: form });
          assert(made.status === 201, `upload answered ${made.status} ${made.text}`);
          const by = upstream(made);
          const other = await until(
            'the other API to serve the upload',
            async () => {
              const res = await fetch(`${proxy}/api/uploads/${made.body.uri}`);
              const bytes = Buffer.from(await res.arrayBuffer());
              if (upstream(res) === by) return undefined;
              return { status: res.status, bytes };
            },
            10_000,
            10,
          );
          assert(
            other.status === 200 && other.bytes.equals(png),
            `the other API answered ${other.status} with ${other.bytes.length} bytes (uploaded ${png.length})`,
          );
          const variant = await fetch(`${proxy}/api/uploads/${made.body.uri}?w=32&format=webp`);
          assert(
            variant.status === 200 && variant.headers.get('content-type') === 'image/webp',
            `variant: ${variant.status} ${variant.headers.get('content-type')}`,
          );
        },
      ],
      [
        "a write through one API purges the other site process's page cache",
        async () => {
          const slug = `scale-out-${randomBytes(3).toString('hex')}`;
          const page = await call('POST', '/api/containers', {
            token,
            body: { title: 'Scale-out page', slug, published: true, sections: [{ block: 'hero', content: { title: 'First title' } }] },
          });
          assert(page.status === 201, `page creation answered ${page.status} ${page.text}`);
          // Both site processes render the page, then serve it from their caches. The create's own
          // purge (its address may have been cached as a 404) can reach a site after its first
          // render and drop that copy: each site is asked until it answers from its cache.
          const hits = new Map();
          await until(
            'both site processes to serve the page from their caches',
            async () => {
              const res = await fetch(`${proxy}/${slug}`);
              const from = upstream(res);
              assert(siteAddresses.has(from), `an answer came from ${from}, not from one of ${[...siteAddresses].join(', ')}`);
              assert(res.status === 200, `${from} answered ${res.status}`);
              const html = await res.text();
              if (res.headers.get('x-cache') === 'HIT') hits.set(from, html);
              return hits.size === siteAddresses.size ? true : undefined;
            },
            10_000,
            20,
          );
          for (const [from, html] of hits) assert(html.includes('First title'), `${from} does not show the page`);
          const edit = await call('PUT', `/api/containers/${page.body.id}?locale=en`, {
            token,
            body: { sections: [{ block: 'hero', content: { title: 'Second title' } }] },
          });
          assert(edit.status === 200, `the edit answered ${edit.status} ${edit.text}`);
          // The purge travels by NOTIFY: poll until both show the edit, well before the 5-minute expiry.
          const fresh = new Set();
          await until(
            'both site processes to show the edit',
            async () => {
              const res = await fetch(`${proxy}/${slug}`);
              if ((await res.text()).includes('Second title')) fresh.add(upstream(res));
              return fresh.size === siteAddresses.size ? true : undefined;
            },
            10_000,
            20,
          );
        },
      ],
      [
        'the sign-in limit counts the failures made on either API',
        async () => {
          const user = { email: `limited-${randomBytes(3).toString('hex')}@scale-out.test`, password: 'limited-password-1' };
          const made = await call('POST', '/api/users', { token, body: { name: 'Limited', ...user, roleId: 'super-admin' } });
          assert(made.status === 201, `user creation answered ${made.status} ${made.text}`);
          const hit = new Set();
          for (let i = 0; i < 3; i++) {
            const res = await call('POST', '/api/auth/signin', { body: { email: user.email, password: 'wrong-password' } });
            assert(res.status === 401, `failure ${i + 1} answered ${res.status}`);
            hit.add(upstream(res));
          }
          assert(hit.size === 2, `the failures all reached ${[...hit].join(', ')}`);
          // Three failures in all (at most two on either instance): both refuse, even the right password.
          const refused = await onEach(apiAddresses, () => call('POST', '/api/auth/signin', { body: user }));
          for (const [from, res] of refused) assert(res.status === 429, `${from} answered ${res.status} after 3 failures`);
        },
      ],
      [
        "the proxy compresses what the API sends uncompressed (compression.conf), and passes the back office's brotli files on",
        async () => {
          const docs = await fetch(`${proxy}/api/docs-json`, { headers: { 'accept-encoding': 'gzip' } });
          assert(docs.status === 200, `/api/docs-json answered ${docs.status}`);
          assert(docs.headers.get('content-encoding') === 'gzip', `/api/docs-json came with Content-Encoding ${docs.headers.get('content-encoding')}`);
          assert(/accept-encoding/i.test(docs.headers.get('vary') ?? ''), `/api/docs-json came with Vary ${docs.headers.get('vary')}`);
          JSON.parse(await docs.text());
          const index = await (await fetch(`${proxy}/admin`)).text();
          const asset = /\/admin\/assets\/[^"]+\.js/.exec(index)?.[0];
          assert(asset, 'the back office names no script');
          const script = await fetch(`${proxy}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
          assert(
            script.status === 200 && script.headers.get('content-encoding') === 'br',
            `${asset} answered ${script.status} with Content-Encoding ${script.headers.get('content-encoding')}`,
          );
        },
      ],
    ],
    () => {
      for (const child of children) console.log(child.tail(15));
    },
  );
  return failed;
}

let code = 1;
try {
  const failed = await main();
  code = failed ? 1 : 0;
  console.log(`${TOOL}: ${failed ? `${failed} check(s) failed` : 'every check passed'}`);
} catch (error) {
  console.log(`${TOOL}: FAIL ${error.stack ?? error.message}`);
  for (const child of children) console.log(child.tail(20));
} finally {
  await cleanup();
}
process.exit(code);
