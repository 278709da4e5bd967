import { RightType } from '@cms/contracts';
import { solidImage, upload } from './support/media-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('media packs API', () => {
  let t: TestApp;
  let media: number[];
  beforeAll(async () => {
    t = await createTestApp();
    const png = await solidImage('png');
    media = [];
    for (let i = 0; i < 5; i++) media.push((await upload(t, t.ownerToken, png, `m${i}.png`)).body.id);
  });
  afterAll(() => t.close());

  const create = (body: unknown) =>
    t.http
      .post('/api/media-packs')
      .set('token', t.ownerToken)
      .send(body as object);

  it('creates a pack with media and answers its media ids and count', async () => {
    const res = await create({ name: 'Summer', mediaIds: [media[0], media[1]] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Summer',
      mediaCount: 2,
      mediaIds: [media[0], media[1]],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const m0 = await t.http.get(`/api/medias/${media[0]}`).set('token', t.ownerToken);
    expect(m0.body.packId).toBe(res.body.id);
    expect((await t.http.get(`/api/media-packs/${res.body.id}`).set('token', t.ownerToken)).body).toEqual(res.body);
  });

  it('lists packs with mediaCount from one query, sorted and filtered', async () => {
    await create({ name: 'Alpha list', mediaIds: [media[2], media[3], media[4]] });
    await create({ name: 'Empty list' });
    const logged = jest.spyOn(t.dataSource.logger, 'logQuery');
    const res = await t.http.get(`/api/media-packs?sort=${q(['mediaCount', 'DESC'])}&filter=${q({ q: 'list' })}`).set('token', t.ownerToken);
    const queries = logged.mock.calls.map(([sql]) => sql);
    logged.mockRestore();
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string; mediaCount: number }) => [p.name, p.mediaCount])).toEqual([
      ['Alpha list', 3],
      ['Empty list', 0],
    ]);
    expect(res.headers['content-range']).toBe('media-packs 0-1/2');
    expect(res.body[0]).not.toHaveProperty('mediaIds');
    expect(queries.filter((sql) => /FROM "media_pack"/.test(sql))).toHaveLength(2);
    expect(queries.filter((sql) => /FROM "media"/.test(sql) && !/media_pack/.test(sql))).toEqual([]);
    const byName = await t.http.get(`/api/media-packs?sort=${q(['name', 'ASC'])}&range=${q([0, 0])}`).set('token', t.ownerToken);
    expect(byName.body).toHaveLength(1);
    expect((await t.http.get(`/api/media-packs?sort=${q(['secret', 'ASC'])}`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('replaces the media of a pack: those left out become unpacked, others move in from their pack', async () => {
    const a = await create({ name: 'A', mediaIds: [media[0], media[1]] });
    const b = await create({ name: 'B', mediaIds: [media[2]] });
    const res = await t.http
      .put(`/api/media-packs/${a.body.id}`)
      .set('token', t.ownerToken)
      .send({ name: 'A2', mediaIds: [media[1], media[2]] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'A2', mediaIds: [media[1], media[2]], mediaCount: 2 });
    expect((await t.http.get(`/api/medias/${media[0]}`).set('token', t.ownerToken)).body.packId).toBeNull();
    expect((await t.http.get(`/api/media-packs/${b.body.id}`).set('token', t.ownerToken)).body).toMatchObject({ mediaIds: [], mediaCount: 0 });
    const emptied = await t.http.put(`/api/media-packs/${a.body.id}`).set('token', t.ownerToken).send({ mediaIds: [] });
    expect(emptied.body).toMatchObject({ name: 'A2', mediaIds: [], mediaCount: 0 });
  });

  it('deletes a pack and keeps its media, unpacked', async () => {
    const pack = await create({ name: 'Doomed', mediaIds: [media[3], media[4]] });
    const res = await t.http.delete(`/api/media-packs/${pack.body.id}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: pack.body.id, name: 'Doomed', mediaIds: [media[3], media[4]] });
    expect((await t.http.get(`/api/media-packs/${pack.body.id}`).set('token', t.ownerToken)).status).toBe(404);
    for (const id of [media[3], media[4]]) {
      const m = await t.http.get(`/api/medias/${id}`).set('token', t.ownerToken);
      expect([m.status, m.body.packId]).toEqual([200, null]);
    }
  });

  it.each([
    ['no name', { mediaIds: [] }],
    ['an empty name', { name: '' }],
    ['an unknown media', { name: 'X', mediaIds: [999999] }],
    ['a media twice', { name: 'X', mediaIds: [1, 1] }],
    ['media ids that are not numbers', { name: 'X', mediaIds: ['1'] }],
    ['an unknown property', { name: 'X', colour: 'red' }],
  ])('answers 400 to %s', async (_label, body) => {
    expect((await create(body)).status).toBe(400);
  });

  it('answers 404 for an unknown pack', async () => {
    expect((await t.http.get('/api/media-packs/999999').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.put('/api/media-packs/999999').set('token', t.ownerToken).send({ name: 'x' })).status).toBe(404);
    expect((await t.http.delete('/api/media-packs/999999').set('token', t.ownerToken)).status).toBe(404);
  });

  it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_MEDIAPACK', async () => {
    const pack = await create({ name: 'Rights' });
    const viewer = await t.userWithRights([RightType.VIEW_MEDIAPACK]);
    expect((await t.http.get('/api/media-packs').set('token', viewer.token)).status).toBe(200);
    expect((await t.http.get(`/api/media-packs/${pack.body.id}`).set('token', viewer.token)).status).toBe(200);
    const refused = await t.http.post('/api/media-packs').set('token', viewer.token).send({ name: 'No' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/CREATE_MEDIAPACK/);
    expect((await t.http.put(`/api/media-packs/${pack.body.id}`).set('token', viewer.token).send({ name: 'No' })).status).toBe(403);
    expect((await t.http.delete(`/api/media-packs/${pack.body.id}`).set('token', viewer.token)).status).toBe(403);
    const mediaOnly = await t.userWithRights([RightType.VIEW_MEDIA]);
    expect((await t.http.get('/api/media-packs').set('token', mediaOnly.token)).status).toBe(403);
    const manager = await t.userWithRights([RightType.CREATE_MEDIAPACK, RightType.UPDATE_MEDIAPACK, RightType.DELETE_MEDIAPACK]);
    const mine = await t.http
      .post('/api/media-packs')
      .set('token', manager.token)
      .send({ name: 'Mine', mediaIds: [media[0]] });
    expect(mine.status).toBe(201);
    expect((await t.http.put(`/api/media-packs/${mine.body.id}`).set('token', manager.token).send({ name: 'Ours' })).status).toBe(200);
    expect((await t.http.delete(`/api/media-packs/${mine.body.id}`).set('token', manager.token)).status).toBe(200);
  });
});
