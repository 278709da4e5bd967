import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { etagOf, isNotModified, negotiateEncoding } from './negotiate';

/** Bodies smaller than this gain nothing from compression. */
export const COMPRESS_MIN_BYTES = 1024;

export function isReadMethod(method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD';
}

export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  const body = Buffer.from(text, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function sendMethodNotAllowed(req: IncomingMessage, res: ServerResponse): void {
  sendText(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
}

export function sendRedirect(res: ServerResponse, status: 301 | 302, location: string): void {
  res.writeHead(status, { Location: location, 'Cache-Control': 'public, max-age=86400', 'Content-Length': '0' });
  res.end();
}

/** A rendered document with what sending it needs, computed once (a cached page is sent many times). */
export interface PreparedHtml {
  raw: Buffer;
  etag: string;
  /** Null when the document is too small to gain from compression. */
  gzip: Buffer | null;
}

export function prepareHtml(html: string): PreparedHtml {
  const raw = Buffer.from(html, 'utf8');
  return { raw, etag: etagOf(raw), gzip: raw.length >= COMPRESS_MIN_BYTES ? gzipSync(raw) : null };
}

/** Bytes a prepared document holds in memory. */
export function preparedSize(prepared: PreparedHtml): number {
  return prepared.raw.length + (prepared.gzip?.length ?? 0);
}

/** The three header sets a prepared document is sent with: not modified, plain, gzipped. */
export interface PreparedHeads {
  notModified: OutgoingHttpHeaders;
  raw: OutgoingHttpHeaders;
  gzip: OutgoingHttpHeaders | null;
}

/**
 * The headers of a rendered document, computed once: `no-cache` lets browsers keep a copy but ask
 * before each use, so a republished page shows at once. A cached page keeps its heads, so a hit
 * only picks one.
 */
export function prepareHeads(prepared: PreparedHtml, headers: OutgoingHttpHeaders = {}): PreparedHeads {
  // Header names are case-insensitive: merged by their lower-case name, so that none is sent twice.
  const common: OutgoingHttpHeaders = {};
  const given = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    ETag: prepared.etag,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  };
  for (const [name, value] of Object.entries(given)) common[name.toLowerCase()] = value;
  return {
    notModified: common,
    raw: { ...common, 'content-length': String(prepared.raw.length) },
    gzip: prepared.gzip ? { ...common, 'content-encoding': 'gzip', 'content-length': String(prepared.gzip.length) } : null,
  };
}

/** Sends a rendered document with its prepared heads: ETag and 304, gzip when the client takes it, no body for HEAD. */
export function sendWithHeads(req: IncomingMessage, res: ServerResponse, status: number, prepared: PreparedHtml, heads: PreparedHeads): void {
  if (status === 200 && isNotModified(req.headers['if-none-match'], prepared.etag)) {
    res.writeHead(304, heads.notModified);
    res.end();
    return;
  }
  const zipped =
    heads.gzip && prepared.gzip && negotiateEncoding(req.headers['accept-encoding'], ['gzip']) === 'gzip' ? { head: heads.gzip, body: prepared.gzip } : null;
  res.writeHead(status, zipped?.head ?? heads.raw);
  res.end(req.method === 'HEAD' ? undefined : (zipped?.body ?? prepared.raw));
}

/** Sends a rendered document once (its heads are not kept). */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, status: number, prepared: PreparedHtml, headers: OutgoingHttpHeaders = {}): void {
  sendWithHeads(req, res, status, prepared, prepareHeads(prepared, headers));
}

/** A 303 after a form post: the browser then GETs `location`, so a reload does not send the form again. */
export function sendSeeOther(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
  res.end();
}
