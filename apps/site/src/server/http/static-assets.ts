import * as fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { etagOf, isNotModified, negotiateEncoding, type ContentEncoding } from './negotiate';
import { COMPRESS_MIN_BYTES, isReadMethod, sendMethodNotAllowed, sendText } from './respond';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The file under the client folder that `/_site/<rest>` names, as a relative path, or null.
 * Dot segments and hidden names (such as Vite's `.vite/manifest.json`) are never served.
 */
export function assetPath(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\\u0000]/.test(segment))) return null;
  return segments.join('/');
}

/** Vite names built files `name-<hash>.ext` under assets/: such a file never changes. */
export function isHashedAsset(relativePath: string): boolean {
  return /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(relativePath);
}

interface Asset {
  type: string;
  cacheControl: string;
  etag: string;
  bodies: Partial<Record<ContentEncoding | 'identity', Buffer>>;
}

async function loadAsset(file: string, relativePath: string): Promise<Asset | null> {
  let raw: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    raw = await fs.readFile(file);
  } catch {
    return null;
  }
  const extension = path.extname(file).toLowerCase();
  const compress = COMPRESSIBLE.has(extension) && raw.length >= COMPRESS_MIN_BYTES;
  return {
    type: TYPES[extension] ?? 'application/octet-stream',
    cacheControl: isHashedAsset(relativePath) ? IMMUTABLE : 'no-cache',
    etag: etagOf(raw),
    bodies: compress ? { identity: raw, br: brotliCompressSync(raw), gzip: gzipSync(raw, { level: 9 }) } : { identity: raw },
  };
}

/**
 * Serves the client build under `prefix`. The build never changes while the process runs, so
 * each file is read and compressed once and kept in memory (a handful of small files).
 */
export function createStaticAssets(root: string, prefix: string) {
  const base = path.resolve(root);
  const cache = new Map<string, Promise<Asset | null>>();

  const find = (relativePath: string): Promise<Asset | null> => {
    const cached = cache.get(relativePath);
    if (cached) return cached;
    const file = path.resolve(base, relativePath);
    if (!file.startsWith(base + path.sep)) return Promise.resolve(null);
    const loading = loadAsset(file, relativePath);
    cache.set(relativePath, loading);
    // Only files that exist stay cached: probing for missing names must not grow the map.
    void loading.then((asset) => {
      if (!asset) cache.delete(relativePath);
    });
    return loading;
  };

  return {
    async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
      if (!isReadMethod(req.method)) return sendMethodNotAllowed(req, res);
      const relativePath = assetPath(pathname, prefix);
      const asset = relativePath ? await find(relativePath) : null;
      if (!asset) return sendText(req, res, 404, 'Not found');

      const headers = {
        'Content-Type': asset.type,
        'Cache-Control': asset.cacheControl,
        ETag: asset.etag,
        'X-Content-Type-Options': 'nosniff',
        ...(asset.bodies.gzip ? { Vary: 'Accept-Encoding' } : {}),
      };
      if (isNotModified(req.headers['if-none-match'], asset.etag)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      const offered = (['br', 'gzip'] as const).filter((encoding) => asset.bodies[encoding]);
      const encoding = negotiateEncoding(req.headers['accept-encoding'], offered);
      const body = (encoding && asset.bodies[encoding]) || (asset.bodies.identity as Buffer);
      res.writeHead(200, { ...headers, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
