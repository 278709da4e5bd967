import { FormFieldType, RightType, type AuditEntryDto } from '@cms/contracts';
import { contentModel } from './support/content-model';
import { asText, parseCsv } from './support/csv';
import { OWNER, useTestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * The audit log (issue 26, point 3): every write through the API and every sign-in event leaves
 * one entry; holders of ACCESS_SETTINGS read and export them; nobody changes or deletes one, not
 * even in SQL.
 */
describe('audit log', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '1000' });
  const cm = contentModel(t);
  let ownerId: number;
  let ownerName: string;

  beforeAll(async () => {
    const me = await t.http.get('/api/me').set('token', t.ownerToken);
    ownerId = me.body.id;
    ownerName = me.body.name;
  });

  const entries = async (filter: Record<string, unknown>, token = t.ownerToken): Promise<AuditEntryDto[]> => {
    const res = await t.http.get(`/api/audit?filter=${q(filter)}&range=[0,99]`).set('token', token);
    if (res.status !== 200) throw new Error(`GET /api/audit: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const count = async () => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM "audit_entry"`))[0].n);

  it('records a create, an update and a delete of a content with the caller, the address, the locale and a summary', async () => {
    const shop = await cm.container({ title: 'Shop', fields: [{ label: 'Name', name: 'name', type: 'STRING' }] });
    const chair = await cm.content({ containerId: shop.id, title: 'Chair', fields: { name: 'Chair' } });
    await cm.as().put(`/api/contents/${chair.id}?locale=fr`, { title: 'Chaise' });
    expect((await cm.as().delete(`/api/contents/${chair.id}`)).status).toBe(200);

    const found = await entries({ resource: 'contents', resourceId: String(chair.id) });
    expect(found.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of found) {
      expect(entry).toMatchObject({ userId: ownerId, userName: ownerName, resource: 'contents', resourceId: String(chair.id) });
      expect(entry.address).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    }
    expect(found[2].summary).toBe(`Created content ${chair.id} "Chair" (en)`);
    expect(found[1].summary).toBe(`Updated content ${chair.id} "Chaise" (fr): title`);
    expect(found[0].summary).toMatch(new RegExp(`^Deleted content ${chair.id} "`));
    const [container] = await entries({ resource: 'containers', resourceId: String(shop.id) });
    expect(container).toMatchObject({ action: 'create', summary: `Created container ${shop.id} "Shop" (en)` });
  });

  it('records publishing a draft under its own action', async () => {
    const news = await cm.container({ slug: 'news', published: true, drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const post = await cm.content({ containerId: news.id, slug: 'post', title: 'Post', published: true, fields: { body: 'live' } });
    await cm.as().put(`/api/contents/${post.id}`, { fields: { body: 'draft' } });
    expect((await cm.as().post(`/api/contents/${post.id}/publish`, {})).status).toBeLessThan(300);
    const [published] = await entries({ resource: 'contents', resourceId: String(post.id), action: 'publish' });
    expect(published.summary).toMatch(new RegExp(`^Published content ${post.id} "Post"`));
  });

  it('lists the rights a role was given', async () => {
    const role = await cm.as().post('/api/roles', { id: 'auditors', name: 'Auditors', rights: [RightType.ACCESS_SETTINGS, RightType.VIEW_USER] });
    expect(role.status).toBe(201);
    await cm.as().put('/api/roles/auditors', { name: 'Auditors', rights: [RightType.ACCESS_SETTINGS] });
    const [updated, created] = await entries({ resource: 'roles', resourceId: 'auditors' });
    expect(created.summary).toBe('Created role auditors "Auditors": rights ACCESS_SETTINGS, VIEW_USER');
    expect(updated).toMatchObject({ action: 'update', summary: 'Updated role auditors "Auditors": rights ACCESS_SETTINGS' });
  });

  it('records a setting by its name, and a visitor’s message through a public form with no user', async () => {
    await cm.as().put('/api/settings/by-name/primaryColor', { value: '#112233' });
    const [setting] = await entries({ resource: 'settings', resourceId: 'primaryColor' });
    expect(setting).toMatchObject({ action: 'update', summary: 'Updated setting primaryColor: value' });
    const form = await cm.as().post('/api/forms', { title: 'Contact', fields: [{ name: 'name', type: FormFieldType.TEXT, label: 'Name' }] });
    expect(form.status).toBe(201);
    expect((await t.http.post(`/api/forms/${form.body.id}/messages`).send({ values: { name: 'Ann' } })).status).toBe(201);
    const [message] = await entries({ resource: 'messages' });
    expect(message).toMatchObject({ userId: null, userName: '', action: 'create', summary: `Message received through form ${form.body.id}` });
  });

  it('records sign-in, failed sign-in (the e-mail tried, never the password), sign-out and password changes', async () => {
    const user = await t.userWithRights([RightType.VIEW_CONTENT], 'Sam Signer');
    const [signIn] = await entries({ action: 'sign-in', userId: user.id });
    expect(signIn).toMatchObject({ userName: 'Sam Signer', resource: 'auth', resourceId: String(user.id), summary: `Signed in as ${user.email}` });

    expect((await t.http.post('/api/auth/signin').send({ email: user.email, password: 'not-the-password-42' })).status).toBe(401);
    expect((await t.http.post('/api/auth/signin').send({ email: 'nobody@test.local', password: 'secret-guess-43' })).status).toBe(401);
    const failed = await entries({ action: 'sign-in-failed' });
    expect(failed[0]).toMatchObject({ userId: null, userName: '', resourceId: null, summary: 'Failed sign-in as "nobody@test.local"' });
    expect(failed[1]).toMatchObject({ userId: user.id, userName: 'Sam Signer', summary: `Failed sign-in as "${user.email}"` });
    const all = JSON.stringify(await entries({}));
    expect(all).not.toContain('not-the-password-42');
    expect(all).not.toContain('secret-guess-43');

    const own = await t.http.put('/api/me/password').set('token', user.token).send({ currentPassword: user.password, password: 'brand-new-password-44' });
    expect(own.status).toBe(204);
    const reset = await cm.as().put(`/api/users/${user.id}`, { password: 'reset-by-admin-45', name: 'Sam Signer' });
    expect(reset.status).toBe(200);
    const changes = await entries({ action: 'password-change', resourceId: String(user.id) });
    expect(changes.map((entry) => [entry.userId, entry.resource])).toEqual([
      [ownerId, 'users'],
      [user.id, 'users'],
    ]);
    expect(changes[0].summary).toBe(`Changed the password of user ${user.id} "Sam Signer": name`);
    expect(JSON.stringify(changes)).not.toMatch(/brand-new-password-44|reset-by-admin-45/);

    const session = await t.signIn(user.email, 'reset-by-admin-45');
    expect((await t.http.post('/api/auth/signout').set('token', session)).status).toBe(204);
    const [signOut] = await entries({ action: 'sign-out', userId: user.id });
    expect(signOut).toMatchObject({ resource: 'auth', summary: `Signed out (${user.email})` });
  });

  it('records nothing for reads and for writes that failed', async () => {
    const before = await count();
    await t.http.get('/api/contents').set('token', t.ownerToken);
    await t.http.get('/api/audit').set('token', t.ownerToken);
    expect((await cm.as().post('/api/contents', { title: '' })).status).toBe(400);
    expect((await t.http.put('/api/elements/999999').set('token', t.ownerToken).send({ title: 'x' })).status).toBe(404);
    expect((await t.http.post('/api/roles').send({ id: 'x', name: 'x', rights: [] })).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('never fails a write because its entry could not be written', async () => {
    await t.dataSource.query(`ALTER TABLE "audit_entry" RENAME TO "audit_entry_away"`);
    try {
      expect((await cm.as().post('/api/elements', { title: 'Kept', block: 'richtext', content: { html: '<p>x</p>' } })).status).toBe(201);
    } finally {
      await t.dataSource.query(`ALTER TABLE "audit_entry_away" RENAME TO "audit_entry"`);
    }
  });

  it('filters by user, action, resource, date range and summary text, pages with Content-Range', async () => {
    const editor = await t.userWithRights([RightType.CREATE_ELEMENT], 'Edna Editor');
    const element = await cm.as(editor.token).post('/api/elements', { title: 'Banner unicorn', block: 'richtext', content: { html: '<p>x</p>' } });
    expect(element.status).toBe(201);
    const mine = await entries({ userId: editor.id, action: 'create' });
    expect(mine.map((entry) => entry.summary)).toEqual([`Created element ${element.body.id} "Banner unicorn"`]);
    expect((await entries({ q: 'UNICORN' })).map((entry) => entry.resourceId)).toEqual([String(element.body.id)]);
    expect(await entries({ q: 'unicorn', from: new Date(Date.now() - 60_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() })).toHaveLength(1);
    expect(await entries({ q: 'unicorn', to: '2000-01-01' })).toHaveLength(0);
    expect(await entries({ q: 'unicorn', from: '2999-01-01T00:00:00+02:00' })).toHaveLength(0);
    expect((await entries({ resource: ['elements', 'roles'] })).every((entry) => ['elements', 'roles'].includes(entry.resource))).toBe(true);

    const total = await count();
    const page = await t.http.get(`/api/audit?sort=${q(['id', 'ASC'])}&range=[0,1]`).set('token', t.ownerToken);
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toBe(`audit 0-1/${total}`);
    expect(page.body).toHaveLength(2);
    expect(page.body[0].id).toBeLessThan(page.body[1].id);
  });

  it('answers a bad filter, sort or range 400 naming what is wrong', async () => {
    const bad = async (query: string) => {
      const res = await t.http.get(`/api/audit?${query}`).set('token', t.ownerToken);
      return { status: res.status, message: String(res.body.message) };
    };
    expect(await bad(`filter=${q({ from: 'yesterday' })}`)).toEqual({ status: 400, message: expect.stringContaining('"from"') });
    expect(await bad(`filter=${q({ to: '2026-02-30' })}`)).toEqual({ status: 400, message: expect.stringContaining('"to"') });
    expect(await bad(`filter=${q({ to: ['2026-01-01', '2026-01-02'] })}`)).toEqual({ status: 400, message: expect.stringContaining('"to"') });
    expect(await bad(`filter=${q({ userId: 'Ann' })}`)).toEqual({ status: 400, message: expect.stringContaining('"userId"') });
    expect(await bad(`filter=${q({ address: '1.2.3.4' })}`)).toEqual({ status: 400, message: expect.stringContaining('"address"') });
    expect(await bad(`sort=${q(['summary', 'ASC'])}`)).toEqual({ status: 400, message: expect.stringContaining('"summary"') });
    expect((await bad('range=[0,100000]')).status).toBe(400);
    expect((await bad('filter={')).status).toBe(400);
    expect((await bad(`unknown=1`)).status).toBe(400);
    const csv = await t.http.get(`/api/audit/export?filter=${q({ from: 'soon' })}`).set('token', t.ownerToken);
    expect(csv.status).toBe(400);
    expect(csv.headers['content-type']).toMatch(/json/);
  });

  it('exports the filtered entries as a CSV attachment, quoted, with formula-looking cells defused', async () => {
    const sneaky = await t.userWithRights([RightType.CREATE_ELEMENT], '=HYPERLINK("http://evil")');
    const element = await cm.as(sneaky.token).post('/api/elements', { title: 'Chairs, "oak"\nand more', block: 'richtext', content: { html: '<p>x</p>' } });
    expect(element.status).toBe(201);
    const res = await t.http
      .get(`/api/audit/export?filter=${q({ userId: sneaky.id })}`)
      .set('token', t.ownerToken)
      .buffer(true)
      .parse(asText);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body as string;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['id', 'at', 'userId', 'userName', 'address', 'action', 'resource', 'resourceId', 'summary']);
    const listed = await entries({ userId: sneaky.id });
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.map((entry) => String(entry.id)));
    const [created, signedIn] = rows.slice(1);
    expect(created.slice(2)).toEqual([
      String(sneaky.id),
      `'=HYPERLINK("http://evil")`,
      expect.any(String),
      'create',
      'elements',
      String(element.body.id),
      `Created element ${element.body.id} "Chairs, "oak" and more"`,
    ]);
    expect(new Date(created[1]).toISOString()).toBe(created[1]);
    expect(signedIn[5]).toBe('sign-in');
    // Every cell that holds a comma, a quote or a line break is quoted.
    expect(text).toContain(`"Created element ${element.body.id} ""Chairs, ""oak"" and more"""`);
  });

  it('is read by holders of ACCESS_SETTINGS only; anonymous callers get 401', async () => {
    const reader = await t.userWithRights([RightType.ACCESS_SETTINGS]);
    const other = await t.userWithRights([RightType.VIEW_USER, RightType.UPDATE_CONTENT]);
    for (const url of ['/api/audit', '/api/audit/export', '/api/audit/user-choices']) {
      expect({ url, status: (await t.http.get(url).set('token', reader.token)).status }).toEqual({ url, status: 200 });
      expect({ url, status: (await t.http.get(url).set('token', other.token)).status }).toEqual({ url, status: 403 });
      expect({ url, status: (await t.http.get(url)).status }).toEqual({ url, status: 401 });
    }
    const choices = await t.http.get('/api/audit/user-choices').set('token', reader.token);
    expect(choices.body).toEqual(expect.arrayContaining([{ id: ownerId, title: ownerName }]));
  });

  it('has no route that writes, changes or deletes an entry', async () => {
    const [entry] = await entries({});
    for (const [method, url] of [
      ['post', '/api/audit'],
      ['put', `/api/audit/${entry.id}`],
      ['patch', `/api/audit/${entry.id}`],
      ['delete', `/api/audit/${entry.id}`],
      ['delete', '/api/audit'],
    ] as const) {
      const res = await t.http[method](url).set('token', t.ownerToken).send({ summary: 'rewritten' });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
    }
  });

  it('is documented in OpenAPI as read-only, the export as CSV', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>> };
    expect(Object.keys(doc.paths['/api/audit'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/audit/export'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/audit/export'].get.responses['200'].content ?? {})).toEqual(['text/csv']);
    expect(doc.paths['/api/audit'].get.responses['403']).toBeDefined();
  });

  it('tampering: an UPDATE of an audit entry in SQL is refused', async () => {
    const [entry] = await entries({});
    await expect(t.dataSource.query(`UPDATE "audit_entry" SET "summary" = 'nothing happened' WHERE "id" = $1`, [entry.id])).rejects.toThrow(
      /audit entries cannot be changed or deleted/,
    );
    await expect(t.dataSource.query(`UPDATE "audit_entry" SET "userId" = NULL WHERE "id" = $1`, [entry.id])).resolves.toBeDefined();
    await expect(t.dataSource.query(`UPDATE "audit_entry" SET "userId" = NULL, "address" = '10.0.0.1' WHERE "id" = $1`, [entry.id])).rejects.toThrow(
      /audit entries cannot be changed or deleted/,
    );
    const [after] = await t.dataSource.query(`SELECT "summary", "address" FROM "audit_entry" WHERE "id" = $1`, [entry.id]);
    expect(after).toEqual({ summary: entry.summary, address: entry.address });
  });

  it('tampering: a DELETE of audit entries in SQL is refused', async () => {
    const before = await count();
    await expect(t.dataSource.query(`DELETE FROM "audit_entry"`)).rejects.toThrow(/audit entries cannot be changed or deleted/);
    expect(await count()).toBe(before);
  });

  it('keeps the entries of a deleted user, with their name', async () => {
    const leaver = await t.userWithRights([RightType.VIEW_CONTENT], 'Lee Leaver');
    expect((await cm.as().delete(`/api/users/${leaver.id}`)).status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT "userId", "userName" FROM "audit_entry" WHERE "action" = 'sign-in' AND "resourceId" = $1`, [
      String(leaver.id),
    ]);
    expect(row).toEqual({ userId: null, userName: 'Lee Leaver' });
    const [deleted] = await entries({ resource: 'users', resourceId: String(leaver.id), action: 'delete' });
    expect(deleted.summary).toBe(`Deleted user ${leaver.id} "Lee Leaver"`);
  });

  it('records the owner’s first sign-in too', async () => {
    const [first] = await t.dataSource.query(`SELECT "action", "summary" FROM "audit_entry" ORDER BY "id" LIMIT 1`);
    expect(first).toEqual({ action: 'sign-in', summary: `Signed in as ${OWNER.email}` });
  });
});
