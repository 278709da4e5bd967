import { accountKey } from '../../src/auth/sign-in-limiter';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Attacks on the sign-in limits: a concurrent burst of guesses that all pass a check made before
 * any failure was counted; a flood that locks the owner out; a spoofed left-most
 * X-Forwarded-For or a fresh IPv6 address per attempt to dodge the per-address count (every
 * form of TRUST_PROXY: spoofed-client-address.spec.ts).
 */
describe('sign-in limits hold under concurrency, proxies and IPv6, and cannot lock the owner out', () => {
  let t: TestApp;
  let counter = 0;
  const attempt = (email: string, password: string, forwardedFor: string, extra: Record<string, unknown> = {}) =>
    t.http
      .post('/api/auth/signin')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email, password, ...extra });
  // TRUST_PROXY=2: the test client (as nginx on this host) and the proxy at 10.0.0.2, which saw the client.
  const viaProxy = (client: string, spoofed?: string) => [spoofed, client, '10.0.0.2'].filter(Boolean).join(', ');

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '2', SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5', SIGNIN_MAX_FAILURES_PER_IP: '8', SIGNIN_BACKOFF_MAX: '1' });
  });
  afterAll(() => t.close());

  const user = async () => {
    counter += 1;
    const email = `victim${counter}@limits.test`;
    const password = `password-${counter}-right`;
    const res = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: `Victim ${counter}`, email, password, roleId: 'super-admin' });
    expect(res.status).toBe(201);
    return { email, password };
  };

  it('checks at most the limit of 60 concurrent wrong passwords for one account; the rest answer 429', async () => {
    const victim = await user();
    const answers = await Promise.all(Array.from({ length: 60 }, () => attempt(victim.email, 'wrong-guess', viaProxy('203.0.113.10'))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    expect(Number(answers.find((res) => res.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner sign in from another address while a flood from one address is refused', async () => {
    const victim = await user();
    const flood = [];
    for (let i = 0; i < 7; i++) flood.push((await attempt(victim.email, `guess-${i}`, viaProxy('203.0.113.20'))).status);
    expect(flood).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Even the right password from the flooding address waits for the window.
    expect((await attempt(victim.email, victim.password, viaProxy('203.0.113.20'))).status).toBe(429);
    // The owner, elsewhere, is slowed by the account's backoff, not refused.
    const owner = await attempt(victim.email, victim.password, viaProxy('198.51.100.7'));
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('counts the address the trusted proxy saw, not a left-most X-Forwarded-For the client wrote', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(`nobody${i}@spoof.test`, 'guess', viaProxy('203.0.113.30', `192.0.2.${i + 1}`))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    // The spoofed addresses were never counted.
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM "sign_in_limit" WHERE "key" LIKE 'ip:192.0.2.%'`);
    expect(count).toBe(0);
  });

  it('counts IPv6 addresses per /64', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(`nobody${i}@ipv6.test`, 'guess', viaProxy(`2001:db8:a:b::${(i + 1).toString(16)}`))).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // Another /64 is another address.
    expect((await attempt('nobody@ipv6.test', 'guess', viaProxy('2001:db8:a:c::1'))).status).toBe(401);
  });

  it('keys on the normalised e-mail: case, spaces and extra body fields do not open a fresh count', async () => {
    const victim = await user();
    const client = viaProxy('203.0.113.40');
    const variants = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `, `\t${victim.email.replace('victim', 'VICTIM')}`, victim.email];
    for (const email of variants) expect((await attempt(email, 'wrong-guess', client)).status).toBe(401);
    expect((await attempt(victim.email, 'wrong-guess', client, { remember: true })).status).toBe(400);
    expect((await attempt(victim.email.toUpperCase(), 'wrong-guess', client, { ip: '192.0.2.99' })).status).toBe(400);
    expect((await attempt(` ${victim.email.toUpperCase()}`, victim.password, client)).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const member = await user();
    for (let i = 0; i < 12; i++) expect((await attempt(member.email, member.password, viaProxy('203.0.113.50'))).status).toBe(200);
  });
});

describe('attack: guessing one account from many addresses (40 addresses x 5 guesses)', () => {
  let t: TestApp;
  const victim = { email: 'spread@limits.test', password: 'the-right-password-1' };
  // TRUST_PROXY=1: the test client plays nginx on this host; the right-most entry is the client.
  const attempt = (password: string, client: string) => t.http.post('/api/auth/signin').set('X-Forwarded-For', client).send({ email: victim.email, password });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5', SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR: '20', SIGNIN_BACKOFF_MAX: '0' });
    expect(
      (
        await t.http
          .post('/api/users')
          .set('token', t.ownerToken)
          .send({ name: 'Spread', ...victim, roleId: 'super-admin' })
      ).status,
    ).toBe(201);
  });
  afterAll(() => t.close());

  it('checks at most the hourly cap of passwords, answers the rest 429, and lets the owner in from an address that signed in before', async () => {
    // The owner signed in from home earlier.
    expect((await attempt(victim.password, '198.51.100.200')).status).toBe(200);
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, async (_, a) => {
          const answers = [];
          for (let i = 0; i < 5; i++) answers.push((await attempt(`guess-${a}-${i}`, `203.0.113.${a + 1}`)).status);
          return answers;
        }),
      )
    ).flat();
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(180);
    // Past the cap even the right password from a new address waits for the hour...
    const elsewhere = await attempt(victim.password, '192.0.2.77');
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(15 * 60);
    // ...but the owner's address keeps its own allowance, right after the flood and again later.
    expect((await attempt(victim.password, '198.51.100.200')).status).toBe(200);
    expect((await attempt('a-typo', '198.51.100.200')).status).toBe(401);
    expect((await attempt(victim.password, '198.51.100.200')).status).toBe(200);
  });
});

