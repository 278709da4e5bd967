import { createHmac } from 'node:crypto';
import { createTestApp, type TestApp } from '../support/test-app';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const sign = (header: object, payload: object, secret: string) => {
  const body = `${b64url(header)}.${b64url(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

/**
 * Advisory class: JWT `alg: none`, tokens signed with a guessed key, and tokens whose claims were
 * edited. Every one of them names a live session, yet none may open it.
 */
describe('attack: alg none and forged session tokens', () => {
  let t: TestApp;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    claims = JSON.parse(Buffer.from(t.ownerToken.split('.')[1], 'base64url').toString('utf8'));
  });
  afterAll(() => t.close());

  const me = (token: string) => t.http.get('/api/users').set('token', token);

  it('accepts the genuine token (the forgeries below differ from it in one thing each)', async () => {
    expect((await me(t.ownerToken)).status).toBe(200);
  });

  it.each([
    ['alg none, no signature', () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`],
    ['alg none, the genuine signature kept', () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.${t.ownerToken.split('.')[2]}`],
    ['alg NONE in capitals', () => `${b64url({ alg: 'NONE', typ: 'JWT' })}.${b64url(claims)}.`],
    ['signed with a guessed secret', () => sign({ alg: 'HS256', typ: 'JWT' }, claims, 'secret')],
    ['signed with an empty secret', () => sign({ alg: 'HS256', typ: 'JWT' }, claims, '')],
    [
      'the genuine signature over edited claims',
      () => `${t.ownerToken.split('.')[0]}.${b64url({ ...claims, exp: Number(claims.exp) + 3600 })}.${t.ownerToken.split('.')[2]}`,
    ],
    ['alg HS512 with the genuine signature', () => `${b64url({ alg: 'HS512', typ: 'JWT' })}.${t.ownerToken.split('.').slice(1).join('.')}`],
    ['the signature cut short', () => t.ownerToken.slice(0, -4)],
    ['only header and claims', () => t.ownerToken.split('.').slice(0, 2).join('.')],
    ['garbage', () => 'not-a-token'],
    ['a JSON web key in the header', () => sign({ alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: b64url('attacker') } }, claims, 'attacker')],
  ])('refuses a token forged as %s with 401', async (_label, forge) => {
    const res = await me(forge());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session is invalid or has expired');
  });

  it('refuses a well-signed token whose session id was never issued', async () => {
    // Signed with the app's own key, as a leaked key would allow: still no session row.
    const forged = sign(
      { alg: 'HS256', typ: 'JWT' },
      { ...claims, sid: '00000000-0000-4000-8000-000000000000' },
      'test-secret-that-is-long-enough-to-pass-validation',
    );
    expect((await me(forged)).status).toBe(401);
  });
});
