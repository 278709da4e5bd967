import { RightType } from '@cms/contracts';
import { useTestApp } from '../support/test-app';

/**
 * Advisory class: sessions that outlive what should end them. A token must stop working as soon as
 * its user signs out or is removed, and must lose a right as soon as its role loses it, however
 * warm the caches that resolve tokens are. (Password changes: see the sessions tests of sign-in.)
 */
describe('attack: sessions alive after sign-out or user removal', () => {
  const t = useTestApp();

  const users = (token: string) => t.http.get('/api/users').set('token', token);

  it('ends the session at sign-out, and only that one', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    const other = await t.signIn(user.email, user.password);
    expect((await users(user.token)).status).toBe(200);
    expect((await t.http.post('/api/auth/signout').set('token', user.token)).status).toBeLessThan(300);
    expect((await users(user.token)).status).toBe(401);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(403);
    expect((await users(other)).status).toBe(200);
  });

  it('ends every session of a removed user, at once', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    const second = await t.signIn(user.email, user.password);
    expect((await users(user.token)).status).toBe(200);
    expect((await users(second)).status).toBe(200);
    expect((await t.http.delete(`/api/users/${user.id}`).set('token', t.ownerToken)).status).toBe(200);
    expect((await users(user.token)).status).toBe(401);
    expect((await users(second)).status).toBe(401);
    expect((await t.http.get('/api/me').set('token', second)).status).toBe(403);
  });

  it('takes a right away from live sessions as soon as their role loses it', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER, RightType.VIEW_ROLE]);
    expect((await users(user.token)).status).toBe(200);
    await t.ownerUpdates(`/api/roles/${user.roleId}`, { rights: [RightType.VIEW_ROLE] });
    expect((await users(user.token)).status).toBe(403);
  });

  it('keeps a signed-out token dead after the user signs in again', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    await t.http.post('/api/auth/signout').set('token', user.token);
    const fresh = await t.signIn(user.email, user.password);
    expect((await users(fresh)).status).toBe(200);
    expect((await users(user.token)).status).toBe(401);
  });
});
