import { RightType } from '@cms/contracts';
import { contentModel, countQueries, q } from './support/content-model';
import { InstanceEventsService } from '../src/instance-events/instance-events.service';
import { createTestApp, type TestApp } from './support/test-app';

/** Until `check` holds, for at most `ms` (events between instances travel over NOTIFY). */
async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('sessions kept in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads a session once, then answers from memory without a query', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    const first = await countQueries(t, () => t.http.get('/api/me').set('token', user.token));
    const second = await countQueries(t, () => t.http.get('/api/me').set('token', user.token));
    expect(first.result.status).toBe(200);
    expect(first.count).toBe(1);
    expect(second.count).toBe(0);
    expect(second.result.body).toEqual(first.result.body);
  });

  it('shows a role’s new rights at once', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    expect((await t.http.get('/api/users').set('token', user.token)).status).toBe(200);
    await t.ownerUpdates(`/api/roles/${user.roleId}`, { rights: [RightType.VIEW_ROLE] });
    expect((await t.http.get('/api/users').set('token', user.token)).status).toBe(403);
    expect((await t.http.get('/api/me').set('token', user.token)).body.rights).toEqual([RightType.VIEW_ROLE]);
  });

  it('shows a user’s new name at once, and ends the session at sign-out', async () => {
    const user = await t.userWithRights([]);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(200);
    expect((await t.http.put(`/api/users/${user.id}`).set('token', t.ownerToken).send({ name: 'Renamed' })).status).toBe(200);
    expect((await t.http.get('/api/me').set('token', user.token)).body.name).toBe('Renamed');
    expect((await t.http.post('/api/auth/signout').set('token', user.token)).status).toBe(204);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(403);
  });
});

describe('contents list cache', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let containerId: number;
  const list = (app: TestApp, locale = 'fr') =>
    app.http
      .get(`/api/contents?locale=${locale}&filter=${q({ containerId })}&sort=${q(['updatedAt', 'DESC'])}&range=${q([0, 9])}`)
      .set('token', app.ownerToken);

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    containerId = (await cm.container({ fields: [{ label: 'Text', name: 'text', type: 'STRING' }] })).id;
    for (let i = 0; i < 3; i++) await cm.content({ containerId, slug: `cached-${i}`, fields: { text: `text ${i}` } });
  });
  afterAll(() => t.close());

  it('answers a repeated list from memory after one query, the same as the first time', async () => {
    const first = await countQueries(t, () => list(t));
    const again = await countQueries(t, () => list(t));
    expect(first.result.status).toBe(200);
    expect(again.count).toBe(1);
    expect(again.count).toBeLessThan(first.count);
    expect(again.result.body).toEqual(first.result.body);
    expect(again.result.headers['content-range']).toBe(first.result.headers['content-range']);
  });

  it('shows at once a change made by any path, even straight in the database', async () => {
    await list(t);
    await t.dataSource.query(`UPDATE "content_field" SET "textValue" = 'changed in SQL' WHERE name = 'text' AND "textValue" = 'text 1'`);
    const after = await list(t);
    expect(after.body.map((row: { fields: { text: string } }) => row.fields.text)).toContain('changed in SQL');
  });

  it('shows a new content and the new total at once', async () => {
    const before = await list(t);
    await cm.content({ containerId, slug: 'cached-new', fields: { text: 'newest' } });
    const after = await list(t);
    expect(after.body).toHaveLength(before.body.length + 1);
    expect(after.body[0].fields.text).toBe('newest');
    expect(after.headers['content-range']).toBe(`contents 0-${before.body.length}/${before.body.length + 1}`);
  });

  it('still refuses bad list queries before anything is read', async () => {
    const res = await t.http.get(`/api/contents?filter=${q({ nope: 1 })}`).set('token', t.ownerToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/nope/);
  });

  // Two instances on one database: the CI run against a PostgreSQL server.
  const onServer = process.env.DATABASE_URL ? describe : describe.skip;
  onServer('across instances', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createTestApp({ DATABASE_URL: t.config.databaseUrl! });
    });
    afterAll(() => second?.close());

    it('shows a write made through one instance in the next list read of the other', async () => {
      expect((await list(second)).status).toBe(200);
      const created = await cm.content({ containerId, slug: 'from-first', fields: { text: 'written on the first' } });
      const seen = await list(second);
      expect(seen.body.map((row: { id: number }) => row.id)).toContain(created.id);
    });

    it('ends on the other instance a session signed out on one', async () => {
      const user = await t.userWithRights([]);
      expect((await second.http.get('/api/me').set('token', user.token)).status).toBe(200);
      expect((await t.http.post('/api/auth/signout').set('token', user.token)).status).toBe(204);
      expect(await eventually(async () => (await second.http.get('/api/me').set('token', user.token)).status === 403)).toBe(true);
    });
  });
});

// The LISTEN connection of one instance breaks (a server restart, a network cut): the CI run
// against a PostgreSQL server.
(process.env.DATABASE_URL ? describe : describe.skip)('while instance events may be missed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps no session in memory until the listener is back, then keeps them again', async () => {
    const events = t.app.get(InstanceEventsService);
    const me = () => countQueries(t, () => t.http.get('/api/me').set('token', t.ownerToken));
    await me();
    expect((await me()).count).toBe(0);
    await t.dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    expect(await eventually(async () => !events.reliable())).toBe(true);
    expect((await me()).count).toBe(1);
    expect((await me()).count).toBe(1);
    expect(await eventually(async () => events.reliable(), 10_000)).toBe(true);
    await me();
    expect((await me()).count).toBe(0);
  });
});
