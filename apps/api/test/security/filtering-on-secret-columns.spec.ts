import { useTestApp } from '../support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * Advisory class: sorting or filtering a list by a password, hash or token column lets a caller
 * read the secret bit by bit (binary search on the order, or on a LIKE match). Lists sort and
 * filter only by allow-listed columns, and their free-text search never reaches secrets.
 */
describe('attack: filtering or sorting on password, hash or token columns', () => {
  const t = useTestApp();

  const LISTS = [
    'users',
    'roles',
    'medias',
    'media-packs',
    'forms',
    'messages',
    'settings',
    'configurators',
    'containers',
    'contents',
    'elements',
    'slugs',
    'webhooks',
  ];
  const SECRETS = [
    'secret',
    'password',
    'hash',
    'token',
    'passwordHash',
    'login.password',
    'logins.password',
    'session.token',
    '"password"',
    'password ASC, id',
  ];

  it.each(LISTS)('refuses to sort or filter /api/%s by a secret column', async (list) => {
    const answers: string[] = [];
    for (const column of SECRETS) {
      for (const query of [`sort=${q([column, 'ASC'])}`, `filter=${q({ [column]: '$argon2id' })}`]) {
        const res = await t.http.get(`/api/${list}?${query}`).set('token', t.ownerToken);
        if (res.status !== 400) answers.push(`${query} -> ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('never matches a password hash or a session token through the free-text search of users', async () => {
    const [session] = await t.dataSource.query(`SELECT "token" FROM "session" LIMIT 1`);
    for (const needle of ['$argon2id', 'argon2', 'm=19456', String(session.token).slice(0, 12)]) {
      const res = await t.http.get(`/api/users?filter=${q({ q: needle })}`).set('token', t.ownerToken);
      expect({ needle, status: res.status, found: res.body }).toEqual({ needle, status: 200, found: [] });
    }
  });

  it('never answers a password or token property in a user', async () => {
    const res = await t.http.get('/api/users').set('token', t.ownerToken);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|"password"|"token"/);
  });
});
