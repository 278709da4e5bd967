import { RIGHT_TYPES, RightType } from '@cms/contracts';
import { useTestApp } from './support/test-app';

describe('roles API', () => {
  const t = useTestApp();

  it('creates a role with a key derived from its name and its rights', async () => {
    const res = await t.http
      .post('/api/roles')
      .set('token', t.ownerToken)
      .send({ name: 'Rédacteur en chef', rights: [RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'redacteur-en-chef', name: 'Rédacteur en chef', rights: [RightType.UPDATE_CONTENT, RightType.VIEW_CONTENT] });
    expect((await t.http.post('/api/roles').set('token', t.ownerToken).send({ name: 'Rédacteur en chef', rights: [] })).status).toBe(409);
  });

  it('lists roles with Content-Range and shows super-admin with every right', async () => {
    const res = await t.http.get('/api/roles?sort=["id","ASC"]&range=[0,9]').set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toMatch(/^roles 0-\d+\/\d+$/);
    const superAdmin = res.body.find((r: { id: string }) => r.id === 'super-admin');
    expect(superAdmin.rights).toHaveLength(RIGHT_TYPES.length);
  });

  it('replaces the rights of a role', async () => {
    await t.http
      .post('/api/roles')
      .set('token', t.ownerToken)
      .send({ id: 'ops', name: 'Ops', rights: [RightType.VIEW_MEDIA] });
    const res = await t.http
      .put('/api/roles/ops')
      .set('token', t.ownerToken)
      .send({ rights: [RightType.REVALIDATION, RightType.VIEW_LAYOUT] });
    expect(res.status).toBe(200);
    expect(res.body.rights).toEqual([RightType.REVALIDATION, RightType.VIEW_LAYOUT]);
  });

  it('refuses unknown rights, bad ids and extra properties', async () => {
    expect(
      (
        await t.http
          .post('/api/roles')
          .set('token', t.ownerToken)
          .send({ name: 'X', rights: ['FLY'] })
      ).status,
    ).toBe(400);
    expect((await t.http.post('/api/roles').set('token', t.ownerToken).send({ id: 'Bad Id', name: 'X', rights: [] })).status).toBe(400);
    expect((await t.http.post('/api/roles').set('token', t.ownerToken).send({ name: 'X', rights: [], superpower: true })).status).toBe(400);
    expect((await t.http.post('/api/roles').set('token', t.ownerToken).send({ name: 'X', rights: 'VIEW_USER' })).status).toBe(400);
  });

  it('keeps the super-admin role as it is', async () => {
    expect((await t.http.put('/api/roles/super-admin').set('token', t.ownerToken).send({ rights: [] })).status).toBe(409);
    expect((await t.http.delete('/api/roles/super-admin').set('token', t.ownerToken)).status).toBe(409);
    expect((await t.http.post('/api/roles').set('token', t.ownerToken).send({ id: 'super-admin', name: 'X', rights: [] })).status).toBe(409);
  });

  it('refuses to delete a role in use (409) and deletes it once unused', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    const res = await t.http.delete(`/api/roles/${user.roleId}`).set('token', t.ownerToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/1 user/);
    await t.http.delete(`/api/users/${user.id}`).set('token', t.ownerToken);
    expect((await t.http.delete(`/api/roles/${user.roleId}`).set('token', t.ownerToken)).status).toBe(200);
    expect((await t.http.get(`/api/roles/${user.roleId}`).set('token', t.ownerToken)).status).toBe(404);
  });

  it('does not let a user grant rights it does not hold', async () => {
    const manager = await t.userWithRights([RightType.CREATE_ROLE, RightType.UPDATE_ROLE, RightType.VIEW_CONTENT]);
    const create = await t.http
      .post('/api/roles')
      .set('token', manager.token)
      .send({ name: 'Escalate', rights: [RightType.DELETE_USER] });
    expect(create.status).toBe(403);
    expect(
      (
        await t.http
          .post('/api/roles')
          .set('token', manager.token)
          .send({ name: 'Readers', rights: [RightType.VIEW_CONTENT] })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.http
          .put('/api/roles/readers')
          .set('token', manager.token)
          .send({ rights: [RightType.VIEW_CONTENT, RightType.CREATE_USER] })
      ).status,
    ).toBe(403);
  });

  it('enforces the ROLE rights', async () => {
    const viewer = await t.userWithRights([RightType.VIEW_ROLE]);
    expect((await t.http.get('/api/roles').set('token', viewer.token)).status).toBe(200);
    expect((await t.http.post('/api/roles').set('token', viewer.token).send({ name: 'X', rights: [] })).status).toBe(403);
    expect((await t.http.delete('/api/roles/ops').set('token', viewer.token)).status).toBe(403);
  });
});
