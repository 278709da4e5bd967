/**
 * History and no lost work (issue 26), through the HTTP API on the real application: every saved
 * change keeps a version (who, when, which locales, the whole state), versions are read and
 * restored behind the record's rights, a stale If-Match is a 409 that names who changed the record,
 * retention keeps the newest VERSIONS_KEPT and every published one, and edit screens hear who
 * else has a record open.
 */
import { RightType } from '@cms/contracts';
import { contentModel } from './support/content-model';
import { createTestApp, type TestApp } from './support/test-app';

describe('versions, restore and If-Match', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let blog: { id: number };
  let plain: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ VERSIONS_KEPT: '5' });
    cm = contentModel(t);
    blog = await cm.container({
      slug: 'blog',
      published: true,
      drafts: true,
      fields: [
        { label: 'Body', name: 'body', type: 'STRING', required: true },
        { label: 'Cover', name: 'cover', type: 'IMAGE' },
      ],
    });
    plain = await cm.container({ slug: 'plain', published: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
  });
  afterAll(() => t?.close());

  const get = (url: string, token = t.ownerToken) => t.http.get(url).set('token', token);
  const put = (url: string, body: object, headers: Record<string, string> = {}, token = t.ownerToken) =>
    t.http.put(url).set('token', token).set(headers).send(body);
  const versionsOf = async (id: number, resource = 'contents') => {
    const answer = await get(`/api/${resource}/${id}/versions`);
    expect(answer.status).toBe(200);
    return answer.body as { id: number; userName: string; action: string; locales: string[]; published: boolean; userId: number | null }[];
  };

  it('keeps a version of every saved change: who, when, what, which locales, newest first', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Plain', slug: 'p1', published: true, fields: { body: 'one' } });
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'two' } });
    await t.ownerUpdates(`/api/contents/${id}?locale=fr`, { fields: { body: 'deux' } });
    const answer = await get(`/api/contents/${id}/versions?range=[0,1]`);
    expect(answer.headers['content-range']).toBe('versions 0-1/3');
    expect(answer.body.map((v: { action: string; locales: string[] }) => [v.action, v.locales])).toEqual([
      ['update', ['fr']],
      ['update', ['en']],
    ]);
    const versions = await versionsOf(id);
    expect(versions[2]).toMatchObject({ action: 'create', userName: expect.any(String), userId: expect.any(Number), published: true });
    const first = (await get(`/api/contents/${id}/versions/${versions[2].id}`)).body;
    expect(first.state).toMatchObject({ title: 'Plain', slug: 'p1', published: true, locales: { en: { fields: { body: 'one' } }, fr: { fields: {} } } });
    const last = (await get(`/api/contents/${id}/versions/${versions[0].id}`)).body;
    expect(last.state.locales).toMatchObject({ en: { fields: { body: 'two' } }, fr: { fields: { body: 'deux' }, sections: null, metadata: null } });
  });

  it('restores a version as the content itself where drafts are off, as a new version', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Restore me', slug: 'p2', published: true, fields: { body: 'first text' } });
    await t.ownerUpdates(`/api/contents/${id}`, { title: 'Renamed', fields: { body: 'second text' } });
    await t.ownerUpdates(`/api/contents/${id}?locale=fr`, { fields: { body: 'texte' } });
    const [, , created] = await versionsOf(id);
    const restored = await t.http.post(`/api/contents/${id}/versions/${created.id}/restore`).set('token', t.ownerToken);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ versionId: expect.any(Number), dropped: [] });
    expect((await get(`/api/contents/${id}`)).body).toMatchObject({ title: 'Restore me', fields: { body: 'first text' } });
    // The French value the version did not have is gone: fr shows en's again.
    expect((await get(`/api/contents/${id}?locale=fr`)).body).toMatchObject({ fields: { body: 'first text' }, fallbackFields: ['body'] });
    expect((await versionsOf(id))[0]).toMatchObject({ id: restored.body.versionId, action: 'restore' });
    const [entry] = await t.dataSource.query(`SELECT action, resource, "resourceId" FROM "audit_entry" ORDER BY id DESC LIMIT 1`);
    expect(entry).toEqual({ action: 'restore', resource: 'contents', resourceId: String(id) });
    expect((await t.http.get(`/api/pages?path=/plain/p2`)).body.content.fields.body).toBe('first text');
  });

  it('restores into the draft where drafts are on: visitors keep the live version until a publish', async () => {
    const { id } = await cm.content({ containerId: blog.id, title: 'Post', slug: 'post', published: true, fields: { body: 'live words' } });
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'draft words' } });
    let versions = await versionsOf(id);
    expect(versions.map((v) => v.action)).toEqual(['draft', 'create']);
    expect((await get(`/api/contents/${id}/versions/${versions[0].id}`)).body.state.locales.en.fields.body).toBe('draft words');
    expect((await t.http.post(`/api/contents/${id}/publish`).set('token', t.ownerToken)).status).toBe(200);
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'third words' } });
    versions = await versionsOf(id);
    expect(versions.map((v) => [v.action, v.published])).toEqual([
      ['draft', false],
      ['publish', true],
      ['draft', false],
      ['create', true],
    ]);
    const restored = await t.http.post(`/api/contents/${id}/versions/${versions[3].id}/restore`).set('token', t.ownerToken);
    expect(restored.status).toBe(200);
    expect((await get(`/api/contents/${id}`)).body).toMatchObject({ hasDraft: true, fields: { body: 'live words' } });
    expect((await t.http.get(`/api/pages?path=/blog/post`)).body.content.fields.body).toBe('draft words');
  });

  it('restoring a version that names a deleted media keeps the rest and says what was dropped', async () => {
    const media = await cm.media();
    const covered = await cm.container({
      slug: 'covered',
      fields: [
        { label: 'Body', name: 'body', type: 'STRING' },
        { label: 'Cover', name: 'cover', type: 'IMAGE' },
      ],
    });
    const { id } = await cm.content({ containerId: covered.id, title: 'With cover', slug: 'p3', fields: { body: 'old body' } });
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'old body', cover: media } as Record<string, unknown> });
    const [withCover] = await versionsOf(id);
    await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: 'new body', cover: null } as Record<string, unknown> });
    const deleted = await t.http.delete(`/api/medias/${media}`).set('token', t.ownerToken);
    expect([deleted.status, deleted.body]).toEqual([200, expect.anything()]);
    const restored = await t.http.post(`/api/contents/${id}/versions/${withCover.id}/restore`).set('token', t.ownerToken);
    expect(restored.status).toBe(200);
    expect(restored.body.dropped).toEqual([expect.stringMatching(/^fields\.cover \(en\): /)]);
    expect((await get(`/api/contents/${id}`)).body.fields).toMatchObject({ body: 'old body' });
  });

  it('answers an ETag; a PUT with a stale If-Match is a 409 naming who changed it, and writes nothing', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Shared', slug: 'p4', fields: { body: 'base' } });
    const editor = await t.userWithRights([RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT], 'Ann Editor');
    const read = await get(`/api/contents/${id}`);
    const etag = read.headers.etag;
    expect(etag).toMatch(/^"v\d+"$/);
    const theirs = await put(`/api/contents/${id}`, { fields: { body: 'theirs' } }, { 'If-Match': etag }, editor.token);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.etag).not.toBe(etag);
    const mine = await put(`/api/contents/${id}`, { fields: { body: 'mine' } }, { 'If-Match': etag });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({
      statusCode: 409,
      code: 'changed',
      changedBy: { userId: editor.id, userName: 'Ann Editor' },
      changedAt: expect.any(String),
      message: expect.stringContaining('Ann Editor'),
    });
    expect((await get(`/api/contents/${id}`)).body.fields.body).toBe('theirs');
    // The record says who changed it last.
    expect((await t.dataSource.query(`SELECT "updatedBy" FROM "content" WHERE id = $1`, [id]))[0].updatedBy).toBe(editor.id);
    // With the new ETag it goes through; without If-Match the last save wins (integrators).
    expect((await put(`/api/contents/${id}`, { fields: { body: 'mine' } }, { 'If-Match': theirs.headers.etag })).status).toBe(200);
    expect((await put(`/api/contents/${id}`, { fields: { body: 'anyway' } })).status).toBe(200);
    expect((await put(`/api/contents/${id}`, { fields: { body: 'star' } }, { 'If-Match': '*' })).status).toBe(200);
  });

  it('lets one of two saves sent at once with the same If-Match through, and refuses the other', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Race', slug: 'race', fields: { body: 'base' } });
    const etag = (await get(`/api/contents/${id}`)).headers.etag;
    const answers = await Promise.all(['one', 'two'].map((body) => put(`/api/contents/${id}`, { fields: { body } }, { 'If-Match': etag })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = answers.find((answer) => answer.status === 200)!.body.fields.body;
    expect((await get(`/api/contents/${id}`)).body.fields.body).toBe(kept);
  });

  it('keeps the newest VERSIONS_KEPT and every published one', async () => {
    const { id } = await cm.content({ containerId: blog.id, title: 'Many', slug: 'many', fields: { body: 'v0' } });
    expect((await t.http.post(`/api/contents/${id}/publish`).set('token', t.ownerToken)).status).toBe(200);
    for (let n = 1; n <= 8; n++) await t.ownerUpdates(`/api/contents/${id}`, { fields: { body: `v${n}` } });
    const versions = await versionsOf(id);
    expect(versions.map((v) => v.action)).toEqual(['draft', 'draft', 'draft', 'draft', 'draft', 'publish']);
    expect(versions.filter((v) => v.published)).toHaveLength(1);
  });

  it('needs the record’s read right to read versions and its edit right to restore', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Guarded', slug: 'p5', fields: { body: 'x' } });
    const [version] = await versionsOf(id);
    const reader = await t.userWithRights([RightType.VIEW_CONTENT]);
    const nobody = await t.userWithRights([RightType.VIEW_FORM]);
    expect((await get(`/api/contents/${id}/versions`, reader.token)).status).toBe(200);
    expect((await get(`/api/contents/${id}/versions/${version.id}`, reader.token)).status).toBe(200);
    expect((await get(`/api/contents/${id}/versions`, nobody.token)).status).toBe(403);
    expect((await t.http.post(`/api/contents/${id}/versions/${version.id}/restore`).set('token', reader.token)).status).toBe(403);
    expect((await t.http.get(`/api/contents/${id}/versions`)).status).toBe(401);
  });

  it('answers 404 for a version of another record or none, and 400 for a bad range', async () => {
    const a = await cm.content({ containerId: plain.id, title: 'A', slug: 'pa', fields: { body: 'a' } });
    const b = await cm.content({ containerId: plain.id, title: 'B', slug: 'pb', fields: { body: 'b' } });
    const [ofA] = await versionsOf(a.id);
    expect((await get(`/api/contents/${b.id}/versions/${ofA.id}`)).status).toBe(404);
    expect((await t.http.post(`/api/contents/${b.id}/versions/${ofA.id}/restore`).set('token', t.ownerToken)).status).toBe(404);
    expect((await get(`/api/contents/999999/versions`)).status).toBe(404);
    expect((await get(`/api/contents/${a.id}/versions/abc`)).status).toBe(400);
    expect((await get(`/api/contents/${a.id}/versions?range=[5,1]`)).status).toBe(400);
    expect((await get(`/api/contents/${a.id}/versions?filter={"x":1}`)).status).toBe(400);
  });

  it('tells an edit screen who else has the record open, for two minutes after their last word', async () => {
    const { id } = await cm.content({ containerId: plain.id, title: 'Open', slug: 'p6', fields: { body: 'x' } });
    const ann = await t.userWithRights([RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT], 'Ann Presence');
    const none = await t.http.put(`/api/presence/contents/${id}`).set('token', t.ownerToken);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    await t.http.put(`/api/presence/contents/${id}`).set('token', ann.token);
    const both = await t.http.put(`/api/presence/contents/${id}`).set('token', t.ownerToken);
    expect(both.body).toEqual([{ userId: ann.id, userName: 'Ann Presence', openedAt: expect.any(String), seenAt: expect.any(String) }]);
    expect((await t.http.delete(`/api/presence/contents/${id}`).set('token', ann.token)).status).toBe(204);
    expect((await t.http.put(`/api/presence/contents/${id}`).set('token', t.ownerToken)).body).toEqual([]);
    expect((await t.http.put(`/api/presence/pages/${id}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.put(`/api/presence/contents/x1`).set('token', t.ownerToken)).status).toBe(400);
    const formsOnly = await t.userWithRights([RightType.VIEW_FORM]);
    expect((await t.http.put(`/api/presence/contents/${id}`).set('token', formsOnly.token)).status).toBe(403);
    expect((await t.http.put(`/api/presence/contents/${id}`)).status).toBe(401);
    // Heartbeats change no data: the audit log does not hear of them.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "audit_entry" WHERE resource = 'presence'`);
    expect(n).toBe(0);
  });

  describe('the other kinds of record', () => {
    const restore = (url: string) => t.http.post(url).set('token', t.ownerToken);

    it('elements: versions, restore, If-Match', async () => {
      const element = await t.ownerCreates('/api/elements', {
        title: 'Promo',
        block: 'cta',
        content: { title: 'Join', action: { label: 'Go', href: '/join' } },
      });
      const etag = (await get(`/api/elements/${element.id}`)).headers.etag;
      await t.ownerUpdates(`/api/elements/${element.id}`, { title: 'Promo 2', content: { title: 'Join now', action: { label: 'Go', href: '/join' } } });
      expect((await put(`/api/elements/${element.id}`, { title: 'Stale' }, { 'If-Match': etag })).status).toBe(409);
      const versions = await versionsOf(element.id, 'elements');
      expect(versions.map((v) => v.action)).toEqual(['update', 'create']);
      expect((await get(`/api/elements/${element.id}/versions/${versions[1].id}`)).body.state).toMatchObject({ title: 'Promo', content: { title: 'Join' } });
      expect((await restore(`/api/elements/${element.id}/versions/${versions[1].id}/restore`)).body.dropped).toEqual([]);
      expect((await get(`/api/elements/${element.id}`)).body).toMatchObject({ title: 'Promo', content: { title: 'Join' } });
    });

    it('forms: every locale’s fields come back, a locale the version had none in loses its own', async () => {
      const form = await t.ownerCreates('/api/forms', { title: 'Survey', fields: [{ name: 'email', type: 'EMAIL', label: 'E-mail' }] });
      await t.ownerUpdates(`/api/forms/${form.id}?locale=fr`, { fields: [{ name: 'email', type: 'EMAIL', label: 'Courriel' }] });
      await t.ownerUpdates(`/api/forms/${form.id}`, { title: 'Survey 2', fields: [{ name: 'name', type: 'TEXT', label: 'Name' }] });
      const versions = await versionsOf(form.id, 'forms');
      expect(versions.map((v) => [v.action, v.locales])).toEqual([
        ['update', ['en']],
        ['update', ['fr']],
        ['create', ['en']],
      ]);
      expect((await restore(`/api/forms/${form.id}/versions/${versions[2].id}/restore`)).status).toBe(200);
      const en = (await get(`/api/forms/${form.id}`)).body;
      expect(en).toMatchObject({ title: 'Survey', fields: [{ name: 'email', label: 'E-mail' }] });
      expect((await get(`/api/forms/${form.id}?locale=fr`)).body).toMatchObject({ fieldsLocale: 'en' });
      const etag = (await get(`/api/forms/${form.id}`)).headers.etag;
      expect((await put(`/api/forms/${form.id}`, { title: 'Mine' }, { 'If-Match': etag })).status).toBe(200);
      expect((await put(`/api/forms/${form.id}`, { title: 'Stale' }, { 'If-Match': etag })).status).toBe(409);
    });

    it('settings: by id and by name, restored by id', async () => {
      await t.http.put('/api/settings/by-name/versioned').set('token', t.ownerToken).send({ value: 'one' });
      const { id } = (await get('/api/settings/by-name/versioned')).body;
      await t.ownerUpdates(`/api/settings/${id}`, { value: 'two' });
      const versions = await versionsOf(id, 'settings');
      expect(versions.map((v) => v.action)).toEqual(['update', 'update']);
      expect((await restore(`/api/settings/${id}/versions/${versions[1].id}/restore`)).status).toBe(200);
      expect((await get(`/api/settings/${id}`)).body.value).toBe('one');
    });

    it('the layout: one history for every locale, restored in every locale', async () => {
      const header = (html: string, locale = 'en') =>
        t.http
          .post(`/api/layout?locale=${locale}`)
          .set('token', t.ownerToken)
          .send({ sections: [{ type: 'HEADER', block: 'richtext', content: { html } }] });
      expect((await header('<p>First</p>')).status).toBe(200);
      expect((await header('<p>Premier</p>', 'fr')).status).toBe(200);
      expect((await header('<p>Second</p>')).status).toBe(200);
      const answer = await get('/api/layout/versions');
      expect(answer.headers['content-range']).toMatch(/^versions 0-2\/3$/);
      const [, , first] = answer.body;
      const state = (await get(`/api/layout/versions/${first.id}`)).body.state;
      expect(state.locales.fr.sections).toBeNull();
      expect(state.locales.en.sections).toMatchObject([{ type: 'HEADER', content: { html: '<p>First</p>' } }]);
      const etag = (await t.http.get('/api/layout')).headers.etag;
      expect(etag).toMatch(/^"v\d+"$/);
      expect((await restore(`/api/layout/versions/${first.id}/restore`)).status).toBe(200);
      expect((await t.http.get('/api/layout')).body.sections[0].content.html).toBe('<p>First</p>');
      expect((await t.http.get('/api/layout?locale=fr')).body.sections[0].content.html).toBe('<p>First</p>');
      expect((await t.http.post(`/api/layout`).set('token', t.ownerToken).set('If-Match', etag).send({ sections: [] })).status).toBe(409);
      const viewer = await t.userWithRights([RightType.VIEW_LAYOUT]);
      expect((await get('/api/layout/versions', viewer.token)).status).toBe(200);
      expect((await t.http.post(`/api/layout/versions/${first.id}/restore`).set('token', viewer.token)).status).toBe(403);
    });

    it('a container’s page: drafts kept as versions, restored into the draft, publish marked published', async () => {
      const section = (html: string) => [{ block: 'richtext', content: { html } }];
      await t.ownerUpdates(`/api/containers/${blog.id}`, { sections: section('<p>Blog one</p>') });
      let versions = await versionsOf(blog.id, 'containers');
      expect(versions[0]).toMatchObject({ action: 'draft', locales: ['en'] });
      expect((await t.http.post(`/api/containers/${blog.id}/publish`).set('token', t.ownerToken)).status).toBe(200);
      await t.ownerUpdates(`/api/containers/${blog.id}`, { sections: section('<p>Blog two</p>') });
      versions = await versionsOf(blog.id, 'containers');
      expect(versions.slice(0, 3).map((v) => [v.action, v.published])).toEqual([
        ['draft', false],
        ['publish', true],
        ['draft', false],
      ]);
      const published = versions[1];
      expect((await get(`/api/containers/${blog.id}/versions/${published.id}`)).body.state.locales.en.sections).toMatchObject([
        { block: 'richtext', content: { html: '<p>Blog one</p>' } },
      ]);
      await t.ownerUpdates(`/api/containers/${blog.id}`, { sections: section('<p>Blog three</p>') });
      expect((await restore(`/api/containers/${blog.id}/versions/${published.id}/restore`)).status).toBe(200);
      // Restored into the draft: it shows what was published, so no draft is left.
      expect((await get(`/api/containers/${blog.id}`)).body).toMatchObject({ hasDraft: false, sections: [{ content: { html: '<p>Blog one</p>' } }] });
      const etag = (await get(`/api/containers/${blog.id}`)).headers.etag;
      await t.ownerUpdates(`/api/containers/${blog.id}`, { title: 'Blog!' });
      expect((await put(`/api/containers/${blog.id}`, { title: 'Stale' }, { 'If-Match': etag })).status).toBe(409);
    });
  });
});
