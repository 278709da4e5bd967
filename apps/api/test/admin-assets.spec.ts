import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { createTestApp, type TestApp } from './support/test-app';

const ROOT = path.resolve(__dirname, '../../..');

// The back office's hashed assets are compressed once at build time (apps/admin/precompress.mjs, run by
// its Vite build) and sent as they are to clients that accept gzip or brotli.
describe('back-office assets, pre-compressed', () => {
  let t: TestApp;
  let adminDir: string;
  /** The answer's bytes as sent (an HTTP client library would decode them). */
  const get = async (url: string, acceptEncoding: string) => {
    const res = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;

  beforeAll(async () => {
    adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-admin-'));
    fs.writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><title>Back office</title>');
    fs.mkdirSync(path.join(adminDir, 'assets'));
    fs.writeFileSync(path.join(adminDir, 'assets', 'index-AbCd1234.js'), script);
    fs.writeFileSync(path.join(adminDir, 'assets', 'tiny-AbCd1234.js'), 'export {};\n');
    // The build's own step, on this folder.
    execFileSync(process.execPath, [path.join(ROOT, 'apps/admin/precompress.mjs'), path.join(adminDir, 'assets')]);
    t = await createTestApp({ SERVE: 'back-office', ADMIN_DIR: adminDir });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(adminDir, { recursive: true, force: true });
  });

  it('writes gzip and brotli copies of text assets at build, and none of files too small to gain', () => {
    const assets = fs.readdirSync(path.join(adminDir, 'assets')).sort();
    expect(assets).toEqual(['index-AbCd1234.js', 'index-AbCd1234.js.br', 'index-AbCd1234.js.gz', 'tiny-AbCd1234.js']);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(adminDir, 'assets', 'index-AbCd1234.js.gz'))).toString()).toBe(script);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(adminDir, 'assets', 'index-AbCd1234.js.br'))).toString()).toBe(script);
  });

  it('sends the brotli copy to a client that accepts brotli', async () => {
    const res = await get('/admin/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.body.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip copy to a client that accepts gzip alone', async () => {
    const res = await get('/admin/assets/index-AbCd1234.js', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts neither', async () => {
    for (const accept of ['identity', 'deflate']) {
      const res = await get('/admin/assets/index-AbCd1234.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('sends a file without copies as it is, whatever the client accepts', async () => {
    const res = await get('/admin/assets/tiny-AbCd1234.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export {};\n');
  });

  it('answers 404 for an asset that does not exist, compressed or not', async () => {
    expect((await get('/admin/assets/missing.js', 'br')).status).toBe(404);
    expect((await get('/admin/assets/index-AbCd1234.js.br.br', 'br')).status).toBe(404);
  });
});
