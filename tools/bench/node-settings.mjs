#!/usr/bin/env node
// Issue 29: what a node flag or a malloc setting costs a request, for the settings tools/start.sh
// gives the server. Starts the built server (dist/apps/api/main.js, embedded database, demo on) once
// per variant, in turns for several rounds, sends each the same requests (the demo sitemap's pages in
// five locales and their /api/pages reads, in turn), then prints the server's CPU per request (utime
// + stime from /proc), requests/s and its resident memory after the run. Asserts nothing.
//   node tools/bench/node-settings.mjs [--requests 3000] [--rounds 3] \
//     --variant 'now=--max-semi-space-size=4 MALLOC_ARENA_MAX=2' --variant 'small=--optimize-for-size …'
// A variant is a label, then words: NAME=value sets an environment variable, anything else is a node flag.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cpuMs, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    variant: { type: 'string', multiple: true, default: [] },
  },
});
const amount = Number(values.requests);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
if (!(amount > 0) || !(connections > 0) || !(rounds > 0)) throw new Error('--requests, --connections and --rounds take positive numbers');
if (values.variant.length === 0) throw new Error("give at least one --variant 'label=words'");
const variants = values.variant.map((text) => {
  const at = text.indexOf('=');
  if (at < 1) throw new Error(`--variant ${text}: expected label=words`);
  const words = text
    .slice(at + 1)
    .split(/\s+/)
    .filter(Boolean);
  const env = Object.fromEntries(words.filter((w) => /^[A-Z_][A-Z0-9_]*=/.test(w)).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  const flags = words.filter((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w));
  return { label: text.slice(0, at), env, flags };
});

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const figures = new Map(variants.map((v) => [v.label, []]));
for (let round = 0; round < rounds; round++) {
  for (const variant of variants) {
    const server = await startServer({ CMS_DEMO: 'true', ...variant.env }, variant.flags);
    try {
      const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
      const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
      if (paths.length === 0) throw new Error('the sitemap lists no page');
      const locales = ['en', 'fr', 'tr', 'es', 'it'];
      const reads = paths.map((path) => {
        const [, first, ...rest] = path.split('/');
        return locales.includes(first)
          ? `/api/pages?locale=${first}&path=${encodeURIComponent(`/${rest.join('/')}`)}`
          : `/api/pages?locale=en&path=${encodeURIComponent(path)}`;
      });
      const requests = [...paths, ...reads].map((path) => ({ method: 'GET', path }));
      await autocannon({ url: server.baseUrl, requests, amount: 500, connections });
      const before = cpuMs(server.pid);
      const result = await autocannon({ url: server.baseUrl, requests, amount, connections });
      const used = cpuMs(server.pid) - before;
      if (result.non2xx) throw new Error(`${variant.label}: ${result.non2xx} answers were not 2xx`);
      figures.get(variant.label).push({ cpu: (used * 1000) / amount, rps: result.requests.average, rss: rss(server.pid), ready: server.readyMs });
    } finally {
      await server.stop();
    }
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`${amount} requests per run, ${connections} connections, ${rounds} round(s); median, each run in brackets`);
for (const variant of variants) {
  const list = figures.get(variant.label);
  const show = (key, digits = 0) => `${median(list.map((f) => f[key])).toFixed(digits)} [${list.map((f) => f[key].toFixed(digits)).join(', ')}]`;
  console.log(`${variant.label} (${[...variant.flags, ...Object.entries(variant.env).map(([k, v]) => `${k}=${v}`)].join(' ')}):`);
  console.log(`  CPU ${show('cpu')} µs/request, ${show('rps')} requests/s, RSS after ${show('rss')} MB, ready in ${show('ready')} ms`);
}
