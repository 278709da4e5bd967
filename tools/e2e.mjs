// The browser tests (`nx run e2e:e2e` after building api, admin and site): the files split into
// shards (apps/e2e/src/support/sequencer.cjs balances them) that run side by side, each Jest run
// with a server, a data folder (or database) and a Chromium of its own, so that they never see
// each other's data. A browser test spends much of its time waiting for a page, a server answer or
// a timer; two shards keep a 2-core machine busy. E2E_SHARDS=1 runs them one after another.
// Results go to tmp/test-results/e2e-<n>.json, which `npm test` sums up. Arguments are passed to
// every Jest run (e.g. a file pattern; a shard the pattern leaves empty passes).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requested = Number(process.env.E2E_SHARDS ?? Math.min(2, availableParallelism()));
if (!Number.isInteger(requested) || requested < 1 || requested > 8) {
  console.error(`E2E_SHARDS must be a whole number from 1 to 8, not ${process.env.E2E_SHARDS}`);
  process.exit(2);
}
const shards = requested;
mkdirSync(join(root, 'tmp/test-results'), { recursive: true });
const jest = join(root, 'node_modules/jest/bin/jest.js');
const extra = process.argv.slice(2);

function runShard(index) {
  const args = [
    jest,
    '-c',
    'apps/e2e/jest.config.cjs',
    '--runInBand',
    '--passWithNoTests',
    '--json',
    `--outputFile=tmp/test-results/e2e-${index}.json`,
    ...extra,
  ];
  if (shards > 1) args.push(`--shard=${index}/${shards}`);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => pending && out.write(`${prefix}${pending}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
if (failed) console.error(`${failed} of ${shards} browser test shard(s) failed`);
process.exit(failed ? 1 : 0);
