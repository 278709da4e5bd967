import { FAVICON_SETTING_NAME, MEDIA_FALLBACK_WIDTH } from '@cms/contracts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { STORAGE, type StorageDriver } from '../src/storage/storage-driver';
import { binaryParser, noiseImage, SAMPLES, solidImage, SVG, upload } from './support/media-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/** The bytes of an answer read with binaryParser (none for a 304). */
const bytesOf = (res: Response): Buffer => (Buffer.isBuffer(res.body) ? res.body : Buffer.alloc(0));

describe('serving uploads', () => {
  let t: TestApp;
  let uploadsDir: string;
  let png: { id: number; uri: string };
  let pngBytes: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    uploadsDir = (t.config.storage as { dir: string }).dir;
    png = (await upload(t, t.ownerToken, await noiseImage('png', 1000, 500), 'wide.png')).body;
    pngBytes = fs.readFileSync(path.join(uploadsDir, png.uri));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.http.get(url).buffer(true).parse(binaryParser);

  it('streams the file to anyone, with its type, a year of cache, an ETag and protective headers', async () => {
    const res = await get(`/api/uploads/${png.uri}`);
    expect(res.status).toBe(200);
    expect(bytesOf(res).equals(pngBytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(pngBytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: expect.stringMatching(/^"[^"]+"$/),
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers 304 to If-None-Match with the ETag (strong, weak or in a list)', async () => {
    const { etag } = (await get(`/api/uploads/${png.uri}`)).headers;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(`/api/uploads/${png.uri}`).set('If-None-Match', header);
      expect({ header, status: res.status, length: bytesOf(res).length }).toEqual({ header, status: 304, length: 0 });
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get(`/api/uploads/${png.uri}`).set('If-None-Match', '"stale"')).status).toBe(200);
  });

  it('serves byte ranges (206) and refuses ranges past the end (416)', async () => {
    const first = await get(`/api/uploads/${png.uri}`).set('Range', 'bytes=0-9');
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${pngBytes.length}`);
    expect(bytesOf(first).equals(pngBytes.subarray(0, 10))).toBe(true);
    const last = await get(`/api/uploads/${png.uri}`).set('Range', 'bytes=-5');
    expect(bytesOf(last).equals(pngBytes.subarray(-5))).toBe(true);
    const beyond = await get(`/api/uploads/${png.uri}`).set('Range', `bytes=${pngBytes.length + 10}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pngBytes.length}`);
    expect((await get(`/api/uploads/${png.uri}`).set('Range', 'bytes=0-1,5-6')).status).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await t.http.head(`/api/uploads/${png.uri}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(pngBytes.length));
  });

  it('sends anything but images, audio and video as an attachment named after the media', async () => {
    const pdf = (await upload(t, t.ownerToken, SAMPLES.pdf, 'Brochure été.pdf')).body;
    const res = await get(`/api/uploads/${pdf.uri}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Brochure _t_.pdf"; filename*=UTF-8''Brochure%20%C3%A9t%C3%A9.pdf`);
    const video = (await upload(t, t.ownerToken, SAMPLES.mp4, 'clip.mp4')).body;
    expect((await get(`/api/uploads/${video.uri}`)).headers['content-disposition']).toBeUndefined();
  });

  it('serves a sanitised SVG inline, under the sandboxing CSP', async () => {
    const svg = (await upload(t, t.ownerToken, Buffer.from(SVG.clean), 'logo.svg')).body;
    const res = await get(`/api/uploads/${svg.uri}`);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it.each([
    '../package.json',
    '..%2F..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5C..%5Cpackage.json',
    '.%2E/.%2E/package.json',
    'package.json',
    '..',
    '%00',
    'ABCDEF0123456789ABCDEF0123456789.png',
    '0123456789abcdef0123456789abcdef.exe',
    '0123456789abcdef0123456789abcdef.png%00.txt',
    '0123456789abcdef0123456789abcdef.png.part-abc',
    `variants%2F${'0'.repeat(32)}%2Fw640.webp`,
  ])('answers 404 to /api/uploads/%s', async (name) => {
    const res = await t.http.get(`/api/uploads/${name}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/"name":\s*"cms"/);
  });

  it('does not serve a stored file by any name but its own', async () => {
    const hex = png.uri.split('.')[0];
    expect((await t.http.get(`/api/uploads/${hex}.jpg`)).status).toBe(404);
    expect((await t.http.get(`/api/uploads/${hex.toUpperCase()}.png`)).status).toBe(404);
    expect((await t.http.get(`/api/uploads/${png.uri}.png`)).status).toBe(404);
  });

  describe('resized variants', () => {
    let storage: StorageDriver;
    beforeAll(() => {
      storage = t.app.get<StorageDriver>(STORAGE, { strict: false });
    });
    afterEach(() => jest.restoreAllMocks());

    const hex = () => png.uri.split('.')[0];

    it('renders ?w=640&format=webp, keeps it in storage and serves it like the original', async () => {
      const res = await get(`/api/uploads/${png.uri}?w=640&format=webp`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(bytesOf(res)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 320]);
      expect(fs.existsSync(path.join(uploadsDir, 'variants', hex(), 'w640.webp'))).toBe(true);
      const again = await get(`/api/uploads/${png.uri}?w=640&format=webp`).set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
    });

    it('rounds a WebP width up to the allow-list, gives the original format the fallback width only, and never enlarges', async () => {
      const rounded = await get(`/api/uploads/${png.uri}?w=500&format=webp`);
      expect(rounded.headers['content-type']).toBe('image/webp');
      expect((await sharp(bytesOf(rounded)).metadata()).width).toBe(640);
      const huge = await get(`/api/uploads/${png.uri}?w=99999&format=webp`);
      expect((await sharp(bytesOf(huge)).metadata()).width).toBe(1000);
      expect(fs.existsSync(path.join(uploadsDir, 'variants', hex(), 'w2560.webp'))).toBe(true);
      const own = await get(`/api/uploads/${png.uri}?w=500`);
      expect(own.headers['content-type']).toBe('image/png');
      expect((await sharp(bytesOf(own)).metadata()).width).toBe(1000);
      expect(fs.existsSync(path.join(uploadsDir, 'variants', hex(), `w${MEDIA_FALLBACK_WIDTH}.png`))).toBe(true);
    });

    it('renders a variant once when many ask for it at the same time', async () => {
      const put = jest.spyOn(storage, 'put');
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(`/api/uploads/${png.uri}?w=320&format=webp`)));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
      expect(put.mock.calls.map(([key]) => key)).toEqual([`variants/${hex()}/w320.webp`]);
      await get(`/api/uploads/${png.uri}?w=320&format=webp`);
      expect(put).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['w=abc', 400],
      ['w=0', 400],
      ['w=-5', 400],
      ['w=1e3', 400],
      ['format=tiff', 400],
      ['format=avif', 400],
      ['format=jpeg', 400],
      ['format=png', 400],
      ['format=svg', 400],
      ['w=1&w=2', 400],
    ])('answers ?%s with %i', async (query, status) => {
      expect((await t.http.get(`/api/uploads/${png.uri}?${query}`)).status).toBe(status);
    });

    it('offers variants of raster images only, and of files that exist', async () => {
      const pdf = (await upload(t, t.ownerToken, SAMPLES.pdf, 'x.pdf')).body;
      const res = await t.http.get(`/api/uploads/${pdf.uri}?w=640`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/raster|JPEG, PNG/);
      expect((await t.http.get(`/api/uploads/${'0'.repeat(32)}.png?w=640`)).status).toBe(404);
    });

    it('removes the variants with their media', async () => {
      const media = (await upload(t, t.ownerToken, await solidImage('jpeg', 300, 200), 'gone.jpg')).body;
      expect((await get(`/api/uploads/${media.uri}?w=128&format=webp`)).status).toBe(200);
      const variants = path.join(uploadsDir, 'variants', media.uri.split('.')[0]);
      expect(fs.readdirSync(variants)).toEqual(['w128.webp']);
      expect((await t.http.delete(`/api/medias/${media.id}`).set('token', t.ownerToken)).status).toBe(200);
      expect(fs.existsSync(variants)).toBe(false);
      expect((await t.http.get(`/api/uploads/${media.uri}?w=128&format=webp`)).status).toBe(404);
    });
  });

  describe('favicon', () => {
    const defaultIcon = fs.readFileSync(path.join(__dirname, '../src/assets/favicon.ico'));
    const setFavicon = (value: unknown) =>
      t.dataSource.query(`INSERT INTO setting (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`, [
        FAVICON_SETTING_NAME,
        JSON.stringify(value),
      ]);
    afterEach(() => t.dataSource.query(`DELETE FROM setting WHERE name = $1`, [FAVICON_SETTING_NAME]));

    it('serves the default favicon until one is chosen', async () => {
      const res = await get('/api/uploads/favicon.ico');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/x-icon');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(bytesOf(res).equals(defaultIcon)).toBe(true);
    });

    it('serves the image media named by the setting faviconMediaId, with an ETag and an hour of cache', async () => {
      const icon = (await upload(t, t.ownerToken, await solidImage('png', 32, 32), 'icon.png')).body;
      await setFavicon(icon.id);
      const res = await get('/api/uploads/favicon.ico');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(bytesOf(res).equals(fs.readFileSync(path.join(uploadsDir, icon.uri)))).toBe(true);
      expect((await get('/api/uploads/favicon.ico').set('If-None-Match', res.headers.etag)).status).toBe(304);
    });

    it.each([
      ['a media that is not an image', async () => (await upload(t, t.ownerToken, SAMPLES.pdf, 'x.pdf')).body.id],
      ['a media that does not exist', async () => 999999],
      ['something that is not an id', async () => 'logo'],
      ['null', async () => null],
    ])('falls back to the default when the setting holds %s', async (_label, value) => {
      await setFavicon(await value());
      const res = await get('/api/uploads/favicon.ico');
      expect(res.status).toBe(200);
      expect(bytesOf(res).equals(defaultIcon)).toBe(true);
    });
  });
});