describe('attack: refused guesses push the owner into the longest wait', () => {
  let t: TestApp;
  const victim = { email: 'waiting@limits.test', password: 'the-right-password-2' };
  const attempt = (password: string, client: string) => t.http.post('/api/auth/signin').set('X-Forwarded-For', client).send({ email: victim.email, password });

  beforeAll(async () => {
    // A long backoff: one refused attempt counted against the account would make the owner wait 20 s.
    t = await createTestApp({ TRUST_PROXY: '1', SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5', SIGNIN_BACKOFF_MAX: '20s' });
    expect(
      (
        await t.http
          .post('/api/users')
          .set('token', t.ownerToken)
          .send({ name: 'Waiting', ...victim, roleId: 'super-admin' })
      ).status,
    ).toBe(201);
  });
  afterAll(() => t.close());

  it('does not count attempts answered 429 without a password check against the account', async () => {
    const flood = [];
    for (let i = 0; i < 40; i++) flood.push((await attempt(`guess-${i}`, '203.0.113.99')).status);
    expect(flood.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(flood.slice(5).every((s) => s === 429)).toBe(true);
    // Five password checks counted against the account, not forty: the owner's, from a new
    // address, is the first past the limit and waits half a second, not the 20 s of the longest wait.
    const [checks] = await t.dataSource.query(`SELECT "points" FROM "sign_in_limit" WHERE "key" = $1`, [`checks:${accountKey(victim.email)}`]);
    expect(checks).toEqual({ points: 5 });
    expect((await attempt(victim.password, '198.51.100.201')).status).toBe(200);
  });
});

// Two instances share the counts through PostgreSQL; the embedded database serves one process
// only, so this runs where DATABASE_URL names a server (CI's second run).
(process.env.DATABASE_URL ? describe : describe.skip)('sign-in limits across API instances', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5', SIGNIN_BACKOFF_MAX: '1' });
    second = await createTestApp({ DATABASE_URL: first.config.databaseUrl!, SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5', SIGNIN_BACKOFF_MAX: '1' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('checks at most the limit of 40 concurrent guesses spread over two instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).http.post('/api/auth/signin').send({ email: 'owner@test.local', password: 'wrong-guess' })),
    );
    expect(answers.filter((res) => res.status === 401)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(35);
  });
});
