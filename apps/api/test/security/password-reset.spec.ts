import { useTestApp } from '../support/test-app';

/**
 * "Forgot password?": a link that works once, for an hour, for the account it was sent to, asked
 * for without telling who has an account, and without flooding a mailbox.
 */
describe('password reset links', () => {
  // TRUST_PROXY=1: each test names its own client address, so the per-address limits of one do not touch another.
  const t = useTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'https://cms.example.org', PASSWORD_RESET_MAX_PER_ACCOUNT: '3', PASSWORD_RESET_MAX_PER_IP: '6' });
  let counter = 0;
  let client = 0;

  const nextClient = () => `198.51.100.${(client += 1)}`;
  const ask = (email: string, from: string, extra: Record<string, unknown> = {}) =>
    t.http
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', from)
      .send({ email, ...extra });
  const confirm = (token: string, password: string, from = nextClient()) =>
    t.http.post('/api/auth/password-reset/confirm').set('X-Forwarded-For', from).send({ token, password });

  const user = async () => {
    counter += 1;
    const email = `reset${counter}@accounts.test`;
    const password = `old-password-${counter}`;
    const res = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: `Reset ${counter}`, email, password, roleId: 'super-admin' });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, email, password };
  };

  const mailsTo = async (email: string): Promise<{ subject: string; text: string; html: string }[]> =>
    t.dataSource.query(`SELECT "subject", "text", "html" FROM "mail_outbox" WHERE "to" = $1 ORDER BY "id"`, [email]);

  const tokenIn = (mail: { text: string }) => {
    const match = /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error(`No reset link in: ${mail.text}`);
    return match[1];
  };

  const signIn = (email: string, password: string) => t.http.post('/api/auth/signin').set('X-Forwarded-For', nextClient()).send({ email, password });

  it('mails a link to the account; the link sets the password, ends the sessions, and the new password signs in', async () => {
    const victim = await user();
    const session = (await signIn(victim.email, victim.password)).body.token as string;
    const res = await ask(` ${victim.email.toUpperCase()} `, nextClient(), { locale: 'fr' });
    expect(res.status).toBe(202);
    const [mail] = await mailsTo(victim.email);
    expect(mail.subject).toContain('Réinitialisez votre mot de passe');
    expect(mail.text).toContain('https://cms.example.org/admin/reset-password?token=');
    expect(mail.html).toContain('href="https://cms.example.org/admin/reset-password?token=');
    const token = tokenIn(mail);
    // Only a digest is stored.
    const stored = await t.dataSource.query(`SELECT "tokenHash" FROM "password_reset" WHERE "tokenHash" = $1 OR "tokenHash" LIKE $2`, [token, `%${token}%`]);
    expect(stored).toEqual([]);

    expect((await confirm(token, 'short')).status).toBe(400);
    expect((await confirm(token, 'a-brand-new-password')).status).toBe(204);
    expect((await t.http.get('/api/me').set('token', session)).status).toBe(403);
    expect((await signIn(victim.email, victim.password)).status).toBe(401);
    expect((await signIn(victim.email, 'a-brand-new-password')).status).toBe(200);
    const [audit] = await t.dataSource.query(`SELECT "action" FROM "audit_entry" WHERE "action" = 'password-reset' AND "resourceId" = $1`, [String(victim.id)]);
    expect(audit).toEqual({ action: 'password-reset' });
  });

  it('writes the mail in the site’s default language when none is asked for', async () => {
    const victim = await user();
    await t.http.put('/api/settings/by-name/defaultLocale').set('token', t.ownerToken).send({ value: 'it' });
    try {
      expect((await ask(victim.email, nextClient())).status).toBe(202);
    } finally {
      await t.http.put('/api/settings/by-name/defaultLocale').set('token', t.ownerToken).send({ value: 'en' });
    }
    const [mail] = await mailsTo(victim.email);
    expect(mail.subject).toContain('Reimposta la password');
  });

  it('attack: reset link replayed — a used link, and every other link of the account, no longer work', async () => {
    const victim = await user();
    const from = nextClient();
    await ask(victim.email, from);
    await ask(victim.email, from);
    const [first, second] = (await mailsTo(victim.email)).map(tokenIn);
    expect((await confirm(second, 'password-set-once')).status).toBe(204);
    const replay = await confirm(second, 'password-set-twice');
    expect(replay.status).toBe(410);
    expect(replay.body.message).toMatch(/already used/);
    expect((await confirm(first, 'password-from-older-link')).status).toBe(410);
    expect((await signIn(victim.email, 'password-set-once')).status).toBe(200);
  });

  it('attack: reset link after an hour — an expired link is refused and changes nothing', async () => {
    const victim = await user();
    await ask(victim.email, nextClient());
    const token = tokenIn((await mailsTo(victim.email))[0]);
    const [{ hours }] = await t.dataSource.query(
      `SELECT round(extract(epoch FROM ("expiresAt" - "createdAt")) / 3600)::int AS hours FROM "password_reset" r JOIN "login" l ON l.id = r."loginId" WHERE l.email = $1`,
      [victim.email],
    );
    expect(hours).toBe(1);
    // An hour has passed.
    await t.dataSource.query(
      `UPDATE "password_reset" SET "expiresAt" = now() - interval '1 second' WHERE "loginId" = (SELECT id FROM "login" WHERE email = $1)`,
      [victim.email],
    );
    const late = await confirm(token, 'too-late-password');
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/expired/);
    expect((await signIn(victim.email, victim.password)).status).toBe(200);
  });

  it('attack: token of one account used for another — a link sets only the password of the account it was sent to', async () => {
    const attacker = await user();
    const victim = await user();
    await ask(attacker.email, nextClient());
    const token = tokenIn((await mailsTo(attacker.email))[0]);
    // The body cannot name another account: unknown properties are refused.
    const named = await t.http.post('/api/auth/password-reset/confirm').send({ token, password: 'takeover-password', email: victim.email });
    expect(named.status).toBe(400);
    expect((await confirm(token, 'takeover-password')).status).toBe(204);
    expect((await signIn(victim.email, 'takeover-password')).status).toBe(401);
    expect((await signIn(victim.email, victim.password)).status).toBe(200);
    expect((await signIn(attacker.email, 'takeover-password')).status).toBe(200);
    // A made-up token is no account's.
    const unknown = await confirm('A'.repeat(43), 'takeover-password');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/not valid/);
  });

  it('attack: account enumeration by answer — an account’s e-mail and a stranger’s get the same answer', async () => {
    const victim = await user();
    const known = await ask(victim.email, nextClient());
    const unknown = await ask('nobody-here@accounts.test', nextClient());
    const shape = (res: { status: number; text: string; headers: Record<string, string> }) => ({
      status: res.status,
      body: res.text,
      headers: Object.keys(res.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort()
        .map((name) => `${name}: ${name === 'content-length' || name.startsWith('x-') || name === 'cache-control' ? res.headers[name] : ''}`),
    });
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.status).toBe(202);
    expect(await mailsTo('nobody-here@accounts.test')).toEqual([]);
    expect(await mailsTo(victim.email)).toHaveLength(1);
  });

  it('attack: flood of reset requests — a mailbox gets at most the hourly limit, and a stranger’s e-mail is limited alike', async () => {
    const victim = await user();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(victim.email, nextClient())).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(await mailsTo(victim.email)).toHaveLength(3);
    const strangers = [];
    for (let i = 0; i < 5; i++) strangers.push((await ask('stranger@accounts.test', nextClient())).status);
    // The same answers: a 429 does not tell an account from a stranger either.
    expect(strangers).toEqual(statuses);

    // One address asking for many e-mails is stopped too.
    const from = nextClient();
    const spread = [];
    for (let i = 0; i < 8; i++) spread.push((await ask(`spread${i}@accounts.test`, from)).status);
    expect(spread).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
    const refused = await ask('spread9@accounts.test', from);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('attack: reset link poisoned through the Host header — the link names PUBLIC_URL whatever Host the request claims', async () => {
    const victim = await user();
    await ask(victim.email, nextClient()).set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
    const [mail] = await mailsTo(victim.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain('https://cms.example.org/admin/reset-password?token=');
  });
});
