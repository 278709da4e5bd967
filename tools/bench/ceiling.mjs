// What this machine can give issue 14's list scenario at best, in two parts that content.mjs's
// figures can be read against. Asserts nothing.
// 1. HTTP alone: a bare node:http server (its own process, like the CMS) answering fixed bodies of
//    the sizes the scenarios answer, to autocannon at 50 connections: the req/s and the server's
//    CPU per request that HTTP, the kernel's loopback and the load generator leave for real work.
// 2. A list window without HTTP or Nest: the built ContentsService.list (dist), which is what a
//    GET /api/contents miss runs, called in this process at a few concurrencies, each call a
//    window never asked before (so the list cache misses): lists/s, this process's CPU per list
//    and the PostgreSQL backends' (utime+stime from /proc/<pid>/stat); then the same for a prepared
//    SELECT 1, the fixed cost of a round trip.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cms_bench node tools/bench/ceiling.mjs [--seconds 8]
// (a database seeded by tools/seed-demo.mjs; without DATABASE_URL only part 1 runs).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { report } from './lib/report.mjs';
import { cpuMs, root } from './lib/server.mjs';
import { BACKENDS_SQL, distinctWindow } from './lib/windows.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' } } });
const seconds = Number(values.seconds);

// 1. HTTP alone. The sizes: a page read's JSON, a site page's HTML, a list window of 25 seeded contents.
const SERVER = `const http = require('node:http');
const body = Buffer.alloc(Number(process.argv[1]), 'a');
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); });
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
for (const size of [3_700, 14_000, 35_000]) {
  const child = spawn(process.execPath, ['-e', SERVER, String(size)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => child.stdout.once('data', (data) => resolve(Number(String(data).trim()))));
  const url = `http://127.0.0.1:${port}`;
  await autocannon({ url, connections: 50, duration: 2 });
  const before = cpuMs(child.pid);
  const result = await autocannon({ url, connections: 50, duration: seconds });
  const perRequest = (cpuMs(child.pid) - before) / Math.max(1, result.requests.total);
  console.log(
    `bare HTTP, ${size} B answers: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, server CPU ${perRequest.toFixed(3)} ms per request`,
  );
  report(`ceiling:http-${size}:rps`, Math.round(result.requests.average), 'req/s', `bare HTTP, ${size} B answers`);
  child.kill();
}

// 2. The list window's own work.
if (process.env.DATABASE_URL) {
  const require = createRequire(import.meta.url);
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require(join(root, 'dist/apps/api/database/data-source-options.js'));
  const { ContentsService } = require(join(root, 'dist/apps/api/contents/contents.service.js'));
  const { ContentListCache } = require(join(root, 'dist/apps/api/contents/content-list-cache.js'));
  const { allowNamedStatements, preparedQuery } = require(join(root, 'dist/apps/api/database/prepared-query.js'));
  const { ReadPool } = require(join(root, 'dist/apps/api/database/read-pool.js'));
  const dataSource = await new DataSource(dataSourceOptions(process.env.DATABASE_URL, 10)).initialize();
  // Reads run on a pool of their own, as the server's (database/read-pool.ts).
  const reads = ReadPool.onServer(dataSource, process.env.DATABASE_URL, 10);
  // As the server does on PostgreSQL: hot statements run prepared, planned once per connection.
  allowNamedStatements(dataSource);
  // list() reads through the data source and the list cache only; the other collaborators serve writes.
  const contents = new ContentsService(dataSource, reads, undefined, undefined, undefined, undefined, new ContentListCache(reads));
  const depths = await dataSource.query('SELECT "containerId" AS id, sum("count")::int AS n FROM content_count GROUP BY 1 ORDER BY 1');
  const backends = async () => (await dataSource.query(BACKENDS_SQL)).map((row) => row.pid);
  const pgCpu = (pids) => pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
  let k = 0;
  /** The next window of content.mjs's different-window scenario, each container as deep as it is. */
  const nextWindow = () => {
    const { c, locale, start } = distinctWindow(k++, depths, (container) => container.n);
    const raw = { filter: JSON.stringify({ containerId: c.id }), sort: JSON.stringify(['updatedAt', 'DESC']), range: JSON.stringify([start, start + 24]) };
    return contents.list(raw, locale);
  };
  const drive = async (concurrency, ms, next = nextWindow) => {
    let done = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          await next();
          done++;
        }
      }),
    );
    return done;
  };
  /** Runs `next` at each concurrency and prints what one call costs. */
  const measure = async (label, id, next) => {
    // The compiler first: otherwise the first concurrency measured pays for it.
    await drive(4, 3000, next);
    for (const concurrency of [2, 4, 10]) {
      await drive(concurrency, 1000, next);
      const pids = await backends();
      const node0 = process.cpuUsage();
      const pg0 = pgCpu(pids);
      const started = performance.now();
      const done = await drive(concurrency, seconds * 1000, next);
      const elapsed = (performance.now() - started) / 1000;
      const node = process.cpuUsage(node0);
      const nodeMs = (node.user + node.system) / 1000 / done;
      const pgMs = (pgCpu(pids) - pg0) / done;
      console.log(
        `${label}, ${concurrency} at once: ${Math.round(done / elapsed)}/s, CPU each: this process ${nodeMs.toFixed(3)} ms (${(node.system / 1000 / done).toFixed(3)} of it in the kernel), PostgreSQL ${pgMs.toFixed(3)} ms`,
      );
      report(`ceiling:${id}-${concurrency}:rps`, Math.round(done / elapsed), 'per second', `${label}, ${concurrency} at once`);
    }
  };
  await measure('list window without HTTP', 'list', nextWindow);
  // The fixed cost of a round trip on this machine: a prepared statement that reads nothing.
  await measure('a round trip (SELECT 1, prepared)', 'round-trip', () => preparedQuery(reads, 'SELECT 1', []));
  await reads.end();
  await dataSource.destroy();
}
