import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bombPng, BOUNDARY, diskState, multipartBody, MULTIPART_TYPE, SAMPLES, solidImage, SVG, upload } from './support/media-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

interface RawAnswer {
  status: number;
  body: { statusCode?: number; message?: string };
  bytesSent: number;
}

/**
 * Sends a multipart upload of `fileBytes` bytes, written a megabyte at a time as the socket takes
 * them, without ever holding the file in memory. With `declareLength` the request says its length
 * up front; without it, it is sent chunked. Stops writing once the answer has come.
 */
function streamUpload(port: number, token: string, fileBytes: number, declareLength: boolean): Promise<RawAnswer> {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0xab);
  chunk.set([0xff, 0xd8, 0xff, 0xe0]);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/medias',
      headers: { token, 'Content-Type': MULTIPART_TYPE, ...(declareLength ? { 'Content-Length': head.length + fileBytes + tail.length } : {}) },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), bytesSent });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = async () => {
      req.write(head);
      while (bytesSent < fileBytes && !answered) {
        const piece = fileBytes - bytesSent >= chunk.length ? chunk : chunk.subarray(0, fileBytes - bytesSent);
        bytesSent += piece.length;
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
      }
      if (!answered) req.end(tail);
    };
    void write();
  });
}

describe('upload bad input', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    const server = t.app.getHttpServer() as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Nothing of a refused upload remains: no row, no stored file, no scratch file; and the API still answers. */
  const expectNothingWritten = async () => {
    const [{ count }] = await t.dataSource.query('SELECT COUNT(*)::int AS count FROM media');
    expect(count).toBe(0);
    expect(diskState(t)).toEqual({ stored: [], scratch: [] });
    expect((await t.http.get('/api/health')).status).toBe(200);
  };

  const post = (body: Buffer, contentType = MULTIPART_TYPE) =>
    t.http.post('/api/medias').set('token', t.ownerToken).set('Content-Type', contentType).send(body);

  it('answers 413 to a 200 MB upload sent chunked, once it passes UPLOAD_MAX_MB, and keeps nothing of it', async () => {
    const res = await streamUpload(port, t.ownerToken, 200 * 1024 * 1024, false);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/at most 25 MB/);
    await expectNothingWritten();
  });

  it('answers 413 at once to a 200 MB upload that declares its length', async () => {
    const res = await streamUpload(port, t.ownerToken, 200 * 1024 * 1024, true);
    expect(res.status).toBe(413);
    expect(res.bytesSent).toBeLessThan(200 * 1024 * 1024);
    await expectNothingWritten();
  });

  it.each([
    ['a Windows executable renamed .jpg', SAMPLES.exe, 'holiday.jpg', /application\/x-msdownload/],
    ['a Linux executable renamed .png', SAMPLES.elf, 'photo.png', /application\/x-elf/],
    ['an HTML page renamed .svg', SAMPLES.html, 'logo.svg', /could not be recognised/],
    ['plain text renamed .pdf', Buffer.from('just some text, no PDF at all'), 'doc.pdf', /could not be recognised/],
  ])('answers 415 to %s', async (_label, bytes, filename, message) => {
    const res = await upload(t, t.ownerToken, bytes, filename);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(message);
    await expectNothingWritten();
  });

  it.each([
    ['<script>', SVG.script, /contains <script>/],
    ['an onload handler', SVG.onload, /event handler onload/],
    ['<foreignObject>', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>', /foreignObject/],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>', /outside the file/],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>', /script URL/],
    [
      'entities declared in a DTD',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
      /declares entities/,
    ],
    ['a stylesheet import', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css);</style></svg>', /CSS/],
  ])('answers 422 to an SVG with %s', async (_label, svg, message) => {
    const res = await upload(t, t.ownerToken, Buffer.from(svg), 'drawing.svg');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(message);
    await expectNothingWritten();
  });

  it('answers 422 to a decompression bomb: a tiny PNG declaring 50000×50000 pixels', async () => {
    const bomb = bombPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload(t, t.ownerToken, bomb, 'bomb.png');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/50000×50000 pixels .* at most 50,000,000/);
    await expectNothingWritten();
  });

  it('answers 422 to an image whose pixels are cut short', async () => {
    const png = await solidImage('png', 200, 200);
    const res = await upload(t, t.ownerToken, png.subarray(0, Math.floor(png.length / 2)), 'half.png');
    expect(res.status).toBe(422);
    await expectNothingWritten();
  });

  it('answers 400 to a multipart body cut short (no closing boundary)', async () => {
    const body = multipartBody([{ name: 'file', filename: 'a.png', value: await solidImage('png') }], { end: false });
    const res = await post(body.subarray(0, body.length - 10));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/malformed or cut short/);
    await expectNothingWritten();
  });

  it('cleans up after a client that disconnects mid-upload', async () => {
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/medias',
        headers: { token: t.ownerToken, 'Content-Type': MULTIPART_TYPE },
      });
      req.on('error', () => resolve());
      req.write(multipartBody([{ name: 'file', filename: 'a.jpg', value: Buffer.alloc(3 * 1024 * 1024, 1) }], { end: false }));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    for (let i = 0; i < 50 && diskState(t).scratch.length; i++) await new Promise((r) => setTimeout(r, 20));
    await expectNothingWritten();
  });

  it.each([
    ['"../"', { filename: '../../etc/passwd.png' }, /file: its name must be a name, not a path/],
    ['a Windows path', { filename: '..\\..\\boot.png' }, /file: its name must be a name, not a path/],
    ['an encoded "../"', { encodedFilename: '..%2F..%2Fetc%2Fpasswd.png' }, /file: its name must be a name, not a path/],
    ['an encoded NUL character', { encodedFilename: 'photo%00.png' }, /file: its name must not contain control characters/],
    ['a raw NUL character', { filename: 'photo\u0000.png' }, /malformed/],
    ['a raw line break', { filename: 'photo\r\nX-Injected: 1.png' }, /No file/],
  ])('answers 400 to a file name with %s', async (_label, name, message) => {
    const res = await post(multipartBody([{ name: 'file', ...name, value: await solidImage('png') }]));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    await expectNothingWritten();
  });

  it.each([
    ['a JSON body', 'application/json', Buffer.from('{"file":"x"}'), 415],
    ['a urlencoded form', 'application/x-www-form-urlencoded', Buffer.from('file=x'), 415],
    ['multipart without a boundary', 'multipart/form-data', Buffer.from('x'), 415],
    ['no file at all', MULTIPART_TYPE, multipartBody([{ name: 'name', value: 'x' }]), 400],
    ['the file in another field', MULTIPART_TYPE, multipartBody([{ name: 'upload', filename: 'a.pdf', value: SAMPLES.pdf }]), 400],
    [
      'two files',
      MULTIPART_TYPE,
      multipartBody([
        { name: 'file', filename: 'a.pdf', value: SAMPLES.pdf },
        { name: 'file', filename: 'b.pdf', value: SAMPLES.pdf },
      ]),
      400,
    ],
    ['an empty file', MULTIPART_TYPE, multipartBody([{ name: 'file', filename: 'empty.png', value: Buffer.alloc(0) }]), 400],
    [
      'a field too long',
      MULTIPART_TYPE,
      multipartBody([
        { name: 'name', value: 'x'.repeat(20_000) },
        { name: 'file', filename: 'a.pdf', value: SAMPLES.pdf },
      ]),
      400,
    ],
    ['garbage', MULTIPART_TYPE, Buffer.from('this is not multipart at all'), 400],
  ])('answers %s with a 4xx', async (_label, contentType, body, status) => {
    const res = await post(body, contentType);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ statusCode: status, message: expect.any(String) });
    await expectNothingWritten();
  });

  it('still accepts a good upload after all of the above', async () => {
    const res = await upload(t, t.ownerToken, await solidImage('png'), 'fine.png');
    expect(res.status).toBe(201);
  });
});
