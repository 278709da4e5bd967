#!/usr/bin/env node
// The public site's page cache, measured: the same CMS page answered from the cache and rendered
// afresh (GET /api/pages, then server-side rendering), one request at a time and under load.
//
//   node tools/bench/site-render.mjs [--requests 300] [--connections 10] [--duration 5]
//
// Starts the built server itself (`node tools/build-api.mjs` and `npx nx run site:build` first)
// on a throwaway embedded database, creates a page of every block with a layout through the API,
// then measures:
// - a miss right after a purge: POST /api/revalidate/all, then GET the page (what a reader meets
//   after an edit; the API's first read after a write is slower than a warm one);
// - a miss against a warm API: a second site handler in this process (dist/apps/site/server/entry.mjs)
//   reads the same API and is purged before each request, so it shows the site's own cost;
// - the same two misses for a post whose container has a field of every type;
// - hits, one at a time and under load.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { report } from './lib/report.mjs';
import { freePort, percentile, peakRssMb, root, startServer } from './lib/server.mjs';

function options(argv) {
  const out = { requests: 300, connections: 10, duration: 5 };
  for (let i = 0; i < argv.length; i += 1) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--requests') out.requests = value;
    else if (argv[i] === '--connections') out.connections = value;
    else if (argv[i] === '--duration') out.duration = value;
    else throw new Error(`Unknown option ${argv[i]}`);
    i += 1;
  }
  for (const [name, value] of Object.entries(out)) if (!(value > 0)) throw new Error(`--${name} takes a positive number`);
  return out;
}

async function call(baseUrl, method, path, token, body) {
  const headers = { accept: 'application/json', ...(token ? { token } : {}) };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** A page as editors build them: every block of the registry, a form, listed contents, a layout. */
async function createPage(baseUrl, token) {
  const api = (method, path, body) => call(baseUrl, method, path, token, body);
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.append('file', new Blob([png], { type: 'image/png' }), 'cover.png');
  upload.append('alt', JSON.stringify({ en: 'A blue cover' }));
  const media = await api('POST', '/api/medias', upload);
  const form = await api('POST', '/api/forms?locale=en', {
    title: 'Contact',
    successMessage: 'Thanks!',
    fields: [
      { name: 'name', type: 'TEXT', label: 'Name', required: true, line: 0, position: 0 },
      { name: 'email', type: 'EMAIL', label: 'E-mail', required: true, line: 0, position: 1 },
      { name: 'topic', type: 'RADIO', label: 'Topic', options: ['Sales', 'Support'], line: 1 },
      { name: 'message', type: 'PARAGRAPH', label: 'Message', line: 2 },
    ],
  });
  const element = await api('POST', '/api/elements', {
    title: 'Banner',
    block: 'cta',
    content: { title: 'Join us', action: { label: 'Apply', href: '/jobs' } },
  });
  const news = await api('POST', '/api/containers?locale=en', { title: 'News', slug: 'news', published: true });
  for (let i = 1; i <= 12; i += 1)
    await api('POST', '/api/contents?locale=en', { title: `Story ${i}`, containerId: news.id, slug: `story-${i}`, published: true });
  const paragraph = '<p>Lorem ipsum dolor sit amet, <strong>consectetur</strong> adipiscing elit, sed do <a href="/news">eiusmod</a> tempor.</p>';
  await api('POST', '/api/containers?locale=en', {
    title: 'Bench page',
    slug: 'bench',
    published: true,
    metadata: [{ name: 'description', content: 'A page of every block' }],
    sections: [
      { block: 'hero', content: { title: 'Every block', text: 'Measured.', mediaId: media.id, action: { label: 'Go', href: '/news' } } },
      { block: 'richtext', content: { html: `<h2>Story</h2>${paragraph.repeat(20)}` } },
      { block: 'feature-list', content: { title: 'Features', theme: 'black', items: [{ title: 'One', text: 'First' }, { title: 'Two' }, { title: 'Three' }] } },
      { block: 'contents', containerContentId: news.id, content: { title: 'News', theme: 'grey', limit: 12 } },
      { block: 'media', content: { mediaId: media.id, caption: 'A caption' } },
      { block: 'element', elementId: element.id },
      { block: 'form', formId: form.id, content: { title: 'Write to us' } },
      { block: 'cta', content: { title: 'Ready?', action: { label: 'Start', href: '/news' } } },
    ],
  });
  // A post of a blog container with a field of every type (the site draws each by its type).
  const people = await api('POST', '/api/containers?locale=en', { title: 'Bench people', slug: 'bench-people', published: true });
  const author = await api('POST', '/api/contents?locale=en', { title: 'Ada', containerId: people.id, slug: 'ada', published: true });
  const blog = await api('POST', '/api/containers?locale=en', {
    title: 'Bench journal',
    slug: 'journal',
    published: true,
    // [label, name, type, multiple]
    fields: [
      ['Subtitle', 'subtitle', 'STRING'],
      ['Summary', 'summary', 'PARAGRAPH'],
      ['Cover', 'cover', 'IMAGE'],
      ['Body', 'body', 'RICHTEXT'],
      ['Published on', 'date', 'DATE'],
      ['Reading time', 'minutes', 'NUMBER'],
      ['Featured', 'featured', 'BOOLEAN'],
      ['Accent', 'accent', 'COLOR'],
      ['Source', 'source', 'LINK'],
      ['Where', 'where', 'LOCATION'],
      ['Event', 'hours', 'TIMERANGE'],
      ['Attachment', 'attachment', 'FILE'],
      ['Tags', 'tags', 'STRING', true],
      ['Gallery', 'gallery', 'IMAGE', true],
    ]
      .map(([label, name, type, multiple = false]) => ({ label, name, type, multiple }))
      .concat([
        { label: 'Level', name: 'level', type: 'OPTION', options: ['Beginner', 'Expert'] },
        { label: 'Author', name: 'author', type: 'CONTENT', linkedContainerId: people.id },
      ]),
  });
  const pdf = new FormData();
  pdf.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'guide.pdf');
  const attachment = await api('POST', '/api/medias', pdf);
  await api('POST', '/api/contents?locale=en', {
    title: 'Every field',
    containerId: blog.id,
    slug: 'every-field',
    published: true,
    fields: {
      subtitle: 'A post of every field type',
      summary: 'What a post carries, drawn by type.',
      cover: media.id,
      body: `<h2>Body</h2>${paragraph.repeat(10)}`,
      date: '2026-11-24',
      minutes: 7,
      featured: true,
      accent: '#2a6f97',
      source: 'https://example.com/source',
      where: { lat: 45.4642, lng: 9.19 },
      hours: { start: '09:00', end: '17:30' },
      level: 'Expert',
      attachment: attachment.id,
      author: author.id,
      tags: ['design', 'speed', 'cms'],
      gallery: [media.id, media.id],
    },
    sections: [{ block: 'cta', content: { title: 'Read more', action: { label: 'News', href: '/news' } } }],
  });
  await api('POST', '/api/layout?locale=en', {
    sections: [
      { type: 'HEADER', block: 'richtext', content: { html: '<p><a href="/news">News</a> · <a href="/bench">Bench</a></p>' } },
      { type: 'FOOTER', block: 'richtext', content: { html: '<p>© Bench</p>' } },
    ],
  });
}

