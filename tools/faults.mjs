#!/usr/bin/env node
// `node tools/faults.mjs [kill|postgres|drain]` (npm run faults): the built API through faults,
// each scenario on its own data, loopback only, bounded in time (FAULTS_TIMEOUT_S, default 420):
//   kill      SIGKILL in the middle of a stream of content writes and form submissions, with the
//             SMTP server down; after a restart every acknowledged write is there whole, no
//             content is half-written, and once SMTP is up every message's mail goes out.
//             On the embedded PGlite (the default setup), the most fragile case.
//   postgres  a private PostgreSQL server (initdb + pg_ctl in a temporary folder, on a free port;
//             never the machine's shared one) stopped and started again under load: requests
//             answer 503 within a second meanwhile, /api/health says the database is down, and
//             the API recovers by itself once the server is back. Skipped without initdb.
//   drain     SIGTERM while an upload is still arriving: the upload completes, then the process
//             exits 0 and new connections are refused.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { apiClient, assert, deadline, ensureBuilt, findBinary, freePort, nodeChild, runChecks, sleep, until, waitHealthy } from './ops/harness.mjs';

const TOOL = 'faults';
const OWNER = { email: 'owner@faults.test', password: `owner-${randomBytes(6).toString('hex')}` };
const children = [];
const cleanups = [];
async function cleanup() {
  await Promise.all(children.map((child) => child.stop(5000)));
  for (const step of cleanups.reverse()) await step().catch((error) => console.log(`${TOOL}: cleanup: ${error.message}`));
  cleanups.length = 0;
}
deadline(TOOL, Number(process.env.FAULTS_TIMEOUT_S ?? 420) * 1000, cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(1)));

