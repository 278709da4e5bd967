#!/usr/bin/env node
// Pre-compressed copies of a built bundle's text files: x.js beside x.js.gz and x.js.br, made once
// at build time at the strongest settings, so that the server sends them as they are
// (@fastify/static `preCompressed`) instead of compressing every answer or none.
//
//   node apps/admin/precompress.mjs <dir>...     (the back office's Vite build calls precompressDir)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed formats already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map|xml|wasm)$/i;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `.gz` and `.br` beside every text file of `dir` (and its folders) of MIN_BYTES or more,
 * unless compression does not make it smaller. Answers what it wrote: [file, bytes, gzip bytes, brotli bytes].
 */
export async function precompressDir(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      written.push(...(await precompressDir(file)));
      continue;
    }
    if (!entry.isFile() || !TEXT.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    const [gz, br] = await Promise.all([
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ]);
    if (gz.length >= bytes.length) continue;
    writeFileSync(`${file}.gz`, gz);
    writeFileSync(`${file}.br`, br);
    written.push([file, bytes.length, gz.length, br.length]);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    console.error('usage: node apps/admin/precompress.mjs <dir>...');
    process.exit(2);
  }
  for (const dir of dirs) {
    const written = await precompressDir(dir);
    const [raw, gz, br] = written.reduce((sum, [, a, b, c]) => [sum[0] + a, sum[1] + b, sum[2] + c], [0, 0, 0]);
    console.log(`${dir}: ${written.length} files, ${raw} bytes, gzip ${gz}, brotli ${br}`);
  }
}
