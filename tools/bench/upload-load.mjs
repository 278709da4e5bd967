// Upload load: starts the built API (dist/apps/api/main.js, on a temporary DATA_DIR), uploads
// noise JPEGs (they do not compress away) through POST /api/medias, and prints the total time,
// per-upload p50/p95 and the server's memory (RSS sampled from /proc/<pid>/status while it runs).
// Each run on a fresh server: 200 JPEGs of 2 MB; then 20 of 2 MB against 20 of 20 MB, as JPEGs
// and as MP4 files stored as uploaded, to show that the server's memory does not follow the file
// size (uploads are streamed to disk; images are re-encoded by libvips from the file, row by row,
// and admitted by pixel budget). Prints figures; asserts nothing.
//
//   node tools/build-api.mjs && node tools/bench/upload-load.mjs [--concurrency 4]
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { report } from './lib/report.mjs';
import { percentile, startServer } from './lib/server.mjs';

const args = process.argv.slice(2);
const concurrency = Number(args[args.indexOf('--concurrency') + 1]) || 4;
// --quick (npm run bench -- --quick): one small run of each kind.
const QUICK_RUNS = [
  { count: 20, mb: 2, kind: 'jpeg' },
  { count: 5, mb: 20, kind: 'mp4' },
];
const FULL_RUNS = [
  { count: 200, mb: 2, kind: 'jpeg' },
  // The same number of uploads, small then ten times larger: the database does the same work.
  { count: 20, mb: 2, kind: 'jpeg' },
  { count: 20, mb: 20, kind: 'jpeg' },
  // Files stored as uploaded (no decoding): the streaming path alone.
  { count: 20, mb: 2, kind: 'mp4' },
  { count: 20, mb: 20, kind: 'mp4' },
];
const RUNS = args.includes('--quick') ? QUICK_RUNS : FULL_RUNS;

/** A JPEG of `side`×`side` random pixels. */
function noiseJpeg(side, seed) {
  const pixels = Buffer.alloc(Math.ceil((side * side * 3) / 4) * 4);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels.writeUInt32LE(x >>> 0, i);
  }
  return sharp(pixels.subarray(0, side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** `mb` megabytes of noise behind an MP4 header: accepted as video/mp4 and stored as it is. */
function noiseMp4(mb, seed) {
  const bytes = Buffer.alloc(mb * 1024 * 1024);
  let x = seed * 2654435761;
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes.writeUInt32LE(x >>> 0, i);
  }
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(bytes);
  return bytes;
}

/** The side of a square noise JPEG of about `mb` megabytes (noise takes about 0.9 bytes a pixel). */
async function sideFor(mb) {
  const guess = Math.round(Math.sqrt((mb * 1024 * 1024) / 0.9));
  const probe = await noiseJpeg(guess, 99);
  return Math.round(guess * Math.sqrt((mb * 1024 * 1024) / probe.length));
}

/** Resident memory in MB: all of it, and the anonymous part (heap, buffers, the WASM database) without mapped files. */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]) / 1024;
  return { rss: field('VmRSS'), anon: field('RssAnon') };
}

async function run({ count, mb, kind }) {
  const dir = mkdtempSync(join(tmpdir(), 'cms-upload-bench-'));
  const distinct = Math.min(count, 20);
  const files = [];
  const side = kind === 'jpeg' ? await sideFor(mb) : 0;
  const type = kind === 'jpeg' ? 'image/jpeg' : 'video/mp4';
  for (let i = 0; i < distinct; i++) {
    const file = join(dir, `noise-${i}.${kind === 'jpeg' ? 'jpg' : 'mp4'}`);
    writeFileSync(file, kind === 'jpeg' ? await noiseJpeg(side, i + 1) : noiseMp4(mb, i + 1));
    files.push(file);
  }
  const bytes = files.reduce((sum, f) => sum + readFileSync(f).length, 0) / files.length;

  const server = await startServer({ SERVE: 'api', UPLOAD_MAX_MB: String(Math.max(25, mb * 2)) });
  const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  });
  const { token } = await signIn.json();
  // One upload first, so that the figures do not count loading sharp and warming the JIT.
  const warm = new FormData();
  warm.append('file', await openAsBlob(files[0], { type }), 'warm-up');
  await (await fetch(`${server.baseUrl}/api/medias`, { method: 'POST', headers: { token }, body: warm })).arrayBuffer();
  const before = memoryMb(server.pid);

  const peak = { ...before };
  const sampler = setInterval(() => {
    const now = memoryMb(server.pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
  }, 20);
  const times = [];
  const failures = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const form = new FormData();
        form.append('file', await openAsBlob(files[i % files.length], { type }), `noise-${i}`);
        const t0 = process.hrtime.bigint();
        const res = await fetch(`${server.baseUrl}/api/medias`, { method: 'POST', headers: { token }, body: form });
        const body = await res.json();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.status !== 201) failures.push(`${res.status} ${body.message}`);
      }
    }),
  );
  const totalS = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  await server.stop();
  rmSync(dir, { recursive: true, force: true });

  times.sort((a, b) => a - b);
  const what = kind === 'jpeg' ? `noise JPEGs (${side}×${side} pixels, re-encoded)` : 'MP4 files (stored as uploaded)';
  console.log(`${count} uploads of ${(bytes / 1024 / 1024).toFixed(1)} MB ${what}, ${concurrency} at a time:`);
  console.log(`  total ${totalS.toFixed(1)} s (${((count * bytes) / 1024 / 1024 / totalS).toFixed(1)} MB/s, ${(count / totalS).toFixed(1)} uploads/s)`);
  console.log(`  per upload: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`);
  const growth = (key) => `${before[key].toFixed(0)} MB before, peak ${peak[key].toFixed(0)} MB (+${(peak[key] - before[key]).toFixed(0)} MB)`;
  console.log(`  server RSS: ${growth('rss')}; anonymous part (without mapped files): ${growth('anon')}`);
  const tag = `${count}x${(bytes / 1024 / 1024).toFixed(0)}MB-${kind}`;
  report(
    `upload:${tag}:mbps`,
    Number(((count * bytes) / 1024 / 1024 / totalS).toFixed(1)),
    'MB/s',
    `upload ${count} × ${(bytes / 1024 / 1024).toFixed(0)} MB ${kind}: throughput`,
  );
  report(
    `upload:${tag}:rss-growth`,
    Math.round(peak.rss - before.rss),
    'MB',
    `upload ${count} × ${(bytes / 1024 / 1024).toFixed(0)} MB ${kind}: server memory growth`,
  );
  report(`upload:${tag}:failures`, failures.length, 'uploads', `upload ${count} × ${(bytes / 1024 / 1024).toFixed(0)} MB ${kind}: failures`);
  if (failures.length) console.log(`  ${failures.length} failed: ${[...new Set(failures)].slice(0, 3).join('; ')}`);
}

for (const spec of RUNS) await run(spec);
