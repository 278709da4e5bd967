import { FormFieldType } from '@cms/contracts';
import { useTestApp } from './support/test-app';

/**
 * Each user's interface language (issue 29: "all mail in the user's language"): stored through
 * PUT /api/me/language by the user alone, answered by GET /api/me, and the language of the mails
 * sent to their account before the one a request names, then the site's default.
 */
describe('the interface language of a user', () => {
  // TRUST_PROXY=1: each reset request names its own client address, clear of the per-address limit.
  const t = useTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'https://cms.example.org' });
  let client = 0;
  const from = () => `198.51.100.${(client += 1)}`;

  const me = async (token: string) => (await t.http.get('/api/me').set('token', token)).body as { id: number; language: string | null };
  const choose = (token: string, body: unknown) =>
    t.http
      .put('/api/me/language')
      .set('token', token)
      .send(body as object);
  const askReset = (email: string, extra: Record<string, unknown> = {}) =>
    t.http
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', from())
      .send({ email, ...extra });
  const subjectsTo = async (email: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT "subject" FROM "mail_outbox" WHERE "to" = $1 ORDER BY "id"`, [email])).map((m: { subject: string }) => m.subject);
  const stored = async (userId: number): Promise<string | null> =>
    (await t.dataSource.query(`SELECT "language" FROM "user" WHERE "id" = $1`, [userId]))[0].language;

  it('is null until chosen; the user sets it, reads it back from /api/me, and clears it', async () => {
    const user = await t.userWithRights([]);
    expect(await me(user.token)).toMatchObject({ id: user.id, language: null });

    const set = await choose(user.token, { language: 'fr' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: user.id, email: user.email, language: 'fr' });
    // /api/me is answered from the resolved session, which was read before the change: it must not be stale.
    expect(await me(user.token)).toMatchObject({ language: 'fr' });
    expect(await stored(user.id)).toBe('fr');

    expect((await choose(user.token, { language: 'tr' })).body.language).toBe('tr');
    expect(await me(user.token)).toMatchObject({ language: 'tr' });
    expect((await choose(user.token, { language: null })).status).toBe(200);
    expect(await me(user.token)).toMatchObject({ language: null });
    expect(await stored(user.id)).toBeNull();
  });

  it('changes only the caller’s own language', async () => {
    const ann = await t.userWithRights([]);
    const bob = await t.userWithRights([]);
    expect((await choose(ann.token, { language: 'es' })).status).toBe(200);
    expect(await me(bob.token)).toMatchObject({ id: bob.id, language: null });
    expect(await stored(bob.id)).toBeNull();
  });

  it('refuses a language that is not one of ours, a missing one and other fields with a 400 naming the field', async () => {
    const user = await t.userWithRights([]);
    await choose(user.token, { language: 'it' });
    for (const body of [{ language: 'de' }, { language: 'FR' }, { language: 3 }, { language: ['fr'] }, {}, { language: 'fr', name: 'Mallory' }]) {
      const res = await choose(user.token, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(JSON.stringify(res.body)).toMatch(body && 'name' in body ? /name/ : /language must be one of en, fr, tr, es, it, or null/);
    }
    expect(await stored(user.id)).toBe('it');
    expect((await t.http.put('/api/me/language').send({ language: 'fr' })).status).toBe(401);
  });

  it('is set with a session only: an API token may read its creator’s language but not change it', async () => {
    const owner = await me(t.ownerToken);
    await choose(t.ownerToken, { language: 'es' });
    try {
      const made = await t.http.post('/api/tokens').set('token', t.ownerToken).send({ name: 'Language bot', roleId: 'super-admin' });
      expect(made.status).toBe(201);
      const bearer = { Authorization: `Bearer ${made.body.secret}` };
      expect((await t.http.get('/api/me').set(bearer)).body).toMatchObject({ id: owner.id, language: 'es' });
      const refused = await t.http.put('/api/me/language').set(bearer).send({ language: 'fr' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/API token/);
      expect(await stored(owner.id)).toBe('es');
    } finally {
      await choose(t.ownerToken, { language: null });
    }
  });

  it('writes a reset mail in the account’s language even when the request names another', async () => {
    const user = await t.userWithRights([]);
    await choose(user.token, { language: 'tr' });
    expect((await askReset(user.email, { locale: 'fr' })).status).toBe(202);
    expect((await askReset(user.email)).status).toBe(202);
    const subjects = await subjectsTo(user.email);
    expect(subjects).toHaveLength(2);
    for (const subject of subjects) expect(subject).toContain('için parolanızı sıfırlayın');
  });

  it('without a stored language, writes the reset mail in the language asked, else in the site’s default', async () => {
    const user = await t.userWithRights([]);
    expect((await askReset(user.email, { locale: 'es' })).status).toBe(202);
    await t.http.put('/api/settings/by-name/defaultLocale').set('token', t.ownerToken).send({ value: 'it' });
    try {
      expect((await askReset(user.email)).status).toBe(202);
    } finally {
      await t.http.put('/api/settings/by-name/defaultLocale').set('token', t.ownerToken).send({ value: 'en' });
    }
    // A choice forgotten is no choice: the request's language again.
    await choose(user.token, { language: 'fr' });
    await choose(user.token, { language: null });
    expect((await askReset(user.email, { locale: 'en' })).status).toBe(202);
    const subjects = await subjectsTo(user.email);
    expect(subjects).toHaveLength(3);
    expect(subjects[0]).toContain('Restablezca su contraseña');
    expect(subjects[1]).toContain('Reimposta la password');
    expect(subjects[2]).toContain('Reset your password');
  });

  it('keeps the inviter’s language for the invitation, and stores the acceptance screen’s language as the new user’s', async () => {
    const invite = async (email: string) => {
      const res = await t.http.post('/api/invitations').set('token', t.ownerToken).send({ email, roleId: 'super-admin', locale: 'es' });
      expect(res.status).toBe(201);
      const [mail]: { subject: string; text: string }[] = await t.dataSource.query(`SELECT "subject", "text" FROM "mail_outbox" WHERE "to" = $1`, [email]);
      expect(mail.subject).toContain('Le han invitado');
      return /\/admin\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    };
    const accept = (body: Record<string, unknown>) => t.http.post('/api/auth/invitation/accept').set('X-Forwarded-For', from()).send(body);

    const withLanguage = await invite('italian.reader@accounts.test');
    expect((await accept({ token: withLanguage, name: 'Lia', password: 'invited-password-1', language: 'klingon' })).status).toBe(400);
    const accepted = await accept({ token: withLanguage, name: 'Lia', password: 'invited-password-1', language: 'it' });
    expect(accepted.status).toBe(201);
    const signIn = await t.http.post('/api/auth/signin').send({ email: 'italian.reader@accounts.test', password: 'invited-password-1' });
    expect(await me(signIn.body.token)).toMatchObject({ language: 'it' });
    expect((await askReset('italian.reader@accounts.test', { locale: 'en' })).status).toBe(202);
    expect((await subjectsTo('italian.reader@accounts.test')).at(-1)).toContain('Reimposta la password');

    const without = await invite('no.language@accounts.test');
    expect((await accept({ token: without, name: 'Noa', password: 'invited-password-1' })).status).toBe(201);
    const [user] = await t.dataSource.query(
      `SELECT u."language" FROM "user" u JOIN "login" l ON l."userId" = u.id WHERE l.email = 'no.language@accounts.test'`,
    );
    expect(user).toEqual({ language: null });
  });
  it('writes a form’s notification in the language of the account it goes to, else in the site’s default', async () => {
    const user = await t.userWithRights([]);
    await choose(user.token, { language: 'fr' });
    const fields = [{ name: 'note', type: FormFieldType.PARAGRAPH, label: 'Note', position: 1 }];
    // The address as typed in the form may differ in case and spaces from the account's.
    const toUser = await t.ownerCreates('/api/forms', { title: 'Rappel', sendMail: true, sendTo: user.email.toUpperCase(), fields });
    const toTeam = await t.ownerCreates('/api/forms', { title: 'Contatto', sendMail: true, sendTo: 'team.language@example.com', fields });
    const send = (formId: number) =>
      t.http
        .post(`/api/forms/${formId}/messages`)
        .set('X-Forwarded-For', from())
        .send({ values: { note: 'Hello' } });
    expect((await send(toUser.id)).status).toBe(201);
    await t.http.put('/api/settings/by-name/defaultLocale').set('token', t.ownerToken).send({ value: 'it' });
    try {
      expect((await send(toTeam.id)).status).toBe(201);
    } finally {
      await t.http.put('/api/settings/by-name/defaultLocale').set('token', t.ownerToken).send({ value: 'en' });
    }
    expect(await subjectsTo(user.email.toUpperCase())).toEqual(['Nouveau message du formulaire « Rappel »']);
    expect(await subjectsTo('team.language@example.com')).toEqual(['Nuovo messaggio dal modulo «Contatto»']);
  });
  it('is set by whoever manages users, on a create or an edit, and the account’s mails follow it', async () => {
    const bob = await t.userWithRights([]);
    const edit = (body: Record<string, unknown>, token = t.ownerToken) => t.http.put(`/api/users/${bob.id}`).set('token', token).send(body);
    expect((await t.http.get(`/api/users/${bob.id}`).set('token', t.ownerToken)).body).toMatchObject({ id: bob.id, language: null });
    const set = await edit({ language: 'it' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: bob.id, language: 'it' });
    expect(await stored(bob.id)).toBe('it');
    // His sessions read it at once, and his mails are written in it.
    expect(await me(bob.token)).toMatchObject({ language: 'it' });
    expect((await askReset(bob.email, { locale: 'fr' })).status).toBe(202);
    expect((await subjectsTo(bob.email)).at(-1)).toContain('Reimposta la password');
    // An edit that does not name it leaves it; null forgets it; anything else is a 400 naming it.
    expect((await edit({ name: 'Bob B.' })).body).toMatchObject({ name: 'Bob B.', language: 'it' });
    for (const language of ['de', 'IT', 3, ['it']]) {
      const refused = await edit({ language });
      expect([language, refused.status]).toEqual([language, 400]);
      expect(JSON.stringify(refused.body)).toMatch(/language must be one of en, fr, tr, es, it, or null/);
    }
    expect(await stored(bob.id)).toBe('it');
    expect((await edit({ language: null })).body).toMatchObject({ language: null });
    // Someone without the right to edit users cannot set it.
    const ann = await t.userWithRights([]);
    expect((await edit({ language: 'tr' }, ann.token)).status).toBe(403);
    expect(await stored(bob.id)).toBeNull();

    const created = await t.http
      .post('/api/users')
      .set('token', t.ownerToken)
      .send({ name: 'Eda', email: 'eda.language@accounts.test', password: 'created-password-1', roleId: 'super-admin', language: 'tr' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'eda.language@accounts.test', language: 'tr' });
  });
});
