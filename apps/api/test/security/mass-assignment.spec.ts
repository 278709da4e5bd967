import { FormFieldType, RightType } from '@cms/contracts';
import { useTestApp } from '../support/test-app';

/**
 * Advisory class: mass assignment. A body that carries `id`, `roleId`, `createdAt` or another
 * property the caller may not set is refused (400) or those properties are ignored; either way
 * the stored record keeps what the server decides.
 */
describe('attack: mass assignment of roleId, id and createdAt', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });

  const refusedOrIgnored = (status: number) => expect([200, 201, 400]).toContain(status);

  it('never creates a user with a chosen id or date', async () => {
    const [{ id: role }] = (await t.http.get('/api/roles').set('token', t.ownerToken)).body;
    const res = await t.http.post('/api/users').set('token', t.ownerToken).send({
      name: 'Mallory',
      email: 'mallory@test.local',
      password: 'password-mallory-1',
      roleId: role,
      id: 777,
      createdAt: '2000-01-01T00:00:00Z',
      updatedAt: '2000-01-01T00:00:00Z',
    });
    refusedOrIgnored(res.status);
    if (res.status === 201) {
      expect(res.body.id).not.toBe(777);
      expect(res.body.updatedAt).not.toMatch(/^2000/);
    }
    expect((await t.http.get('/api/users/777').set('token', t.ownerToken)).status).toBe(404);
  });

  it('never moves a user to another id, nor to another role through a field the caller may not set', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    const res = await t.http.put(`/api/users/${user.id}`).set('token', t.ownerToken).send({ id: 1, name: 'Renamed' });
    refusedOrIgnored(res.status);
    expect((await t.http.get('/api/users/1').set('token', t.ownerToken)).body.email).toBe('owner@test.local');
    const self = await t.http.put(`/api/users/${user.id}`).set('token', user.token).send({ roleId: 'super-admin' });
    expect(self.status).toBe(403);
    expect((await t.http.get('/api/me').set('token', user.token)).body.role).toBe(user.roleId);
  });

  it('never signs in with, or answers, a role the body names', async () => {
    const user = await t.userWithRights([]);
    const res = await t.http
      .post('/api/auth/signin')
      .send({ email: user.email, password: user.password, roleId: 'super-admin', role: 'super-admin', rights: ['VIEW_USER'] });
    if (res.status === 200) expect((await t.http.get('/api/me').set('token', res.body.token)).body).toMatchObject({ role: user.roleId, rights: [] });
    else expect(res.status).toBe(400);
  });

  it('never renames a role to super-admin, nor rewrites its id', async () => {
    const user = await t.userWithRights([RightType.VIEW_ROLE]);
    const res = await t.http.put(`/api/roles/${user.roleId}`).set('token', t.ownerToken).send({ id: 'super-admin', name: 'Promoted' });
    refusedOrIgnored(res.status);
    expect((await t.http.get('/api/me').set('token', user.token)).body).toMatchObject({ role: user.roleId, rights: [RightType.VIEW_ROLE] });
  });

  it('never lets a reader of messages rewrite what a visitor sent, or move it to another form', async () => {
    const form = (
      await t.http
        .post('/api/forms')
        .set('token', t.ownerToken)
        .send({ title: 'F', fields: [{ name: 'x', type: FormFieldType.TEXT }] })
    ).body;
    const other = (
      await t.http
        .post('/api/forms')
        .set('token', t.ownerToken)
        .send({ title: 'G', fields: [{ name: 'x', type: FormFieldType.TEXT }] })
    ).body;
    expect((await t.http.post(`/api/forms/${form.id}/messages`).send({ values: { x: 'original' } })).status).toBe(201);
    const [message] = (await t.http.get('/api/messages').set('token', t.ownerToken)).body;
    const reader = await t.userWithRights([RightType.VIEW_MESSAGE]);
    const res = await t.http
      .put(`/api/messages/${message.id}`)
      .set('token', reader.token)
      .send({ read: true, value: { x: 'forged' }, formId: other.id, id: 9999, createdAt: '2000-01-01T00:00:00Z' });
    refusedOrIgnored(res.status);
    const after = (await t.http.get(`/api/messages/${message.id}`).set('token', t.ownerToken)).body;
    expect(after).toMatchObject({ id: message.id, formId: form.id, value: { x: 'original' }, createdAt: message.createdAt });
  });

  it('never overwrites an existing content by naming its id in a create', async () => {
    const container = (
      await t.http
        .post('/api/containers')
        .set('token', t.ownerToken)
        .send({ title: 'Blog', slug: 'blog', published: true, fields: [{ label: 'Text', name: 'text', type: 'STRING' }] })
    ).body;
    const first = (
      await t.http
        .post('/api/contents')
        .set('token', t.ownerToken)
        .send({ containerId: container.id, title: 'First', slug: 'first', published: true, fields: { text: 'kept' } })
    ).body;
    const res = await t.http
      .post('/api/contents')
      .set('token', t.ownerToken)
      .send({
        id: first.id,
        containerId: container.id,
        title: 'Second',
        slug: 'second',
        published: true,
        fields: { text: 'forged' },
        createdAt: '2000-01-01T00:00:00Z',
      });
    refusedOrIgnored(res.status);
    if (res.status === 201) expect(res.body.id).not.toBe(first.id);
    expect((await t.http.get(`/api/contents/${first.id}`).set('token', t.ownerToken)).body).toMatchObject({ id: first.id, title: 'First' });
  });

  it("never lets a media update point at another file or change the file's type", async () => {
    const medias = (await t.http.get('/api/medias').set('token', t.ownerToken)).body;
    expect(medias).toEqual([]);
    const upload = await t.http.post('/api/medias').set('token', t.ownerToken).attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'doc.pdf');
    expect(upload.status).toBe(201);
    const res = await t.http
      .put(`/api/medias/${upload.body.id}`)
      .set('token', t.ownerToken)
      .send({ uri: '../../etc/passwd', mimeType: 'text/html', size: 1, uploadTime: '2000-01-01T00:00:00Z' });
    refusedOrIgnored(res.status);
    expect((await t.http.get(`/api/medias/${upload.body.id}`).set('token', t.ownerToken)).body).toMatchObject({
      uri: upload.body.uri,
      mimeType: upload.body.mimeType,
      size: upload.body.size,
    });
  });
});
