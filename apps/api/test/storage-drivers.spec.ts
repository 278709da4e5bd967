import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { LocalStorageDriver } from '../src/storage/local-storage.driver';
import { S3StorageDriver } from '../src/storage/s3-storage.driver';
import { isStored, RangeNotSatisfiableError, type StorageDriver } from '../src/storage/storage-driver';
import { createStorageDriver } from '../src/storage/storage.module';
import { startS3Server, type TestS3Server } from './support/s3-server';

const text = (value: string) => Readable.from([Buffer.from(value)]);
async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
/** `size` bytes, made a megabyte at a time, with no length known beforehand. */
function generated(size: number, seed: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024, seed);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    })(),
  );
}
const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

let s3: TestS3Server;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-local-storage-'));
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const drivers: [string, () => StorageDriver][] = [
  ['local disk', () => new LocalStorageDriver(localRoot)],
  ['S3 (s3rver)', () => s3.driver({ partSize: 5 * 1024 * 1024 })],
];

describe.each(drivers)('storage driver: %s', (_name, make) => {
  let storage: StorageDriver;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => (storage as Partial<S3StorageDriver>).onModuleDestroy?.());

  it('puts a stream of known size and gets it back with its size and a quoted ETag', async () => {
    const put = await storage.put('aa11.txt', text('hello world'), { contentType: 'text/plain', size: 11 });
    expect(put).toMatchObject({ size: 11, etag: expect.stringMatching(/^"[^"]+"$/) });
    expect(Math.abs(put.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    const got = await storage.get('aa11.txt');
    expect(got).toMatchObject({ size: 11, etag: expect.stringMatching(/^"[^"]+"$/) });
    expect((await read(got!.body)).toString()).toBe('hello world');
    expect(await storage.stat('aa11.txt')).toMatchObject({ size: 11, etag: got!.etag });
    expect(await isStored(storage, 'aa11.txt')).toBe(true);
  });

  it('puts a 12 MB stream of unknown length (in parts on S3) and gets the same bytes back', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const put = await storage.put('big/ab12.bin', generated(size, 7), { contentType: 'application/octet-stream' });
    expect(put.size).toBe(size);
    const got = await storage.get('big/ab12.bin');
    const bytes = await read(got!.body);
    expect(bytes.length).toBe(size);
    expect(sha(bytes)).toBe(sha(await read(generated(size, 7))));
  });

  it('replaces an object whole, with a new ETag', async () => {
    await storage.put('cc33.txt', text('first version'), { contentType: 'text/plain' });
    const before = await storage.stat('cc33.txt');
    await new Promise((r) => setTimeout(r, 20));
    await storage.put('cc33.txt', text('second'), { contentType: 'text/plain' });
    const after = await storage.get('cc33.txt');
    expect((await read(after!.body)).toString()).toBe('second');
    expect(after!.etag).not.toBe(before!.etag);
  });

  it('gets byte ranges: from-to, from, and the last n bytes', async () => {
    await storage.put('dd44.txt', text('0123456789'), { contentType: 'text/plain', size: 10 });
    const middle = await storage.get('dd44.txt', { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect((await read(middle!.body)).toString()).toBe('2345');
    const tail = await storage.get('dd44.txt', { start: 7 });
    expect((await read(tail!.body)).toString()).toBe('789');
    const suffix = await storage.get('dd44.txt', { suffix: 3 });
    expect(suffix!.range).toEqual({ start: 7, end: 9 });
    expect((await read(suffix!.body)).toString()).toBe('789');
    const clipped = await storage.get('dd44.txt', { start: 8, end: 100 });
    expect((await read(clipped!.body)).toString()).toBe('89');
  });

  it('refuses a range past the end, telling the size', async () => {
    await storage.put('ee55.txt', text('short'), { contentType: 'text/plain', size: 5 });
    await expect(storage.get('ee55.txt', { start: 10 })).rejects.toEqual(new RangeNotSatisfiableError(5));
  });

  it('answers null for what does not exist, and deletes quietly', async () => {
    expect(await storage.get('ff66-missing.txt')).toBeNull();
    expect(await storage.stat('ff66-missing.txt')).toBeNull();
    expect(await isStored(storage, 'ff66-missing.txt')).toBe(false);
    await storage.put('ff66.txt', text('x'), { contentType: 'text/plain' });
    await storage.delete('ff66.txt');
    expect(await isStored(storage, 'ff66.txt')).toBe(false);
    await expect(storage.delete('ff66.txt')).resolves.toBeUndefined();
  });

  it('deletes every object under a folder, and only those', async () => {
    for (const key of ['variants/abc/w1.webp', 'variants/abc/w2.webp', 'variants/abcd/w1.webp'])
      await storage.put(key, text(key), { contentType: 'image/webp' });
    expect(await storage.deletePrefix('variants/abc/')).toBe(2);
    expect(await isStored(storage, 'variants/abc/w1.webp')).toBe(false);
    expect(await isStored(storage, 'variants/abcd/w1.webp')).toBe(true);
    expect(await storage.deletePrefix('variants/nothing/')).toBe(0);
    await expect(storage.deletePrefix('variants/ab')).rejects.toThrow(/ends with/);
  });

  it('leaves nothing behind when the body fails mid-way', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(6 * 1024 * 1024, 1);
        throw new Error('the client went away');
      })(),
    );
    await expect(storage.put('gg77.bin', failing, { contentType: 'application/octet-stream' })).rejects.toThrow();
    expect(await isStored(storage, 'gg77.bin')).toBe(false);
    if (storage instanceof LocalStorageDriver) expect(fs.readdirSync(localRoot).filter((f) => f.startsWith('gg77'))).toEqual([]);
  });

  it.each(['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'UPPER.txt', '', 'a//b', 'a/./b', 'con\u0000.txt', 'x..y'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, text('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    },
  );
});

describe('storage configuration', () => {
  it('keeps uploads in DATA_DIR/uploads by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/cms' }).storage).toEqual({ driver: 'local', dir: '/srv/cms/uploads' });
    expect(loadConfig({}).uploadMaxPixels).toBe(50_000_000);
  });

  it('makes the driver the configuration names (the S3 one loaded only then)', () => {
    const local = createStorageDriver(loadConfig({ DATA_DIR: '/srv/cms' }).storage);
    expect(local).toBeInstanceOf(LocalStorageDriver);
    expect(local.description).toBe('local folder /srv/cms/uploads');
    const bucket = createStorageDriver(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000' }).storage);
    expect(bucket).toBeInstanceOf(S3StorageDriver);
    expect(bucket.description).toBe('S3 bucket media at http://minio:9000');
    (bucket as S3StorageDriver).onModuleDestroy();
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set, path-style when an endpoint is given', () => {
    expect(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).storage).toEqual({
      driver: 's3',
      bucket: 'media',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-3' }).storage).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it.each([
    [{ S3_BUCKET: 'Not A Bucket' }, /S3_BUCKET/],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: must be set when S3_ENDPOINT is set/],
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }, /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ UPLOAD_MAX_PIXELS: '12' }, /UPLOAD_MAX_PIXELS/],
  ])('stops on %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
