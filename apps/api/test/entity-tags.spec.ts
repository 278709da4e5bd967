/**
 * Answers integrators can cache (issue 28): every GET under /api answers an ETag, and If-None-Match
 * naming it (weakly, in a list, or `*`) gets a 304 without a body. Records keep their version tags
 * (If-Match still works), a list's tag moves with its Content-Range, and one caller's tag never
 * satisfies another caller's request.
 */
import { contentModel } from './support/content-model';
import { useTestApp } from './support/test-app';

describe('ETag and If-None-Match on GET answers', () => {
  const t = useTestApp();
  const cm = contentModel(t);

  it('tags a public answer by its bytes and answers 304 to If-None-Match: exact, weak, in a list, or *', async () => {
    const first = await t.http.get('/api/theme');
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.vary).toMatch(/token, Authorization/);
    const etag = first.headers.etag;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.http.get('/api/theme').set('If-None-Match', header);
      expect({ header, status: again.status, text: again.text }).toEqual({ header, status: 304, text: '' });
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=60');
    }
    const stale = await t.http.get('/api/theme').set('If-None-Match', '"not-it"');
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });

  it('lets a script of another origin read the tag and send it back', async () => {
    const answer = await t.http.get('/api/theme').set('Origin', 'https://app.example.com');
    expect(answer.headers['access-control-expose-headers']).toMatch(/\bETag\b/);
    const preflight = await t.http
      .options('/api/contents/1')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'if-match, if-none-match, token');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/If-None-Match/);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/If-Match/);
  });

  it('answers HEAD with the same tag, and 304 to it', async () => {
    const get = await t.http.get('/api/settings/public');
    const head = await t.http.head('/api/settings/public');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect((await t.http.head('/api/settings/public').set('If-None-Match', get.headers.etag)).status).toBe(304);
  });

  it("keeps a record's version tag, answers 304 to it, and still refuses a stale If-Match", async () => {
    const container = await cm.container({ slug: 'tagged', published: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const content = await cm.content({ containerId: container.id, title: 'Tagged', slug: 'tagged-1', published: true, fields: { body: 'one' } });
    const read = await cm.as().get(`/api/contents/${content.id}`);
    expect(read.headers.etag).toMatch(/^"v\d+"$/);
    expect((await cm.as().get(`/api/contents/${content.id}`).set('If-None-Match', read.headers.etag)).status).toBe(304);
    await t.ownerUpdates(`/api/contents/${content.id}`, { fields: { body: 'two' } });
    const changed = await cm.as().get(`/api/contents/${content.id}`).set('If-None-Match', read.headers.etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(read.headers.etag);
    const stale = await cm
      .as()
      .put(`/api/contents/${content.id}`, { fields: { body: 'three' } })
      .set('If-Match', read.headers.etag);
    expect(stale.status).toBe(409);
  });

  it('moves a list’s tag with its Content-Range even when the page itself is the same', async () => {
    const container = await cm.container({ slug: 'listed', published: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    await cm.content({ containerId: container.id, title: 'First', slug: 'first', published: true, fields: { body: 'a' } });
    const url = `/api/contents?filter=${encodeURIComponent(JSON.stringify({ containerId: container.id }))}&sort=${encodeURIComponent('["id","ASC"]')}&range=[0,0]`;
    const before = await cm.as().get(url);
    expect(before.headers['content-range']).toMatch(/\/1$/);
    expect((await cm.as().get(url).set('If-None-Match', before.headers.etag)).status).toBe(304);
    await cm.content({ containerId: container.id, title: 'Second', slug: 'second', published: true, fields: { body: 'b' } });
    const after = await cm.as().get(url).set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(after.headers['content-range']).toMatch(/\/2$/);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("never lets one caller's tag answer another caller: signed-in answers are no-store and vary by token", async () => {
    const one = await t.userWithRights([], 'One');
    const two = await t.userWithRights([], 'Two');
    const mine = await t.http.get('/api/me').set('token', one.token);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.vary).toMatch(/token, Authorization/);
    expect((await t.http.get('/api/me').set('token', one.token).set('If-None-Match', mine.headers.etag)).status).toBe(304);
    const theirs = await t.http.get('/api/me').set('token', two.token).set('If-None-Match', mine.headers.etag);
    expect(theirs.status).toBe(200);
    expect(theirs.body.name).toBe('Two');
  });

  it('tags neither writes nor errors', async () => {
    const created = await cm.as().post('/api/redirects', { from: '/etag-old', to: '/etag-new' });
    expect(created.status).toBe(201);
    expect(created.headers.etag).toBeUndefined();
    const missing = await cm.as().get('/api/redirects/999999').set('If-None-Match', '*');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
