import { RightType } from '@cms/contracts';
import { authenticator } from 'otplib';
import { useTestApp } from '../support/test-app';

/** A code of the authenticator for `secret`, `steps` time steps (of 30 s) from now. */
const codeOf = (secret: string, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

/**
 * Two-factor sign-in with an authenticator app (RFC 6238): a code works once, a recovery code
 * works once, the step between password and code is a signed challenge that is no session.
 */
describe('two-factor sign-in', () => {
  const t = useTestApp({ TRUST_PROXY: '1', SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5' });
  let counter = 0;
  let client = 0;
  const from = () => `192.0.2.${(client += 1)}`;

  const user = async (roleId = 'super-admin') => {
    counter += 1;
    const email = `factor${counter}@accounts.test`;
    const password = `factor-password-${counter}`;
    const res = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: `Factor ${counter}`, email, password, roleId });
    expect(res.status).toBe(201);
    return { email, password };
  };
  const signIn = (email: string, password: string) => t.http.post('/api/auth/signin').set('X-Forwarded-For', from()).send({ email, password });
  const second = (body: Record<string, unknown>) => t.http.post('/api/auth/two-factor').set('X-Forwarded-For', from()).send(body);

  /** A user with two-factor sign-in on; the code that turned it on was of the current step. */
  const withFactor = async () => {
    const person = await user();
    const token = (await signIn(person.email, person.password)).body.token as string;
    const setup = await t.http.post('/api/me/two-factor/setup').set('token', token);
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await t.http.post('/api/me/two-factor/enable').set('token', token).send({ code: '000000' })).status).toBe(400);
    const enabled = await t.http
      .post('/api/me/two-factor/enable')
      .set('token', token)
      .send({ code: codeOf(setup.body.secret) });
    expect(enabled.status).toBe(201);
    return { ...person, token, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
  };

  it('leaves the sign-in answer as it is for an account without it', async () => {
    const person = await user();
    const res = await signIn(person.email, person.password);
    expect(Object.keys(res.body)).toEqual(['token']);
  });

  it('asks for a code after the password once it is on, and the code opens the session', async () => {
    const person = await withFactor();
    expect(person.recoveryCodes).toHaveLength(10);
    expect(new Set(person.recoveryCodes).size).toBe(10);
    const status = await t.http.get('/api/me/two-factor').set('token', person.token);
    expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // Only digests are stored.
    const [stored] = await t.dataSource.query(`SELECT "recoveryCodes"::text AS codes FROM "login" WHERE email = $1`, [person.email]);
    for (const code of person.recoveryCodes) expect(stored.codes).not.toContain(code);

    const first = await signIn(person.email, person.password);
    expect(first.status).toBe(200);
    expect(first.body.token).toBeUndefined();
    expect(first.body.twoFactor).toEqual({ challenge: expect.any(String), next: 'code' });
    expect((await second({ challenge: first.body.twoFactor.challenge, code: '123456' })).status).toBe(401);
    const done = await second({ challenge: first.body.twoFactor.challenge, code: codeOf(person.secret, 1) });
    expect(done.status).toBe(200);
    expect((await t.http.get('/api/me').set('token', done.body.token)).status).toBe(200);
  });

  it('attack: TOTP code replayed — a code that signed in once is refused, and so is the code that turned it on', async () => {
    const person = await withFactor();
    const challenge = (await signIn(person.email, person.password)).body.twoFactor.challenge;
    // The code that turned it on, seen over the owner's shoulder.
    const replayOfSetup = await second({ challenge, code: codeOf(person.secret) });
    expect(replayOfSetup.status).toBe(401);
    expect(replayOfSetup.body.message).toMatch(/already used/);
    const code = codeOf(person.secret, 1);
    expect((await second({ challenge, code })).status).toBe(200);
    const again = await second({ challenge: (await signIn(person.email, person.password)).body.twoFactor.challenge, code });
    expect(again.status).toBe(401);
    // A code of a step before the last one used is as stale.
    expect((await second({ challenge, code: codeOf(person.secret, -1) })).status).toBe(401);
  });

  it('attack: recovery code reused — each works once', async () => {
    const person = await withFactor();
    const challenge = (await signIn(person.email, person.password)).body.twoFactor.challenge;
    const [code] = person.recoveryCodes;
    expect((await second({ challenge, recoveryCode: code.toUpperCase().replace('-', ' ') })).status).toBe(200);
    const reused = await second({ challenge, recoveryCode: code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/recovery code is wrong or was already used/);
    expect((await t.http.get('/api/me/two-factor').set('token', person.token)).body.recoveryCodesLeft).toBe(9);
  });

  it('attack: challenge taken for a session — it opens nothing, and a session token is no challenge', async () => {
    const person = await withFactor();
    const challenge = (await signIn(person.email, person.password)).body.twoFactor.challenge;
    expect((await t.http.get('/api/me').set('token', challenge)).status).toBe(403);
    expect((await second({ challenge: person.token, code: codeOf(person.secret, 1) })).status).toBe(401);
    expect((await second({ challenge: `${challenge}x`, code: codeOf(person.secret, 1) })).status).toBe(401);
  });

  it('attack: guessing codes — wrong codes for one account are stopped after the sign-in limit', async () => {
    const person = await withFactor();
    const challenge = (await signIn(person.email, person.password)).body.twoFactor.challenge;
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await second({ challenge, code: String(100000 + i) })).status);
    // The wrong code given while turning it on (withFactor) counts too: 5 failures in all, then 429.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
  });

  it('is turned off with the password or a code, not with a wrong one', async () => {
    const person = await withFactor();
    const off = (body: Record<string, unknown>) => t.http.post('/api/me/two-factor/disable').set('token', person.token).send(body);
    expect((await off({})).status).toBe(400);
    expect((await off({ password: 'not-the-password' })).status).toBe(400);
    expect((await off({ code: codeOf(person.secret, 1) })).status).toBe(204);
    expect((await t.http.get('/api/me/two-factor').set('token', person.token)).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect(Object.keys((await signIn(person.email, person.password)).body)).toEqual(['token']);
  });

  it('is required for a role by the owner: its users set it up at sign-in before they get a session, and cannot turn it off', async () => {
    const manager = await t.userWithRights([RightType.VIEW_ROLE, RightType.UPDATE_ROLE, RightType.CREATE_ROLE]);
    expect(
      (await t.http.post('/api/roles').set('token', manager.token).send({ id: 'strict', name: 'Strict', rights: [], requireTwoFactor: true })).status,
    ).toBe(403);
    const created = await t.http.post('/api/roles').set('token', t.ownerToken).send({ id: 'strict', name: 'Strict', rights: [], requireTwoFactor: true });
    expect(created.status).toBe(201);
    expect(created.body.requireTwoFactor).toBe(true);
    expect((await t.http.put('/api/roles/strict').set('token', manager.token).send({ requireTwoFactor: false })).status).toBe(403);

    const person = await user('strict');
    const first = await signIn(person.email, person.password);
    expect(first.body).toEqual({ twoFactor: { challenge: expect.any(String), next: 'setup' } });
    const challenge = first.body.twoFactor.challenge;
    // The setup challenge is not a code challenge.
    expect((await second({ challenge, code: '123456' })).status).toBe(401);
    const setup = await t.http.post('/api/auth/two-factor/setup').send({ challenge });
    expect(setup.status).toBe(200);
    expect((await t.http.post('/api/auth/two-factor/setup/confirm').send({ challenge, code: '000000' })).status).toBe(400);
    const confirmed = await t.http.post('/api/auth/two-factor/setup/confirm').send({ challenge, code: codeOf(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    const token = confirmed.body.token;
    expect((await t.http.get('/api/me/two-factor').set('token', token)).body).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });
    expect((await t.http.post('/api/me/two-factor/disable').set('token', token).send({ password: person.password })).status).toBe(409);
    // From now on, a code.
    expect((await signIn(person.email, person.password)).body.twoFactor.next).toBe('code');
  });
});