function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startApi(name, env) {
  const port = env.PORT ?? String(await freePort());
  const api = nodeChild(name, 'dist/apps/api/main.js', {
    SERVE: 'api',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    CMS_ADMIN_EMAIL: OWNER.email,
    CMS_ADMIN_PASSWORD: OWNER.password,
    JWT_SECRET: 'faults-jwt-secret-that-is-long-enough-0123456789',
    FORM_SUBMISSIONS_PER_MINUTE: '100000',
    ...env,
    PORT: port,
  });
  children.push(api);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/api/health`, api, 120_000);
  const call = apiClient(base);
  const signIn = await call('POST', '/api/auth/signin', { body: OWNER });
  assert(signIn.status === 200, `sign-in answered ${signIn.status} ${signIn.text}`);
  return { api, base, port, call, token: signIn.body.token };
}

/** An SMTP server on `port` that keeps what it receives. */
async function startSmtp(port, received) {
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { stop: () => new Promise((resolve) => server.close(resolve)) };
}

async function killScenario() {
  const t0 = Date.now();
  const at = (what) => process.env.FAULTS_DEBUG && console.log(`${TOOL}: +${Math.round((Date.now() - t0) / 1000)} s ${what}`);
  const dataDir = tempDir('cms-faults-kill-');
  const smtpPort = await freePort();
  // A short lease: the mails the killed process had claimed are retried after it, not after 2 minutes.
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'cms@faults.test',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_POLL_MS: '100',
    MAIL_MAX_ATTEMPTS: '100',
    MAIL_LEASE_SECONDS: '10',
  };
  const first = await startApi('api', env);
  const { call, token } = first;
  at('first API up');
  const container = await call('POST', '/api/containers', {
    token,
    body: {
      title: 'Notes',
      fields: [
        { label: 'Body', name: 'body', type: 'PARAGRAPH' },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
        { label: 'Rank', name: 'rank', type: 'NUMBER' },
      ],
    },
  });
  assert(container.status === 201, `container: ${container.status} ${container.text}`);
  const form = await call('POST', '/api/forms', {
    token,
    body: { title: 'Contact', sendMail: true, sendTo: 'team@faults.test', fields: [{ name: 'name', type: 'TEXT', label: 'Name' }] },
  });
  assert(form.status === 201, `form: ${form.status} ${form.text}`);

  // What every attempted write carried, by its unique title or name; and those acknowledged.
  const sent = new Map();
  const ackedContents = new Map();
  const ackedMessages = new Set();
  let stop = false;
  const contentWriter = async (lane) => {
    for (let i = 0; !stop; i++) {
      const title = `w${lane}-${i}-${randomBytes(3).toString('hex')}`;
      const fields = { body: `Body of ${title} `.repeat(20), tags: [`t${i}`, `lane${lane}`, title], rank: i };
      sent.set(title, fields);
      try {
        const res = await call('POST', `/api/contents?locale=en`, { token, body: { title, containerId: container.body.id, fields } });
        if (res.status === 201) ackedContents.set(title, res.body.id);
      } catch {
        return; // the process is gone
      }
    }
  };
  const formWriter = async (lane) => {
    for (let i = 0; !stop; i++) {
      const name = `m${lane}-${i}-${randomBytes(3).toString('hex')}`;
      try {
        const res = await call('POST', `/api/forms/${form.body.id}/messages`, {
          body: { values: { name } },
          headers: { 'X-Forwarded-For': `10.0.${lane}.${i % 250}` },
        });
        if (res.status === 201) ackedMessages.add(name);
      } catch {
        return;
      }
    }
  };
  const writers = [0, 1, 2].map(contentWriter).concat([0, 1].map(formWriter));
  await until('a stream of acknowledged writes', () => (ackedContents.size >= 30 && ackedMessages.size >= 30 ? true : undefined), 60_000, 20);
  at('writes acknowledged');
  first.api.kill('SIGKILL');
  await first.api.exited;
  stop = true;
  await Promise.all(writers);
  console.log(
    `${TOOL}: killed the API after ${ackedContents.size} acknowledged contents and ${ackedMessages.size} messages (of ${sent.size} content writes attempted)`,
  );

  // SMTP comes back while the API is down: the mails of every message acknowledged before the
  // kill go out from the restarted process, at their next try (the backoff doubles, so about as
  // long after as SMTP was down).
  const received = [];
  const smtp = await startSmtp(smtpPort, received);
  cleanups.push(() => smtp.stop());

  const second = await startApi('api-restarted', { ...env, PORT: first.port });
  at('restarted');
  /** Every item of a list, page by page (lists answer at most 100 at a time). */
  const all = async (path) => {
    const items = [];
    for (let start = 0; ; start += 100) {
      const page = await second.call('GET', `${path}${path.includes('?') ? '&' : '?'}range=${encodeURIComponent(`[${start},${start + 99}]`)}`, {
        token: second.token,
      });
      assert(page.status === 200, `${path}: ${page.status} ${page.text}`);
      items.push(...page.body);
      if (page.body.length < 100) return items;
    }
  };
  const list = await all(`/api/contents?filter=${encodeURIComponent(JSON.stringify({ containerId: container.body.id }))}`);
  const stored = new Map(list.map((content) => [content.title, content.id]));
  for (const [title, id] of ackedContents) assert(stored.get(title) === id, `the acknowledged content ${title} (#${id}) is missing after the restart`);
  // Every content there, acknowledged or not, holds all it was sent: nothing half-written.
  for (const [title, id] of stored) {
    const read = await second.call('GET', `/api/contents/${id}?locale=en`, { token: second.token });
    assert(read.status === 200, `content ${id}: ${read.status}`);
    assert(
      isDeepStrictEqual(read.body.fields, sent.get(title)),
      `content ${title} is not whole: ${JSON.stringify(read.body.fields).slice(-200)} where ${JSON.stringify(sent.get(title)).slice(-200)} was sent`,
    );
  }
  const messages = await all('/api/messages');
  const names = new Set(messages.map((message) => message.value?.name));
  for (const name of ackedMessages) assert(names.has(name), `the acknowledged message ${name} is missing after the restart`);
  console.log(
    `${TOOL}: after the restart: ${stored.size} contents (${stored.size - ackedContents.size} committed but not acknowledged), ${names.size} messages`,
  );

  at('checked the rows');
  await until(
    'every acknowledged message to be mailed',
    () => {
      const missing = [...ackedMessages].filter((name) => !received.some((raw) => raw.includes(name)));
      return missing.length === 0 ? true : undefined;
    },
    150_000,
    1000,
  );
  at('mails delivered');
  // The drain scenario goes on with this process rather than start (and initialise) another.
  restarted = second;
}

let restarted;

async function postgresScenario() {
  const initdb = findBinary([process.env.INITDB, ...['17', '16', '15'].map((v) => `/usr/lib/postgresql/${v}/bin/initdb`), 'initdb']);
  if (!initdb) {
    console.log(`${TOOL}: SKIPPED postgres restart — initdb is not installed (Debian: postgresql; or set INITDB=/path/to/initdb)`);
    return;
  }
  const bin = join(initdb, '..');
  const dir = tempDir('cms-faults-pg-');
  const pgData = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, run it as the postgres user.
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asUser.length) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0 || !findBinary(['runuser'])) {
      console.log(`${TOOL}: SKIPPED postgres restart — running as root without a postgres user (or runuser) to run the server as`);
      return;
    }
    chownSync(dir, Number(uid.stdout), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout));
  }
  const run = (tool, args) => {
    const [command, ...rest] = [...asUser, join(bin, tool), ...args];
    const result = spawnSync(command, rest, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const pgCtl = (action) =>
    run('pg_ctl', [
      '-D',
      pgData,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-m',
      'fast',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      action,
    ]);
  pgCtl('start');
  cleanups.push(async () => pgCtl('stop'));
  const { call, token, base } = await startApi('api-pg', {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    DATA_DIR: tempDir('cms-faults-pgapi-'),
    DATABASE_POOL_SIZE: '4',
  });

  // Load: readers of the contents list and writers of settings, all the time.
  let stop = false;
  const slowest = { outage: 0 };
  let phase = 'up';
  const statuses = { up: new Map(), down: new Map(), back: new Map() };
  const load = async () => {
    for (let i = 0; !stop; i++) {
      const started = Date.now();
      const res = await (
        i % 2
          ? call('GET', `/api/contents?range=${encodeURIComponent('[0,9]')}`, { token })
          : call('POST', '/api/media-packs', { token, body: { name: `Pack ${i}` } })
      ).catch((error) => ({ status: `error ${error.message}` }));
      const took = Date.now() - started;
      const at = phase;
      statuses[at].set(res.status, (statuses[at].get(res.status) ?? 0) + 1);
      if (at === 'down') slowest.outage = Math.max(slowest.outage, took);
      await sleep(10);
    }
  };
  const lanes = [load(), load(), load()];
  await sleep(1000);
  phase = 'down';
  pgCtl('stop');
  await sleep(2000);
  const health = await fetch(`${base}/api/health`);
  const healthBody = await health.json();
  pgCtl('start');
  phase = 'back';
  // The API was not restarted: it serves again once the server is back.
  await until('the API to answer again after the restart', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 30_000, 100);
  await until(
    'writes to succeed again',
    async () => ((await call('POST', '/api/media-packs', { token, body: { name: 'After' } })).status === 201 ? true : undefined),
    30_000,
    100,
  );
  stop = true;
  await Promise.all(lanes);
  const show = (map) => [...map].map(([status, n]) => `${status}×${n}`).join(' ');
  console.log(
    `${TOOL}: statuses before ${show(statuses.up)}; during the outage ${show(statuses.down)} (slowest ${slowest.outage} ms); after ${show(statuses.back)}`,
  );
  assert(health.status === 503 && /database/i.test(healthBody.message), `/api/health during the outage: ${health.status} ${JSON.stringify(healthBody)}`);
  const downStatuses = [...statuses.down.keys()];
  // 2xx from what is kept in memory (a contents list page), or from a write the server took just
  // before it stopped, is fine; a 500, a network error or a hang is not.
  assert(
    downStatuses.every((status) => status === 503 || (status >= 200 && status < 300)),
    `during the outage some requests answered ${downStatuses.join(', ')} (only 503 or 2xx expected)`,
  );
  assert(statuses.down.get(503) > 0, 'no request answered 503 during the outage');
  const limit = Number(process.env.FAULTS_OUTAGE_MAX_MS ?? 1000);
  assert(slowest.outage <= limit, `a request took ${slowest.outage} ms to answer during the outage (more than ${limit} ms)`);
}

async function drainScenario() {
  const { api, port, token } = restarted?.api.running ? restarted : await startApi('api-drain', { DATA_DIR: tempDir('cms-faults-drain-') });
  // A multipart upload sent slowly, in pieces: SIGTERM arrives while its body is still coming.
  const boundary = 'faults-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  const pieces = Array.from({ length: 10 }, () => Buffer.alloc(20_000, 0x20));
  const body = Buffer.concat([head, ...pieces, tail]);
  const answer = new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/medias',
        headers: { token, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    (async () => {
      req.write(head);
      for (const [i, piece] of pieces.entries()) {
        req.write(piece);
        if (i === 2) api.kill('SIGTERM');
        await sleep(150);
      }
      req.end(tail);
    })();
  });
  const res = await answer;
  assert(res.status === 201, `the upload in flight at SIGTERM answered ${res.status} ${res.text}`);
  const exit = await api.exited;
  assert(exit.code === 0, `the API exited with ${JSON.stringify(exit)} after SIGTERM`);
  const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => false,
    () => true,
  );
  assert(refused, 'the port still answers after the API stopped');
}

const scenarios = {
  kill: ['SIGKILL mid-stream: acknowledged writes survive whole, mails go out once SMTP is back', killScenario],
  drain: ['SIGTERM drains the request in flight, then exits 0', drainScenario],
  postgres: ['PostgreSQL restarted under load: 503 within a second, /api/health says so, recovery', postgresScenario],
};
const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!scenarios[name]) {
    console.log(`${TOOL}: unknown scenario "${name}"; choose among ${Object.keys(scenarios).join(', ')}`);
    process.exit(2);
  }

let code = 1;
try {
  ensureBuilt();
  const failed = await runChecks(
    TOOL,
    (wanted.length ? wanted : Object.keys(scenarios)).map((name) => scenarios[name]),
    () => {
      for (const child of children) console.log(child.tail(15));
    },
  );
  code = failed ? 1 : 0;
  console.log(`${TOOL}: ${failed ? `${failed} scenario(s) failed` : 'every scenario passed'}`);
} catch (error) {
  console.log(`${TOOL}: FAIL ${error.stack ?? error.message}`);
} finally {
  await cleanup();
}
process.exit(code);
