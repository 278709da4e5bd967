import { FAVICON_SETTING_NAME, RightType } from '@cms/contracts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { RevalidationService, type RevalidationEvent } from '../src/revalidation/revalidation.service';
import { diskState, SAMPLES, solidImage, SVG, upload } from './support/media-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('media API', () => {
  let t: TestApp;
  let uploadsDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    uploadsDir = (t.config.storage as { dir: string }).dir;
  });
  afterAll(() => t.close());

  const stored = (uri: string) => fs.readFileSync(path.join(uploadsDir, uri));

  it('tells a signed-in caller the upload limits: UPLOAD_MAX_MB in bytes and the accepted types', async () => {
    const res = await t.http.get('/api/medias/limits').set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body.maxBytes).toBe(t.config.uploadMaxMb * 1024 * 1024);
    expect(res.body.types).toEqual(
      expect.arrayContaining([
        { mime: 'image/png', ext: 'png', label: 'PNG' },
        { mime: 'application/pdf', ext: 'pdf', label: 'PDF' },
      ]),
    );
    expect((await t.http.get('/api/medias/limits')).status).toBe(401);
  });

  it('uploads a PNG: a server-generated uri, the sniffed type, its size in pixels and bytes', async () => {
    const png = await solidImage('png', 40, 30);
    const res = await upload(t, t.ownerToken, png, 'red square.png', { alt: JSON.stringify({ en: 'A red square', fr: 'Un carré rouge' }) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      uri: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
      url: `/api/uploads/${res.body.uri}`,
      mimeType: 'image/png',
      name: 'red square.png',
      size: stored(res.body.uri).length,
      alt: { en: 'A red square', fr: 'Un carré rouge' },
      packId: null,
      uploadTime: expect.any(String),
      width: 40,
      height: 30,
    });
    expect((await t.http.get(`/api/medias/${res.body.id}`).set('token', t.ownerToken)).body).toEqual(res.body);
  });

  it('takes the type from the bytes, not from the name or the declared Content-Type', async () => {
    const jpeg = await solidImage('jpeg');
    const res = await t.http.post('/api/medias').set('token', t.ownerToken).attach('file', jpeg, { filename: 'photo.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.mimeType).toBe('image/jpeg');
    expect(res.body.uri).toMatch(/\.jpg$/);
    expect(res.body.name).toBe('photo.png');
  });

  it('re-encodes JPEGs without their EXIF data and turns them upright', async () => {
    const tagged = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Someone Private' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const res = await upload(t, t.ownerToken, tagged, 'camera.jpg');
    expect(res.status).toBe(201);
    const meta = await sharp(stored(res.body.uri)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored(res.body.uri).includes('secret-owner')).toBe(false);
    expect([res.body.width, res.body.height, meta.width, meta.height]).toEqual([20, 40, 20, 40]);
  });

  it.each([
    ['webp', 'image/webp', /\.webp$/],
    ['gif', 'image/gif', /\.gif$/],
    ['avif', 'image/avif', /\.avif$/],
  ] as const)('accepts %s images', async (format, mimeType, uri) => {
    const res = await upload(t, t.ownerToken, await solidImage(format, 24, 16), `image.${format}`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mimeType, width: 24, height: 16 });
    expect(res.body.uri).toMatch(uri);
  });

  it.each([
    ['a PDF', SAMPLES.pdf, 'brochure.pdf', 'application/pdf'],
    ['an MP4 video', SAMPLES.mp4, 'clip.mp4', 'video/mp4'],
    ['a WebM video', SAMPLES.webm, 'clip.webm', 'video/webm'],
    ['a WAV sound', SAMPLES.wav, 'jingle.wav', 'audio/wav'],
  ])('accepts %s as uploaded, without a size in pixels', async (_label, bytes, filename, mimeType) => {
    const res = await upload(t, t.ownerToken, bytes, filename);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mimeType, size: bytes.length, width: null, height: null });
    expect(stored(res.body.uri).equals(bytes)).toBe(true);
  });

  it('accepts a clean SVG, rebuilt from the allow-list, with its declared size', async () => {
    const withClutter = SVG.clean.replace('<rect', '<!-- exported --><metadata><rdf:RDF/></metadata><rect inkscape:label="bg"');
    const res = await upload(t, t.ownerToken, Buffer.from(withClutter), 'logo.svg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mimeType: 'image/svg+xml', width: 120, height: 80 });
    expect(stored(res.body.uri).toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"><rect width="120" height="80" fill="#26D17D"/></svg>',
    );
  });

  it('accepts an ICO favicon as uploaded', async () => {
    const ico = fs.readFileSync(path.join(__dirname, '../src/assets/favicon.ico'));
    const res = await upload(t, t.ownerToken, ico, 'favicon.ico');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mimeType: 'image/x-icon', width: expect.any(Number), height: expect.any(Number) });
  });

  it('reads alt texts given as alt[locale] fields and a name field', async () => {
    const res = await upload(t, t.ownerToken, await solidImage('png'), 'x.png', { name: 'Hero banner', 'alt[en]': 'Sunset', 'alt[tr]': 'Gün batımı' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Hero banner', alt: { en: 'Sunset', tr: 'Gün batımı' } });
  });

  it.each([
    ['an unknown field', { colour: 'red' }, /colour/],
    ['an unknown locale', { 'alt[de]': 'Hallo' }, /alt\[de\]/],
    ['alt that is not JSON', { alt: '{en:' }, /alt/],
    ['alt with a number', { alt: JSON.stringify({ en: 5 }) }, /alt/],
    ['a name with a path', { name: 'a/b.png' }, /name/],
    ['a packId that is no id', { packId: 'abc' }, /packId/],
    ['a pack that does not exist', { packId: '999999' }, /No media pack 999999/],
  ])('refuses %s with a 400 and stores nothing', async (_label, fields, message) => {
    const before = diskState(t).stored.length;
    const res = await upload(t, t.ownerToken, await solidImage('png'), 'x.png', fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(diskState(t)).toEqual({ stored: expect.any(Array), scratch: [] });
    expect(diskState(t).stored.length).toBe(before);
  });

  it('lists in the ra-data-simple-rest dialect with filters on packId, mimeType prefix and q', async () => {
    const pack = await t.http.post('/api/media-packs').set('token', t.ownerToken).send({ name: 'List pack' });
    const inPack = await upload(t, t.ownerToken, await solidImage('png'), 'zebra-stripes.png', { packId: String(pack.body.id) });
    expect(inPack.status).toBe(201);
    expect(inPack.body.packId).toBe(pack.body.id);
    const byPack = await t.http.get(`/api/medias?filter=${q({ packId: pack.body.id })}`).set('token', t.ownerToken);
    expect(byPack.status).toBe(200);
    expect(byPack.body.map((m: { id: number }) => m.id)).toEqual([inPack.body.id]);
    expect(byPack.headers['content-range']).toBe('medias 0-0/1');

    const images = await t.http.get(`/api/medias?filter=${q({ mimeType: 'image/' })}&range=${q([0, 99])}`).set('token', t.ownerToken);
    expect(images.body.length).toBeGreaterThan(3);
    expect(images.body.every((m: { mimeType: string }) => m.mimeType.startsWith('image/'))).toBe(true);
    const videos = await t.http.get(`/api/medias?filter=${q({ mimeType: 'video' })}`).set('token', t.ownerToken);
    expect(videos.body.map((m: { mimeType: string }) => m.mimeType).sort()).toEqual(['video/mp4', 'video/webm']);

    const named = await t.http.get(`/api/medias?filter=${q({ q: 'ZEBRA' })}`).set('token', t.ownerToken);
    expect(named.body.map((m: { id: number }) => m.id)).toEqual([inPack.body.id]);
    const sorted = await t.http.get(`/api/medias?sort=${q(['size', 'DESC'])}&range=${q([0, 1])}`).set('token', t.ownerToken);
    expect(sorted.body[0].size).toBeGreaterThanOrEqual(sorted.body[1].size);
    expect((await t.http.get(`/api/medias?sort=${q(['uri', 'ASC'])}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get(`/api/medias?filter=${q({ path: 'x' })}`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('updates name, alt and pack, and nothing else', async () => {
    const media = await upload(t, t.ownerToken, await solidImage('png'), 'before.png');
    const pack = await t.http.post('/api/media-packs').set('token', t.ownerToken).send({ name: 'Update pack' });
    const res = await t.http
      .put(`/api/medias/${media.body.id}`)
      .set('token', t.ownerToken)
      .send({ name: 'after.png', alt: { it: 'Quadrato' }, packId: pack.body.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...media.body, name: 'after.png', alt: { it: 'Quadrato' }, packId: pack.body.id });
    const unpacked = await t.http.put(`/api/medias/${media.body.id}`).set('token', t.ownerToken).send({ packId: null });
    expect(unpacked.body.packId).toBeNull();
    // The file is read-only: sent back (as GET answered it, or changed), it is ignored.
    const moved = await t.http.put(`/api/medias/${media.body.id}`).set('token', t.ownerToken).send({ uri: 'other.png', mimeType: 'image/gif', size: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ uri: media.body.uri, mimeType: media.body.mimeType, size: media.body.size });
    expect((await t.http.put(`/api/medias/${media.body.id}`).set('token', t.ownerToken).send({ file: 'other.png' })).status).toBe(400);
    expect(
      (
        await t.http
          .put(`/api/medias/${media.body.id}`)
          .set('token', t.ownerToken)
          .send({ alt: { xx: 'no' } })
      ).status,
    ).toBe(400);
    expect((await t.http.put(`/api/medias/${media.body.id}`).set('token', t.ownerToken).send({ name: 'bad\u0000name' })).status).toBe(400);
    expect((await t.http.put(`/api/medias/${media.body.id}`).set('token', t.ownerToken).send({ packId: 999999 })).status).toBe(400);
    expect((await t.http.put('/api/medias/999999').set('token', t.ownerToken).send({ name: 'x' })).status).toBe(404);
  });

  it('deletes a media no one uses, with its file, and answers the deleted record', async () => {
    const media = await upload(t, t.ownerToken, await solidImage('png'), 'unused.png');
    expect(fs.existsSync(path.join(uploadsDir, media.body.uri))).toBe(true);
    const res = await t.http.delete(`/api/medias/${media.body.id}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(media.body);
    expect(fs.existsSync(path.join(uploadsDir, media.body.uri))).toBe(false);
    expect((await t.http.get(`/api/medias/${media.body.id}`).set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.get(`/api/uploads/${media.body.uri}`)).status).toBe(404);
  });

  describe('deleting a media in use', () => {
    let mediaId: number;
    beforeEach(async () => {
      mediaId = (await upload(t, t.ownerToken, await solidImage('png'), 'used.png')).body.id;
    });
    afterEach(async () => {
      for (const table of ['content_field', 'section', 'element']) await t.dataSource.query(`DELETE FROM ${table}`);
    });

    const expectConflict = async (where: RegExp) => {
      const res = await t.http.delete(`/api/medias/${mediaId}`).set('token', t.ownerToken);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(where);
      expect((await t.http.get(`/api/medias/${mediaId}`).set('token', t.ownerToken)).status).toBe(200);
    };

    it('answers 409 naming the content whose field uses it', async () => {
      const [container] = await t.dataSource.query(`INSERT INTO container (title) VALUES ('Posts') RETURNING id`);
      const [content] = await t.dataSource.query(`INSERT INTO content (title, "containerId") VALUES ('First post', $1) RETURNING id`, [container.id]);
      await t.dataSource.query(`INSERT INTO content_field (name, type, "contentId", "mediaId", lang) VALUES ('cover', 'IMAGE', $1, $2, 'fr')`, [
        content.id,
        mediaId,
      ]);
      await expectConflict(new RegExp(`content ${content.id} \\(field "cover", fr\\)`));
    });

    it('answers 409 naming the section whose content refers to it by mediaId, at any depth', async () => {
      const [section] = await t.dataSource.query(`INSERT INTO section (type, block, content, lang) VALUES ('HEADER', 'gallery', $1, 'en') RETURNING id`, [
        JSON.stringify({
          title: 'x',
          items: [
            { caption: 'a', mediaId: mediaId + 1000 },
            { caption: 'b', mediaId },
          ],
        }),
      ]);
      await expectConflict(new RegExp(`section ${section.id} \\(HEADER of the layout, en\\)`));
    });

    it('answers 409 naming the reusable element that shows it', async () => {
      const [element] = await t.dataSource.query(`INSERT INTO element (title, block, content) VALUES ('Promo', 'media', $1) RETURNING id`, [
        JSON.stringify({ mediaId }),
      ]);
      await expectConflict(new RegExp(`element ${element.id} "Promo"`));
    });

    it('answers 409 when it is the site favicon', async () => {
      await t.dataSource.query(`INSERT INTO setting (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`, [
        FAVICON_SETTING_NAME,
        JSON.stringify(mediaId),
      ]);
      await expectConflict(/site favicon/);
      await t.dataSource.query(`DELETE FROM setting WHERE name = $1`, [FAVICON_SETTING_NAME]);
    });

    it('deletes it once nothing refers to it any more (another id in a section does not count)', async () => {
      await t.dataSource.query(`INSERT INTO section (type, block, content, lang) VALUES ('FOOTER', 'media', $1, 'en')`, [
        JSON.stringify({ mediaId: mediaId + 1 }),
      ]);
      expect((await t.http.delete(`/api/medias/${mediaId}`).set('token', t.ownerToken)).status).toBe(200);
    });
  });

  it('purges the public pages when a media that pages use gets a new alt text, and only then', async () => {
    const events: RevalidationEvent[] = [];
    const unsubscribe = t.app.get(RevalidationService).subscribe((event) => events.push(event));
    const unused = await upload(t, t.ownerToken, await solidImage('png'), 'unused.png');
    await t.http
      .put(`/api/medias/${unused.body.id}`)
      .set('token', t.ownerToken)
      .send({ alt: { en: 'Nobody sees this' } });
    expect(events).toEqual([]);
    const used = await upload(t, t.ownerToken, await solidImage('png'), 'shown.png');
    await t.dataSource.query(`INSERT INTO element (title, block, content) VALUES ('Banner', 'media', $1)`, [JSON.stringify({ mediaId: used.body.id })]);
    await t.http
      .put(`/api/medias/${used.body.id}`)
      .set('token', t.ownerToken)
      .send({ alt: { en: 'Seen on the home page' } });
    unsubscribe();
    await t.dataSource.query(`DELETE FROM element`);
    expect(events).toEqual([{ scope: 'all' }]);
  });

  it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_MEDIA', async () => {
    const png = await solidImage('png');
    const viewer = await t.userWithRights([RightType.VIEW_MEDIA]);
    const media = await upload(t, t.ownerToken, png, 'rights.png');
    expect((await t.http.get('/api/medias').set('token', viewer.token)).status).toBe(200);
    expect((await t.http.get(`/api/medias/${media.body.id}`).set('token', viewer.token)).status).toBe(200);
    const refused = await upload(t, viewer.token, png, 'nope.png');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/CREATE_MEDIA/);
    expect((await t.http.put(`/api/medias/${media.body.id}`).set('token', viewer.token).send({ name: 'x' })).status).toBe(403);
    expect((await t.http.delete(`/api/medias/${media.body.id}`).set('token', viewer.token)).status).toBe(403);
    expect((await t.http.get('/api/medias').set('token', (await t.userWithRights([RightType.VIEW_MEDIAPACK])).token)).status).toBe(403);

    const editor = await t.userWithRights([RightType.CREATE_MEDIA, RightType.UPDATE_MEDIA, RightType.DELETE_MEDIA]);
    const created = await upload(t, editor.token, png, 'mine.png');
    expect(created.status).toBe(201);
    expect((await t.http.put(`/api/medias/${created.body.id}`).set('token', editor.token).send({ name: 'renamed.png' })).status).toBe(200);
    expect((await t.http.delete(`/api/medias/${created.body.id}`).set('token', editor.token)).status).toBe(200);
    expect((await t.http.get('/api/medias').set('token', editor.token)).status).toBe(403);
    expect((await t.http.post('/api/medias').attach('file', png, 'anonymous.png')).status).toBe(401);
  });

  it('documents the upload as multipart/form-data in OpenAPI', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const post = doc.paths['/api/medias'].post;
    expect(Object.keys(post.requestBody.content)).toEqual(['multipart/form-data']);
    const schema = post.requestBody.content['multipart/form-data'].schema;
    const properties = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()].properties : schema.properties;
    expect(properties.file).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['file', 'name', 'alt', 'packId']));
    for (const route of ['/api/medias/{id}', '/api/media-packs', '/api/media-packs/{id}', '/api/uploads/{file}', '/api/uploads/favicon.ico']) {
      expect(doc.paths[route]).toBeDefined();
    }
  });
});
