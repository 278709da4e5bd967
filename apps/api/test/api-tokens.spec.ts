import { RightType, type ApiTokenCreatedDto, type ApiTokenDto } from '@cms/contracts';
import { contentModel, q } from './support/content-model';
import { onServer, useTestApp, useTwoInstances, type TestApp } from './support/test-app';

const R = RightType;

/** Makes a token as `token` (a session); answers the created token with its secret, or throws. */
async function makeToken(t: TestApp, token: string, body: Record<string, unknown>): Promise<ApiTokenCreatedDto> {
  const res = await t.http.post('/api/tokens').set('token', token).send(body);
  if (res.status !== 201) throw new Error(`POST /api/tokens: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A role holding exactly these rights (made by the owner); answers its id. */
async function role(t: TestApp, rights: RightType[]): Promise<string> {
  const id = `r-${Math.random().toString(36).slice(2, 10)}`;
  await t.ownerCreates('/api/roles', { id, name: `Role ${id}`, rights });
  return id;
}

/**
 * API tokens (issue 28, point 1): secrets for machines, acting with a role's rights and never more
 * than their creator's, refused where only a person signed in may act, revoked at once.
 */
describe('API tokens', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  it('answers the secret once, with its prefix, and keeps only its digest', async () => {
    const reader = await role(t, [R.VIEW_CONTENT]);
    const created = await makeToken(t, t.ownerToken, { name: 'Static build', roleId: reader });
    expect(created.secret).toMatch(/^cms_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Static build', role: { id: reader }, hint: created.secret.slice(0, 8), lastUsedAt: null, expiresAt: null });
    const stored: { secretHash: string }[] = await t.dataSource.query(`SELECT "secretHash" FROM "api_token" WHERE id = $1`, [created.id]);
    expect(stored[0].secretHash).toMatch(/^[0-9a-f]{64}$/);
    const all = JSON.stringify(await t.dataSource.query(`SELECT * FROM "api_token"`));
    expect(all).not.toContain(created.secret);

    const one = await t.http.get(`/api/tokens/${created.id}`).set('token', t.ownerToken);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('secret');
    const me = (await t.http.get('/api/me').set('token', t.ownerToken)).body;
    expect(one.body).toMatchObject({ createdBy: { userId: me.id, userName: me.name }, role: { id: reader, name: `Role ${reader}` } });
  });

  it('lists tokens in the ra-data-simple-rest dialect, without secrets', async () => {
    const reader = await role(t, [R.VIEW_CONTENT]);
    const a = await makeToken(t, t.ownerToken, { name: 'Alpha list', roleId: reader });
    const b = await makeToken(t, t.ownerToken, { name: 'Beta list', roleId: reader, expiresAt: '2099-01-01T00:00:00Z' });
    const res = await t.http.get(`/api/tokens?sort=${q(['name', 'ASC'])}&range=[0,9]&filter=${q({ q: 'list' })}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('tokens 0-1/2');
    expect(res.body.map((token: ApiTokenDto) => token.id)).toEqual([a.id, b.id]);
    expect(res.body[1]).toEqual({
      id: b.id,
      name: 'Beta list',
      role: { id: reader, name: `Role ${reader}` },
      createdBy: { userId: expect.any(Number), userName: expect.any(String) },
      hint: b.secret.slice(0, 8),
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect((await t.http.get(`/api/tokens?sort=${q(['secretHash', 'ASC'])}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get(`/api/tokens?filter=${q({ secretHash: 'x' })}`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('acts with its role’s rights, sent as Authorization: Bearer or in the token header', async () => {
    const reader = await role(t, [R.VIEW_CONTENT]);
    const { secret } = await makeToken(t, t.ownerToken, { name: 'Reader', roleId: reader });
    const viaBearer = await t.http.get('/api/contents').set(bearer(secret));
    expect(viaBearer.status).toBe(200);
    // What a token reads is its caller's only: no cache keeps it.
    expect(viaBearer.headers['cache-control']).toBe('no-store');
    expect((await t.http.get('/api/contents').set('token', secret)).status).toBe(200);
    const denied = await t.http.get('/api/users').set(bearer(secret));
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('VIEW_USER');
    const me = await t.http.get('/api/me').set(bearer(secret));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: reader, rights: [R.VIEW_CONTENT] });
    expect(me.body.name).toMatch(/\(via token "Reader"\)$/);
  });

  it('refuses a token of a role without VIEW_CONTENT on GET /api/contents', async () => {
    const mediaOnly = await role(t, [R.VIEW_MEDIA]);
    const { secret } = await makeToken(t, t.ownerToken, { name: 'Media only', roleId: mediaOnly });
    const res = await t.http.get('/api/contents').set(bearer(secret));
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('VIEW_CONTENT');
    expect((await t.http.get('/api/medias').set(bearer(secret))).status).toBe(200);
  });

  it('refuses an unknown, garbled, revoked or expired token with a 401 that says which', async () => {
    for (const garbage of ['cms_', 'cms_short', `cms_${'A'.repeat(43)}`, 'not-a-jwt', 'cms_' + 'é'.repeat(43)]) {
      const res = await t.http.get('/api/contents').set(bearer(garbage));
      expect([garbage, res.status]).toEqual([garbage, 401]);
    }
    expect((await t.http.get('/api/contents').set(bearer(`cms_${'A'.repeat(43)}`))).body.message).toBe('This API token is unknown or was revoked');

    const reader = await role(t, [R.VIEW_CONTENT]);
    const expiring = await makeToken(t, t.ownerToken, { name: 'Expiring', roleId: reader, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await t.http.get('/api/contents').set(bearer(expiring.secret))).status).toBe(200);
    await t.dataSource.query(`UPDATE "api_token" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    const expired = await t.http.get('/api/contents').set(bearer(expiring.secret));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/^This API token expired on \d{4}-/);

    const revoked = await makeToken(t, t.ownerToken, { name: 'Revoked', roleId: reader });
    expect((await t.http.get('/api/contents').set(bearer(revoked.secret))).status).toBe(200);
    const deleted = await t.http.delete(`/api/tokens/${revoked.id}`).set('token', t.ownerToken);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: revoked.id, name: 'Revoked' });
    const after = await t.http.get('/api/contents').set(bearer(revoked.secret));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('This API token is unknown or was revoked');
    expect((await t.http.get(`/api/tokens/${revoked.id}`).set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.delete(`/api/tokens/${revoked.id}`).set('token', t.ownerToken)).status).toBe(404);
    // A public route treats a bad token as no token at all, as it does a bad session.
    expect((await t.http.get('/api/theme').set(bearer(revoked.secret))).status).toBe(200);
  });

  it('has no idle expiry and writes its last use at most once a minute', async () => {
    const reader = await role(t, [R.VIEW_CONTENT]);
    const token = await makeToken(t, t.ownerToken, { name: 'Nightly', roleId: reader });
    const lastUsed = async () => (await t.dataSource.query(`SELECT "lastUsedAt" FROM "api_token" WHERE id = $1`, [token.id]))[0].lastUsedAt as Date | null;
    expect(await lastUsed()).toBeNull();
    await t.http.get('/api/contents').set(bearer(token.secret));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await t.http.get('/api/contents').set(bearer(token.secret));
    expect(await lastUsed()).toEqual(first);
    // Unused for a month (sessions end after SESSION_IDLE): still works, and the use is written.
    await t.dataSource.query(`UPDATE "api_token" SET "lastUsedAt" = now() - interval '30 days' WHERE id = $1`, [token.id]);
    expect((await t.http.get('/api/contents').set(bearer(token.secret))).status).toBe(200);
    expect(Date.now() - new Date((await lastUsed())!).getTime()).toBeLessThan(60_000);
    const listed = (await t.http.get(`/api/tokens/${token.id}`).set('token', t.ownerToken)).body;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('is refused on sign-in-only routes: password, sign-out and managing tokens', async () => {
    const admin = await t.userWithRights([R.ACCESS_SETTINGS, R.VIEW_USER, R.UPDATE_USER]);
    const { secret, id } = await makeToken(t, admin.token, { name: 'Settings bot', roleId: admin.roleId });
    const refused: [string, Promise<{ status: number; body: { message: string } }>][] = [
      ['PUT /api/me/password', t.http.put('/api/me/password').set(bearer(secret)).send({ currentPassword: admin.password, password: 'new-password-123' })],
      ['PUT own user', t.http.put(`/api/users/${admin.id}`).set(bearer(secret)).send({ currentPassword: admin.password, password: 'new-password-123' })],
      ['sign-out', t.http.post('/api/auth/signout').set(bearer(secret))],
      ['POST /api/tokens', t.http.post('/api/tokens').set(bearer(secret)).send({ name: 'Child', roleId: admin.roleId })],
      ['PUT /api/tokens', t.http.put(`/api/tokens/${id}`).set(bearer(secret)).send({ name: 'Renamed' })],
      ['DELETE /api/tokens', t.http.delete(`/api/tokens/${id}`).set(bearer(secret))],
    ];
    for (const [label, call] of refused) {
      const res = await call;
      expect([label, res.status]).toEqual([label, 403]);
      expect(res.body.message).toMatch(/API token/);
    }
    // Reading the tokens is no harm; the password and the token are untouched.
    expect((await t.http.get('/api/tokens').set(bearer(secret))).status).toBe(200);
    expect(await t.signIn(admin.email, admin.password)).toBeTruthy();
    expect((await t.http.get('/api/me').set(bearer(secret))).status).toBe(200);
  });

  it('needs ACCESS_SETTINGS to manage tokens', async () => {
    const editor = await t.userWithRights([R.VIEW_CONTENT, R.UPDATE_CONTENT]);
    expect((await t.http.get('/api/tokens').set('token', editor.token)).status).toBe(403);
    const res = await t.http.post('/api/tokens').set('token', editor.token).send({ name: 'Mine', roleId: editor.roleId });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('ACCESS_SETTINGS');
    expect((await t.http.get('/api/tokens').set('token', editor.token)).status).toBe(403);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const reader = await role(t, [R.VIEW_CONTENT]);
    const cases: [Record<string, unknown>, string][] = [
      [{ roleId: reader }, 'name'],
      [{ name: '   ', roleId: reader }, 'name'],
      [{ name: 'x'.repeat(101), roleId: reader }, 'name'],
      [{ name: 42, roleId: reader }, 'name'],
      [{ name: 'Ok' }, 'roleId'],
      [{ name: 'Ok', roleId: 'Not A Role' }, 'roleId'],
      [{ name: 'Ok', roleId: reader, expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'Ok', roleId: reader, expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'Ok', roleId: reader, secret: 'cms_mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.post('/api/tokens').set('token', t.ownerToken).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.message).toContain(field);
    }
    const unknownRole = await t.http.post('/api/tokens').set('token', t.ownerToken).send({ name: 'Ok', roleId: 'no-such-role' });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.message).toContain('no-such-role');
    expect((await t.http.get('/api/tokens/abc').set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.delete('/api/tokens/-1').set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.put('/api/tokens/1.5').set('token', t.ownerToken).send({ name: 'x' })).status).toBe(400);
    expect((await t.http.post('/api/tokens').set('token', t.ownerToken).send({ name: 'Ok', roleId: reader, expiresAt: '2027-02-30T00:00:00Z' })).status).toBe(
      400,
    );
    expect((await t.http.get('/api/tokens/999999').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.get(`/api/tokens?range=${q([0, 'x'])}`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('renames a token, and only that', async () => {
    const reader = await role(t, [R.VIEW_CONTENT]);
    const token = await makeToken(t, t.ownerToken, { name: 'Old name', roleId: reader });
    const res = await t.http.put(`/api/tokens/${token.id}`).set('token', t.ownerToken).send({ name: 'New name' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: token.id, name: 'New name', role: { id: reader } });
    // The record as GET answered it may come back (react-admin's update): read-only keys are ignored.
    const back = await t.http
      .put(`/api/tokens/${token.id}`)
      .set('token', t.ownerToken)
      .send({ ...res.body, name: 'Newer name' });
    expect(back.status).toBe(200);
    expect((await t.http.put(`/api/tokens/${token.id}`).set('token', t.ownerToken).send({ name: '' })).status).toBe(400);
    expect((await t.http.put('/api/tokens/999999').set('token', t.ownerToken).send({ name: 'x' })).status).toBe(404);
    expect((await t.http.get('/api/contents').set(bearer(token.secret))).status).toBe(200);
  });

  describe('never more than its creator', () => {
    it('takes only a role its creator could give a user (the users’ role ceiling)', async () => {
      const admin = await t.userWithRights([R.ACCESS_SETTINGS, R.VIEW_CONTENT]);
      const wider = await role(t, [R.VIEW_CONTENT, R.DELETE_CONTENT]);
      const res = await t.http.post('/api/tokens').set('token', admin.token).send({ name: 'Too much', roleId: wider });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('DELETE_CONTENT');
      const superAdmin = await t.http.post('/api/tokens').set('token', admin.token).send({ name: 'Owner', roleId: 'super-admin' });
      expect(superAdmin.status).toBe(403);
      const narrower = await role(t, [R.VIEW_CONTENT]);
      expect((await t.http.post('/api/tokens').set('token', admin.token).send({ name: 'Fine', roleId: narrower })).status).toBe(201);
    });

    it('manages its creator’s own account only as it would anyone’s: a narrow token never edits or deletes a super-admin', async () => {
      const superAdmin = await t.userWithRights([]);
      await t.ownerUpdates(`/api/users/${superAdmin.id}`, { roleId: 'super-admin' });
      const session = await t.signIn(superAdmin.email, superAdmin.password);
      const managers = await role(t, [R.VIEW_USER, R.UPDATE_USER, R.DELETE_USER]);
      const { secret } = await makeToken(t, session, { name: 'User sync', roleId: managers });
      const rename = await t.http.put(`/api/users/${superAdmin.id}`).set(bearer(secret)).send({ name: 'Renamed by a token' });
      expect(rename.status).toBe(403);
      expect(rename.body.message).toContain('super-admin');
      expect((await t.http.delete(`/api/users/${superAdmin.id}`).set(bearer(secret))).status).toBe(403);
      // Within its role it still manages others.
      const clerk = await t.userWithRights([R.VIEW_USER]);
      expect((await t.http.put(`/api/users/${clerk.id}`).set(bearer(secret)).send({ name: 'Clerk renamed' })).status).toBe(200);
    });

    it('loses at once the rights its creator’s role loses', async () => {
      const admin = await t.userWithRights([R.ACCESS_SETTINGS, R.VIEW_CONTENT, R.VIEW_MEDIA]);
      const bot = await role(t, [R.VIEW_CONTENT, R.VIEW_MEDIA]);
      const { secret } = await makeToken(t, admin.token, { name: 'Bot', roleId: bot });
      expect((await t.http.get('/api/medias').set(bearer(secret))).status).toBe(200);
      await t.ownerUpdates(`/api/roles/${admin.roleId}`, { rights: [R.ACCESS_SETTINGS, R.VIEW_CONTENT] });
      const res = await t.http.get('/api/medias').set(bearer(secret));
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('VIEW_MEDIA');
      expect((await t.http.get('/api/contents').set(bearer(secret))).status).toBe(200);
      expect((await t.http.get('/api/me').set(bearer(secret))).body.rights).toEqual([R.VIEW_CONTENT]);
    });

    it('is suspended when its creator’s role changes, and goes with its deleted creator', async () => {
      const admin = await t.userWithRights([R.ACCESS_SETTINGS, R.VIEW_CONTENT]);
      const reader = await role(t, [R.VIEW_CONTENT]);
      const token = await makeToken(t, admin.token, { name: 'Bot', roleId: reader });
      expect((await t.http.get('/api/contents').set(bearer(token.secret))).status).toBe(200);
      const other = await role(t, [R.ACCESS_SETTINGS, R.VIEW_CONTENT, R.VIEW_MEDIA]);
      await t.ownerUpdates(`/api/users/${admin.id}`, { roleId: other });
      const suspended = await t.http.get('/api/contents').set(bearer(token.secret));
      expect(suspended.status).toBe(401);
      expect(suspended.body.message).toMatch(/suspended: the role of its creator/);

      const second = await t.userWithRights([R.ACCESS_SETTINGS, R.VIEW_CONTENT]);
      const kept = await makeToken(t, second.token, { name: 'Orphan', roleId: reader });
      expect((await t.http.delete(`/api/users/${second.id}`).set('token', t.ownerToken)).status).toBe(200);
      expect((await t.http.get('/api/contents').set(bearer(kept.secret))).status).toBe(401);
      expect((await t.http.get(`/api/tokens/${kept.id}`).set('token', t.ownerToken)).status).toBe(404);
    });
  });

  it('names the token in the audit log and in versions: the creator, via the token', async () => {
    const writer = await role(t, [R.VIEW_CONTAINER, R.VIEW_CONTENT, R.CREATE_CONTENT, R.UPDATE_CONTENT]);
    const { secret } = await makeToken(t, t.ownerToken, { name: 'Importer', roleId: writer });
    const me = (await t.http.get('/api/me').set('token', t.ownerToken)).body;
    const shop = await cm.container({ title: 'Token shop', fields: [{ label: 'Name', name: 'name', type: 'STRING' }] });
    const created = await t.http
      .post('/api/contents')
      .set(bearer(secret))
      .send({ containerId: shop.id, title: 'By token', fields: { name: 'x' } });
    expect(created.status).toBe(201);
    const entries = (await t.http.get(`/api/audit?filter=${q({ resource: 'contents', resourceId: String(created.body.id) })}`).set('token', t.ownerToken)).body;
    expect(entries[0]).toMatchObject({ userId: me.id, userName: `${me.name} (via token "Importer")`, action: 'create' });
    const versions = (await t.http.get(`/api/contents/${created.body.id}/versions`).set('token', t.ownerToken)).body;
    expect(versions[0]).toMatchObject({ userId: me.id, userName: `${me.name} (via token "Importer")` });
    const tokenEntries = (await t.http.get(`/api/audit?filter=${q({ resource: 'tokens' })}`).set('token', t.ownerToken)).body;
    expect(tokenEntries.some((entry: { summary: string }) => entry.summary.startsWith('Created API token') && entry.summary.includes('"Importer"'))).toBe(true);
    expect(JSON.stringify(tokenEntries)).not.toContain(secret);
  });

  it('goes with its role when the role is deleted', async () => {
    const doomed = await role(t, [R.VIEW_CONTENT]);
    const token = await makeToken(t, t.ownerToken, { name: 'Doomed', roleId: doomed });
    expect((await t.http.delete(`/api/roles/${doomed}`).set('token', t.ownerToken)).status).toBe(200);
    expect((await t.http.get('/api/contents').set(bearer(token.secret))).status).toBe(401);
  });
});

// Two instances on one PostgreSQL server: a revocation must not wait for a broadcast.
onServer('API tokens across instances', () => {
  const { first, second } = useTwoInstances();

  it('refuses a token on the other instance as soon as its DELETE has answered', async () => {
    const reader = await role(first, [R.VIEW_CONTENT]);
    for (let round = 0; round < 5; round++) {
      const token = await makeToken(first, first.ownerToken, { name: `Shared ${round}`, roleId: reader });
      const auth = { Authorization: `Bearer ${token.secret}` };
      // Both instances have served it (anything they keep, they keep now).
      expect((await second.http.get('/api/contents').set(auth)).status).toBe(200);
      expect((await first.http.get('/api/contents').set(auth)).status).toBe(200);
      expect((await first.http.delete(`/api/tokens/${token.id}`).set('token', first.ownerToken)).status).toBe(200);
      const refused = await second.http.get('/api/contents').set(auth);
      expect([round, refused.status]).toEqual([round, 401]);
    }
  });
});
