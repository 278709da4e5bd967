import { RightType } from '@cms/contracts';
import { createTestApp, OWNER, type TestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('users API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.http
      .post('/api/roles')
      .set('token', t.ownerToken)
      .send({ id: 'writer', name: 'Writer', rights: [RightType.VIEW_CONTENT] });
    for (const name of ['Carla', 'alice', 'Bob']) {
      await t.http
        .post('/api/users')
        .set('token', t.ownerToken)
        .send({ name, email: `${name.toLowerCase()}@list.test`, password: 'password-123', roleId: 'writer' });
    }
  });
  afterAll(() => t.close());

  it('creates a user and never answers its password or hash', async () => {
    const res = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: 'Dana', email: 'Dana@Example.org', password: 'password-123', roleId: 'writer' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Dana',
      email: 'dana@example.org',
      roleId: 'writer',
      language: null,
      updatedAt: expect.any(String),
    });
    const one = await t.http.get(`/api/users/${res.body.id}`).set('token', t.ownerToken);
    expect(JSON.stringify(one.body)).not.toMatch(/password|argon2/);
    expect(await t.signIn('dana@example.org', 'password-123')).toEqual(expect.any(String));
  });

  it('lists in the ra-data-simple-rest dialect: sort, range and Content-Range', async () => {
    const res = await t.http.get(`/api/users?sort=${q(['name', 'ASC'])}&range=${q([0, 1])}&filter=${q({ q: 'list.test' })}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body.map((u: { name: string }) => u.name)).toEqual(['alice', 'Bob']);
    expect(res.headers['content-range']).toBe('users 0-1/3');
    expect(res.headers['access-control-expose-headers']).toMatch(/Content-Range/);
    const next = await t.http.get(`/api/users?sort=${q(['name', 'ASC'])}&range=${q([2, 3])}&filter=${q({ q: 'list.test' })}`).set('token', t.ownerToken);
    expect(next.body.map((u: { name: string }) => u.name)).toEqual(['Carla']);
    expect(next.headers['content-range']).toBe('users 2-2/3');
  });

  it('answers getMany by filter id and references by filter roleId', async () => {
    const all = await t.http.get(`/api/users?filter=${q({ roleId: 'writer' })}`).set('token', t.ownerToken);
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const ids = all.body.slice(0, 2).map((u: { id: number }) => u.id);
    const many = await t.http.get(`/api/users?filter=${q({ id: ids })}`).set('token', t.ownerToken);
    expect(many.body.map((u: { id: number }) => u.id).sort()).toEqual([...ids].sort());
  });

  it('refuses to sort or filter by unknown fields, with a 400 that names them', async () => {
    const sort = await t.http.get(`/api/users?sort=${q(['password', 'ASC'])}`).set('token', t.ownerToken);
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/password/);
    const filter = await t.http.get(`/api/users?filter=${q({ 'name; DROP TABLE login': 'x' })}`).set('token', t.ownerToken);
    expect(filter.status).toBe(400);
    expect((await t.http.get(`/api/users?range=${q([5, 1])}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get('/api/users?sort=[').set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get(`/api/users?filter=${q({ id: 'abc' })}`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('answers 409 for an e-mail already used', async () => {
    const res = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: 'X', email: 'ALICE@list.test', password: 'password-123', roleId: 'writer' });
    expect(res.status).toBe(409);
  });

  it('answers 400 for an unknown role and 404 for an unknown user', async () => {
    expect(
      (await t.http.post('/api/users').set('token', t.ownerToken).send({ name: 'X', email: 'x@unknown-role.test', password: 'password-123', roleId: 'nope' }))
        .status,
    ).toBe(400);
    expect((await t.http.get('/api/users/999999').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.get('/api/users/abc').set('token', t.ownerToken)).status).toBe(400);
  });

  it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_USER', async () => {
    const viewer = await t.userWithRights([RightType.VIEW_USER]);
    expect((await t.http.get('/api/users').set('token', viewer.token)).status).toBe(200);
    const create = await t.http
      .post('/api/users')
      .set('token', viewer.token)
      .send({ name: 'X', email: 'v@view.test', password: 'password-123', roleId: 'writer' });
    expect(create.status).toBe(403);
    expect(create.body.message).toMatch(/CREATE_USER/);
    expect((await t.http.put(`/api/users/${viewer.id}`).set('token', viewer.token).send({ name: 'Y' })).status).toBe(403);
    expect((await t.http.delete(`/api/users/${viewer.id}`).set('token', viewer.token)).status).toBe(403);
    const nobody = await t.userWithRights([]);
    expect((await t.http.get('/api/users').set('token', nobody.token)).status).toBe(403);
  });

  it('does not let a user grant a role holding rights it does not hold', async () => {
    const manager = await t.userWithRights([RightType.CREATE_USER, RightType.VIEW_CONTENT]);
    await t.http
      .post('/api/roles')
      .set('token', t.ownerToken)
      .send({ id: 'deleter', name: 'Deleter', rights: [RightType.DELETE_CONTENT] });
    const grant = await t.http
      .post('/api/users')
      .set('token', manager.token)
      .send({ name: 'X', email: 'g1@grant.test', password: 'password-123', roleId: 'deleter' });
    expect(grant.status).toBe(403);
    expect(grant.body.message).toMatch(/DELETE_CONTENT/);
    const superAdmin = await t.http
      .post('/api/users')
      .set('token', manager.token)
      .send({ name: 'X', email: 'g2@grant.test', password: 'password-123', roleId: 'super-admin' });
    expect(superAdmin.status).toBe(403);
    const fine = await t.http
      .post('/api/users')
      .set('token', manager.token)
      .send({ name: 'X', email: 'g3@grant.test', password: 'password-123', roleId: 'writer' });
    expect(fine.status).toBe(201);
  });

  it('does not let a user change its own role', async () => {
    const me = await t.http.get('/api/me').set('token', t.ownerToken);
    const res = await t.http.put(`/api/users/${me.body.id}`).set('token', t.ownerToken).send({ roleId: 'writer' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/own role/);
  });

  it('keeps the last super-admin (409) and lets it go once there is another', async () => {
    const me = await t.http.get('/api/me').set('token', t.ownerToken);
    const other = await t.userWithRights([RightType.UPDATE_USER, RightType.DELETE_USER]);
    expect((await t.http.delete(`/api/users/${me.body.id}`).set('token', t.ownerToken)).status).toBe(409);
    const second = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: 'Second', email: 'second@admin.test', password: 'password-123', roleId: 'super-admin' });
    expect(second.status).toBe(201);
    const secondToken = await t.signIn('second@admin.test', 'password-123');
    // Someone without super-admin cannot touch a super-admin.
    expect((await t.http.put(`/api/users/${second.body.id}`).set('token', other.token).send({ password: 'hijacked-123' })).status).toBe(403);
    expect((await t.http.put(`/api/users/${second.body.id}`).set('token', t.ownerToken).send({ roleId: 'writer' })).status).toBe(200);
    // Its new role ended its session.
    expect((await t.http.get('/api/me').set('token', secondToken)).status).toBe(403);
    expect((await t.http.delete(`/api/users/${me.body.id}`).set('token', t.ownerToken)).status).toBe(409);
    await t.signIn(OWNER.email, OWNER.password);
  });

  it('ends a user’s sessions at once when its role changes', async () => {
    const user = await t.userWithRights([RightType.VIEW_CONTENT]);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(200);
    expect((await t.http.put(`/api/users/${user.id}`).set('token', t.ownerToken).send({ roleId: 'writer' })).status).toBe(200);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(403);
  });

  it('updates name, e-mail and password', async () => {
    const user = await t.userWithRights([]);
    const res = await t.http
      .put(`/api/users/${user.id}`)
      .set('token', t.ownerToken)
      .send({ name: 'Renamed', email: 'renamed@test.local', password: 'new-password-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', email: 'renamed@test.local' });
    await t.signIn('renamed@test.local', 'new-password-1');
  });
});
