import { RightType } from '@cms/contracts';
import { countQueries } from '../support/content-model';
import { createTestApp, useTestApp } from '../support/test-app';

/**
 * Attacks on sessions: a browser left signed in (or a stolen token) that outlives a password
 * change; a stolen session that changes the password without knowing it; a session nobody used
 * for days that still opens the back office.
 */
describe('sessions end on a password change and when idle', () => {
  const t = useTestApp({ SESSION_IDLE: '2h' });

  const me = (token: string) => t.http.get('/api/me').set('token', token);

  it('ends every other session of a user who changes their own password, and keeps this one', async () => {
    const user = await t.userWithRights([]);
    const elsewhere = await t.signIn(user.email, user.password);
    expect((await me(elsewhere)).status).toBe(200);
    const res = await t.http.put('/api/me/password').set('token', user.token).send({ currentPassword: user.password, password: 'a-new-password-1' });
    expect(res.status).toBe(204);
    expect((await me(elsewhere)).status).toBe(403);
    expect((await me(user.token)).status).toBe(200);
    await t.signIn(user.email, 'a-new-password-1');
  });

  it('refuses to change one’s own password without the current one, or with a wrong one', async () => {
    const user = await t.userWithRights([]);
    const missing = await t.http.put('/api/me/password').set('token', user.token).send({ password: 'a-new-password-1' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('currentPassword');
    const wrong = await t.http.put('/api/me/password').set('token', user.token).send({ currentPassword: 'not-my-password', password: 'a-new-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toEqual(['is wrong']);
    expect((await t.http.put('/api/me/password').set('token', user.token).send({ currentPassword: user.password, password: 'short' })).status).toBe(400);
    await t.signIn(user.email, user.password);
  });

  it('asks the user manager for their current password when it is their own, and ends their other sessions', async () => {
    const manager = await t.userWithRights([RightType.UPDATE_USER, RightType.VIEW_USER]);
    const elsewhere = await t.signIn(manager.email, manager.password);
    const put = (body: object) => t.http.put(`/api/users/${manager.id}`).set('token', manager.token).send(body);
    expect((await put({ password: 'hijacked-password-1' })).status).toBe(400);
    expect((await put({ password: 'hijacked-password-1', currentPassword: 'a-guess' })).status).toBe(400);
    await t.signIn(manager.email, manager.password);
    expect((await put({ password: 'a-new-password-2', currentPassword: manager.password })).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(403);
    expect((await me(manager.token)).status).toBe(200);
  });

  it('ends every session of a user whose password an admin changes', async () => {
    const user = await t.userWithRights([]);
    const second = await t.signIn(user.email, user.password);
    expect((await t.http.put(`/api/users/${user.id}`).set('token', t.ownerToken).send({ password: 'reset-by-admin-1' })).status).toBe(200);
    expect((await me(user.token)).status).toBe(403);
    expect((await me(second)).status).toBe(403);
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    const user = await t.userWithRights([]);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await t.http
            .put('/api/me/password')
            .set('token', user.token)
            .send({ currentPassword: `guess-${i}`, password: 'a-new-password-1' })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('ends a session nobody used for SESSION_IDLE', async () => {
    const user = await t.userWithRights([]);
    const idle = await t.signIn(user.email, user.password);
    await t.dataSource.query(`UPDATE "session" SET "lastUsedAt" = now() - interval '3 hours' WHERE "loginId" = (SELECT id FROM "login" WHERE email = $1)`, [
      user.email,
    ]);
    expect((await me(idle)).status).toBe(403);
    expect((await me(user.token)).status).toBe(403);
  });

  it('moves a used session’s last use, at most once a minute, so a session in use never goes idle', async () => {
    const user = await t.userWithRights([]);
    const token = await t.signIn(user.email, user.password);
    const lastUsed = async () => {
      const [row] = await t.dataSource.query(
        `SELECT "lastUsedAt" FROM "session" s JOIN "login" l ON l.id = s."loginId" WHERE l.email = $1 ORDER BY "lastUsedAt" DESC LIMIT 1`,
        [user.email],
      );
      return new Date(row.lastUsedAt).getTime();
    };
    await t.dataSource.query(`UPDATE "session" SET "lastUsedAt" = now() - interval '90 minutes' WHERE "loginId" = (SELECT id FROM "login" WHERE email = $1)`, [
      user.email,
    ]);
    const before = await lastUsed();
    expect((await me(token)).status).toBe(200);
    expect(await lastUsed()).toBeGreaterThan(before + 80 * 60_000);
    // The next requests within the minute are served from memory: no query, no write.
    const { count } = await countQueries(t, async () => {
      for (let i = 0; i < 5; i++) expect((await me(token)).status).toBe(200);
    });
    expect(count).toBe(0);
  });

  it('refuses a bad SESSION_IDLE at start-up, naming it', async () => {
    await expect(createTestApp({ SESSION_IDLE: 'forever' })).rejects.toThrow(/SESSION_IDLE must be a number of seconds or a duration/);
  });
});
