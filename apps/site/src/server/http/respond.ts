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

/**
 * Sends a rendered document: ETag and 304, gzip when the client takes it, no body for HEAD.
 * `no-cache` lets browsers keep a copy but ask before each use, so a republished page shows at once.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, status: number, prepared: PreparedHtml, headers: OutgoingHttpHeaders = {}): void {
  const common: OutgoingHttpHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    ETag: prepared.etag,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  };
  if (status === 200 && isNotModified(req.headers['if-none-match'], prepared.etag)) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const encoding = prepared.gzip ? negotiateEncoding(req.headers['accept-encoding'], ['gzip']) : null;
  const body = encoding === 'gzip' && prepared.gzip ? prepared.gzip : prepared.raw;
  res.writeHead(status, { ...common, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string, headers: OutgoingHttpHeaders = {}): void {
  sendPrepared(req, res, status, prepareHtml(html), headers);
}

/** A 303 after a form post: the browser then GETs `location`, so a reload does not send the form again. */
export function sendSeeOther(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
  res.end();
}
