import { RightType } from '@cms/contracts';
import { useTestApp } from '../support/test-app';

/**
 * Invitations to the back office: within the inviter's ceiling, one link that works once for the
 * e-mail it was sent to, listed while pending, resent or revoked.
 */
describe('invitations', () => {
  const t = useTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'https://cms.example.org', INVITATION_TTL: '3d' });
  let client = 0;
  const from = () => `203.0.113.${(client += 1)}`;

  const invite = (token: string, body: Record<string, unknown>) => t.http.post('/api/invitations').set('token', token).send(body);
  const tokensTo = async (email: string): Promise<string[]> => {
    const mails: { text: string }[] = await t.dataSource.query(`SELECT "text" FROM "mail_outbox" WHERE "to" = $1 ORDER BY "id"`, [email]);
    return mails.map((mail) => /\/admin\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]);
  };
  const accept = (token: string, name = 'Invited Person', password = 'invited-password-1') =>
    t.http.post('/api/auth/invitation/accept').set('X-Forwarded-For', from()).send({ token, name, password });

  it('mails a link that makes the user with the role given, who then signs in; the invitation is then gone', async () => {
    await t.http
      .post('/api/roles')
      .set('token', t.ownerToken)
      .send({ id: 'writers', name: 'Writers', rights: ['VIEW_CONTENT'] });
    const created = await invite(t.ownerToken, { email: 'New.Writer@Accounts.test', roleId: 'writers', locale: 'es' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'new.writer@accounts.test', roleId: 'writers', invitedByName: expect.any(String), expired: false });
    const days = (Date.parse(created.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);

    const [mail] = await t.dataSource.query(`SELECT "subject", "text" FROM "mail_outbox" WHERE "to" = 'new.writer@accounts.test'`);
    expect(mail.subject).toContain('Le han invitado');
    expect(mail.text).toContain('https://cms.example.org/admin/accept-invitation?token=');
    const listed = await t.http.get('/api/invitations').set('token', t.ownerToken);
    expect(listed.body.map((i: { email: string }) => i.email)).toContain('new.writer@accounts.test');

    const [token] = await tokensTo('new.writer@accounts.test');
    const lookup = await t.http.post('/api/auth/invitation').send({ token });
    expect(lookup.body).toEqual({ email: 'new.writer@accounts.test' });
    expect((await accept(token, '   ')).status).toBe(400);
    const accepted = await accept(token, 'New Writer');
    expect(accepted.status).toBe(201);
    const signIn = await t.http.post('/api/auth/signin').send({ email: 'new.writer@accounts.test', password: 'invited-password-1' });
    expect(signIn.status).toBe(200);
    const me = await t.http.get('/api/me').set('token', signIn.body.token);
    expect(me.body).toMatchObject({ name: 'New Writer', role: 'writers', rights: ['VIEW_CONTENT'] });
    expect((await t.http.get('/api/invitations').set('token', t.ownerToken)).body.map((i: { email: string }) => i.email)).not.toContain(
      'new.writer@accounts.test',
    );
  });

  it('answers 409 for an e-mail that is already a user’s or already invited', async () => {
    const existing = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: 'Here', email: 'here@accounts.test', password: 'password-123', roleId: 'super-admin' });
    expect(existing.status).toBe(201);
    const again = await invite(t.ownerToken, { email: 'HERE@accounts.test', roleId: 'super-admin' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already used by a user/);
    expect((await invite(t.ownerToken, { email: 'twice@accounts.test', roleId: 'super-admin' })).status).toBe(201);
    const twice = await invite(t.ownerToken, { email: 'twice@accounts.test', roleId: 'super-admin' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already invited/);
    expect((await invite(t.ownerToken, { email: 'not-an-email', roleId: 'super-admin' })).status).toBe(400);
    expect((await invite(t.ownerToken, { email: 'x@accounts.test', roleId: 'no-such-role' })).status).toBe(400);
  });

  it('attack: invitation above the inviter’s ceiling — a user manager cannot invite into a role with rights they lack', async () => {
    const manager = await t.userWithRights([RightType.VIEW_USER, RightType.CREATE_USER]);
    await t.http
      .post('/api/roles')
      .set('token', t.ownerToken)
      .send({ id: 'publishers', name: 'Publishers', rights: ['VIEW_CONTENT', 'UPDATE_CONTENT'] });
    const above = await invite(manager.token, { email: 'mole@accounts.test', roleId: 'publishers' });
    expect(above.status).toBe(403);
    expect((await invite(manager.token, { email: 'mole@accounts.test', roleId: 'super-admin' })).status).toBe(403);
    // Their own role is within reach.
    expect((await invite(manager.token, { email: 'peer@accounts.test', roleId: manager.roleId })).status).toBe(201);
    // Nor may they resend or revoke an invitation above them.
    const owners = await invite(t.ownerToken, { email: 'boss@accounts.test', roleId: 'publishers' });
    expect((await t.http.post(`/api/invitations/${owners.body.id}/resend`).set('token', manager.token)).status).toBe(403);
    expect((await t.http.delete(`/api/invitations/${owners.body.id}`).set('token', manager.token)).status).toBe(403);
    // Without CREATE_USER, no invitation at all.
    const viewer = await t.userWithRights([RightType.VIEW_USER]);
    expect((await invite(viewer.token, { email: 'x@accounts.test', roleId: viewer.roleId })).status).toBe(403);
  });

  it('attack: invitation link replayed, resent or revoked — only the latest link of a pending invitation works, once', async () => {
    const created = await invite(t.ownerToken, { email: 'replay@accounts.test', roleId: 'super-admin' });
    const resent = await t.http.post(`/api/invitations/${created.body.id}/resend`).set('token', t.ownerToken);
    expect(resent.status).toBe(201);
    const [first, second] = await tokensTo('replay@accounts.test');
    expect((await accept(first)).status).toBe(404);
    expect((await accept(second, 'Replayer')).status).toBe(201);
    const replay = await accept(second, 'Replayer again', 'another-password-1');
    expect(replay.status).toBe(404);
    expect(replay.body.message).toMatch(/not valid/);

    const revoked = await invite(t.ownerToken, { email: 'revoked@accounts.test', roleId: 'super-admin' });
    expect((await t.http.delete(`/api/invitations/${revoked.body.id}`).set('token', t.ownerToken)).status).toBe(200);
    const [token] = await tokensTo('revoked@accounts.test');
    expect((await accept(token)).status).toBe(404);
    expect((await t.http.post('/api/auth/signin').send({ email: 'revoked@accounts.test', password: 'invited-password-1' })).status).toBe(401);
  });

  it('attack: invitation link after it expired — refused, and a resend gives a working one', async () => {
    const created = await invite(t.ownerToken, { email: 'late@accounts.test', roleId: 'super-admin' });
    await t.dataSource.query(`UPDATE "invitation" SET "expiresAt" = now() - interval '1 second' WHERE "id" = $1`, [created.body.id]);
    const listed = (await t.http.get('/api/invitations').set('token', t.ownerToken)).body.find((i: { id: number }) => i.id === created.body.id);
    expect(listed.expired).toBe(true);
    const [token] = await tokensTo('late@accounts.test');
    const late = await accept(token);
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/expired/);
    await t.http.post(`/api/invitations/${created.body.id}/resend`).set('token', t.ownerToken);
    const [, fresh] = await tokensTo('late@accounts.test');
    expect((await accept(fresh)).status).toBe(201);
  });
});