async function timed(run) {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function summary(label, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return `${label.padEnd(28)} n=${String(sorted.length).padStart(5)}  mean ${mean.toFixed(2).padStart(7)} ms  p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(sorted, 95).toFixed(2).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms`;
}

/** Serves `html` as a static file from nginx (Debian's, on a free loopback port) while `measure` runs; null without nginx. */
async function nginxServing(html, measure) {
  const bin = ['/usr/sbin/nginx', process.env.NGINX].filter(Boolean).find((file) => existsSync(file));
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'cms-bench-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'index.html'), html);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http { access_log off; gzip on; gzip_types text/html; default_type text/html;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server { listen 127.0.0.1:${port}; root ${dir}; location / { try_files /index.html =404; } } }
`,
  );
  const nginx = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          (res) => res.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await measure(`http://127.0.0.1:${port}/bench`);
  } finally {
    nginx.kill('SIGQUIT');
    await new Promise((resolve) => nginx.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  const server = await startServer();
  try {
    const { token } = await call(server.baseUrl, 'POST', '/api/auth/signin', undefined, { email: server.email, password: server.password });
    await createPage(server.baseUrl, token);
    const pageUrl = `${server.baseUrl}/bench`;
    const get = async (expectCache) => {
      const response = await fetch(pageUrl, { headers: { 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /bench answered ${response.status}`);
      if (expectCache && response.headers.get('x-cache') !== expectCache)
        throw new Error(`expected X-Cache ${expectCache}, got ${response.headers.get('x-cache')}`);
      return response;
    };
    const html = await (await fetch(pageUrl)).text();
    for (let i = 0; i < 20; i += 1) await get(); // warm up both paths

    const uncached = [];
    for (let i = 0; i < opts.requests; i += 1) {
      await call(server.baseUrl, 'POST', '/api/revalidate/all', token);
      uncached.push(await timed(() => get('MISS')));
    }
    const postUrl = `${server.baseUrl}/journal/every-field`;
    for (let i = 0; i < 20; i += 1) await (await fetch(postUrl)).arrayBuffer();
    const postUncached = [];
    for (let i = 0; i < opts.requests; i += 1) {
      await call(server.baseUrl, 'POST', '/api/revalidate/all', token);
      postUncached.push(
        await timed(async () => {
          const response = await fetch(postUrl, { headers: { 'accept-encoding': 'gzip' } });
          await response.arrayBuffer();
          if (response.status !== 200 || response.headers.get('x-cache') !== 'MISS')
            throw new Error(`GET /journal/every-field answered ${response.status} ${response.headers.get('x-cache')}`);
        }),
      );
    }
    const apiRead = [];
    for (let i = 0; i < opts.requests; i += 1)
      apiRead.push(await timed(async () => (await fetch(`${server.baseUrl}/api/pages?path=/bench&locale=en`)).arrayBuffer()));

    const { createSiteHandler } = await import(pathToFileURL(join(root, 'dist/apps/site/server/entry.mjs')).href);
    const local = createSiteHandler({ clientDir: join(root, 'dist/apps/site/client'), apiOrigin: server.baseUrl });
    const localServer = createServer((req, res) => local(req, res, () => res.end()));
    const localPort = await freePort();
    await new Promise((resolve) => localServer.listen(localPort, '127.0.0.1', resolve));
    const warmMiss = [];
    const postWarmMiss = [];
    try {
      for (const [path, samples] of [
        ['/bench', warmMiss],
        ['/journal/every-field', postWarmMiss],
      ]) {
        for (let i = 0; i < 20; i += 1) await (await fetch(`http://127.0.0.1:${localPort}${path}`)).arrayBuffer();
        for (let i = 0; i < opts.requests; i += 1) {
          local.revalidate({ scope: 'all' });
          samples.push(
            await timed(async () => (await fetch(`http://127.0.0.1:${localPort}${path}`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer()),
          );
        }
      }
    } finally {
      localServer.close();
    }
    await get();
    const cached = [];
    for (let i = 0; i < opts.requests * 5; i += 1) cached.push(await timed(() => get('HIT')));

    const load = await autocannon({ url: pageUrl, connections: opts.connections, duration: opts.duration, headers: { 'accept-encoding': 'gzip' } });
    // The same HTML from nginx, in the same run: the ceiling a static file server sets here.
    const nginxLoad = await nginxServing(html, (url) =>
      autocannon({ url, connections: opts.connections, duration: opts.duration, headers: { 'accept-encoding': 'gzip' } }),
    );

    console.log(`Site render benchmark: one CMS page of every block (${(html.length / 1024).toFixed(1)} KB of HTML), layout, 12 listed contents, a form`);
    console.log(summary('miss right after a purge', uncached));
    console.log(summary('miss, warm API', warmMiss));
    console.log(summary('  GET /api/pages alone, warm', apiRead));
    console.log(summary('hit', cached));
    console.log(summary('post of every field, purged', postUncached));
    console.log(summary('post of every field, warm', postWarmMiss));
    console.log(
      `cached under load             ${opts.connections} connections, ${opts.duration} s: ${Math.round(load.requests.average)} req/s, latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${load.non2xx} non-2xx, ${load.errors} errors`,
    );
    if (nginxLoad) {
      console.log(
        `same HTML from nginx          ${opts.connections} connections, ${opts.duration} s: ${Math.round(nginxLoad.requests.average)} req/s, latency p50 ${nginxLoad.latency.p50} ms, p99 ${nginxLoad.latency.p99} ms`,
      );
      report('site:nginx-rps', Math.round(nginxLoad.requests.average), 'req/s', `the same HTML from nginx, ${opts.connections} connections`);
      report('site:cached-vs-nginx', Number((load.requests.average / nginxLoad.requests.average).toFixed(2)), '×', 'cached page throughput / nginx throughput');
    } else console.log('same HTML from nginx: skipped (nginx is not installed)');
    const p50 = (samples) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        50,
      );
    report('site:miss-p50', Number(p50(uncached).toFixed(2)), 'ms', 'public page, cold (right after a purge): p50');
    report('site:hit-p50', Number(p50(cached).toFixed(2)), 'ms', 'public page, warm (cached): p50');
    report('site:post-miss-p50', Number(p50(postUncached).toFixed(2)), 'ms', 'post page of every field type, right after a purge: p50');
    report('site:cached-rps', Math.round(load.requests.average), 'req/s', `public page, cached, ${opts.connections} connections`);
    report('site:peak-memory', Math.round(peakRssMb(server.pid)), 'MB', 'peak memory, site render');
    console.log(
      `hit vs miss at p50: ${(p50(uncached) / p50(cached)).toFixed(1)}x faster than after a purge, ${(p50(warmMiss) / p50(cached)).toFixed(1)}x than a warm miss; server peak RSS ${peakRssMb(server.pid).toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
