import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { binaryParser, diskState, noiseImage, SVG, upload } from './support/media-fixtures';
import { startS3Server, type TestS3Server } from './support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';

/** The app with S3_* set: uploads go to (and are served from) an S3-compatible server, as on several instances. */
describe('media on S3-compatible storage', () => {
  let s3: TestS3Server;
  let client: S3Client;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    client.destroy();
    await s3.stop();
  });

  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key).sort();
  it('stores an upload in the bucket, not on disk, and serves it from there with ETag, ranges and variants', async () => {
    expect(t.config.storage.driver).toBe('s3');
    const media = (await upload(t, t.ownerToken, await noiseImage('jpeg', 800, 600), 'shared.jpg')).body;
    expect(media.uri).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(await keys()).toEqual([media.uri]);
    expect(diskState(t).scratch).toEqual([]);

    const file = await t.http.get(`/api/uploads/${media.uri}`).buffer(true).parse(binaryParser);
    expect(file.status).toBe(200);
    expect(file.body.length).toBe(media.size);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await t.http.get(`/api/uploads/${media.uri}`).set('If-None-Match', file.headers.etag)).status).toBe(304);
    const range = await t.http.get(`/api/uploads/${media.uri}`).set('Range', 'bytes=0-1').buffer(true).parse(binaryParser);
    expect([range.status, range.headers['content-range'], [...range.body]]).toEqual([206, `bytes 0-1/${media.size}`, [0xff, 0xd8]]);

    const variant = await t.http.get(`/api/uploads/${media.uri}?w=320&format=webp`).buffer(true).parse(binaryParser);
    expect(variant.status).toBe(200);
    expect((await sharp(variant.body).metadata()).width).toBe(320);
    const hex = media.uri.split('.')[0];
    expect(await keys()).toEqual([media.uri, `variants/${hex}/w320.webp`]);

    expect((await t.http.delete(`/api/medias/${media.id}`).set('token', t.ownerToken)).status).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it('writes nothing to the bucket for a refused upload', async () => {
    const res = await upload(t, t.ownerToken, Buffer.from(SVG.script), 'bad.svg');
    expect(res.status).toBe(422);
    expect(await keys()).toEqual([]);
    expect(diskState(t).scratch).toEqual([]);
  });
});
