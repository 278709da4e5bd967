import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from './test-app';

/** A small image of one colour, in any format sharp writes. */
export function solidImage(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

/** Random pixels, so that the encoded file stays large. */
export function noiseImage(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0x100000000) >>> 0, i);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header declares width × height pixels: a decompression bomb. */
export function bombPng(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  // The first rows of zeros; a real bomb would carry gigabytes of them compressed to kilobytes.
  const idat = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** First bytes of files of other kinds, enough for the type sniffer. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  mp4: Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(512)]),
  webm: Buffer.concat([Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878102428581021853806701', 'hex'), Buffer.alloc(512)]),
  wav: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(512)]),
  exe: Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(512)]),
  elf: Buffer.concat([Buffer.from('7f454c4602010100', 'hex'), Buffer.alloc(512)]),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

export const SVG = {
  clean: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"><rect width="120" height="80" fill="#26D17D"/></svg>',
  script: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  onload: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
};

/** One part of a hand-built multipart body; `filename` goes into the header as given (NUL, "../" and all). */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** RFC 5987 form, percent-encoded: `filename*=UTF-8''…` (busboy decodes it). */
  encodedFilename?: string;
  contentType?: string;
}

export const BOUNDARY = '----cms-test-boundary-7d1f';

export function multipartBody(parts: Part[], options: { end?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename =
      part.encodedFilename !== undefined ? `; filename*=UTF-8''${part.encodedFilename}` : part.filename !== undefined ? `; filename="${part.filename}"` : '';
    const disposition = `form-data; name="${part.name}"${filename}`;
    const type = filename ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  if (options.end !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** Every file under a folder, recursively (an absent folder has none). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** What the app holds of uploads on disk: stored files and scratch files. */
export function diskState(t: TestApp): { stored: string[]; scratch: string[] } {
  const storage = t.config.storage;
  return {
    stored: storage.driver === 'local' ? filesUnder(storage.dir) : [],
    scratch: filesUnder(path.join(t.config.dataDir, 'tmp')),
  };
}

/** Uploads a file with supertest's own multipart encoder. */
export function upload(t: TestApp, token: string, file: Buffer, filename: string, fields: Record<string, string> = {}) {
  let req = t.http.post('/api/medias').set('token', token);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req.attach('file', file, filename);
}

type Parser = Parameters<ReturnType<TestApp['http']['get']>['parse']>[0];

/** A supertest parser that keeps any answer's body as bytes: `.buffer(true).parse(binaryParser)`. */
export const binaryParser: Parser = (res, done) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};
