import { RightType } from '@cms/contracts';
import { createTestApp, OWNER, type TestApp } from './support/test-app';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3', SIGNIN_MAX_FAILURES_PER_IP: '8' });
  });
  afterAll(() => t.close());

  it('answers a token for the right e-mail and password, whatever the e-mail case and spaces', async () => {
    const res = await t.http.post('/api/auth/signin').send({ email: ` ${OWNER.email.toUpperCase()} `, password: OWNER.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    expect(res.body.token.split('.')).toHaveLength(3);
  });

  it('answers /api/me with the user, its role and its rights', async () => {
    const me = await t.http.get('/api/me').set('token', t.ownerToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Owner', email: OWNER.email, role: 'super-admin' });
    expect(me.body.rights).toContain(RightType.DELETE_USER);
    expect(me.body).not.toHaveProperty('password');
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const me = await t.http.get('/api/me').set('Authorization', `Bearer ${t.ownerToken}`);
    expect(me.status).toBe(200);
  });

  it('answers 403 on /api/me for a missing, forged or malformed token', async () => {
    expect((await t.http.get('/api/me')).status).toBe(403);
    const [header, , signature] = t.ownerToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sid: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    expect((await t.http.get('/api/me').set('token', `${header}.${forgedPayload}.${signature}`)).status).toBe(403);
    expect((await t.http.get('/api/me').set('token', 'not-a-jwt')).status).toBe(403);
  });

  it('answers 401 on other protected routes without a token', async () => {
    const res = await t.http.get('/api/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: expect.any(String) });
  });

  it('ends a session at sign-out: the same token then gets 403', async () => {
    const user = await t.userWithRights([RightType.VIEW_USER]);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(200);
    expect((await t.http.post('/api/auth/signout').set('token', user.token)).status).toBe(204);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(403);
  });

  it('refuses an expired session', async () => {
    const user = await t.userWithRights([]);
    await t.dataSource.query(`UPDATE "session" SET "expiresAt" = now() - interval '1 second' WHERE "loginId" IN (SELECT id FROM "login" WHERE email = $1)`, [
      user.email,
    ]);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(403);
  });

  it('refuses the token of a deleted user at once', async () => {
    const user = await t.userWithRights([]);
    expect((await t.http.delete(`/api/users/${user.id}`).set('token', t.ownerToken)).status).toBe(200);
    expect((await t.http.get('/api/me').set('token', user.token)).status).toBe(403);
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const unknown = await t.http.post('/api/auth/signin').send({ email: 'nobody@test.local', password: 'whatever-1' });
    const wrong = await t.http.post('/api/auth/signin').send({ email: 'wrong-pass@test.local', password: 'whatever-1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.message).toBe('Invalid e-mail or password');
  });

  it('rate-limits failed sign-ins per account, keyed on the normalised e-mail, with Retry-After', async () => {
    const user = await t.userWithRights([]);
    const variants = [user.email, user.email.toUpperCase(), ` ${user.email}`];
    for (const email of variants) {
      expect((await t.http.post('/api/auth/signin').send({ email, password: 'wrong-password' })).status).toBe(401);
    }
    const blocked = await t.http.post('/api/auth/signin').send({ email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many failed sign-ins/);
    // Other accounts are not blocked by this one's failures.
    expect((await t.http.post('/api/auth/signin').send({ email: OWNER.email, password: OWNER.password })).status).toBe(200);
  });

  it('rate-limits failed sign-ins per client address across accounts', async () => {
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await t.http.post('/api/auth/signin').send({ email: `spray${i}@test.local`, password: 'guess-1234' })).status;
    }
    expect(status).toBe(429);
  });

  it('refuses a sign-in body with extra or mistyped fields', async () => {
    expect((await t.http.post('/api/auth/signin').send({ email: 'a@b.c', password: 'x', admin: true })).status).toBe(400);
    expect((await t.http.post('/api/auth/signin').send({ email: ['a@b.c'], password: 'x' })).status).toBe(400);
  });
});
