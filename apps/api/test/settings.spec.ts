import { contentModel } from './support/content-model';
import { RightType } from '@cms/contracts';
import { useTestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('settings API', () => {
  const t = useTestApp();
  const { events } = t;
  beforeEach(() => (events.length = 0));

  const post = (body: unknown) =>
    t.http
      .post('/api/settings')
      .set('token', t.ownerToken)
      .send(body as object);
  const put = (name: string, value: unknown) => t.http.put(`/api/settings/by-name/${name}`).set('token', t.ownerToken).send({ value });

  it('creates, reads, updates and deletes a setting in the ra-data-simple-rest dialect', async () => {
    const created = await post({ name: 'footer.links', value: [{ label: 'Home', href: '/' }] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'footer.links', value: [{ label: 'Home', href: '/' }], updatedAt: expect.any(String) });
    const id = created.body.id;
    expect((await t.http.get(`/api/settings/${id}`).set('token', t.ownerToken)).body.value).toEqual([{ label: 'Home', href: '/' }]);
    const updated = await t.http
      .put(`/api/settings/${id}`)
      .set('token', t.ownerToken)
      .send({ value: { nested: { deep: [1, 'two', null, true] } } });
    expect(updated.status).toBe(200);
    expect(updated.body.value).toEqual({ nested: { deep: [1, 'two', null, true] } });
    const list = await t.http.get(`/api/settings?filter=${q({ q: 'footer' })}&sort=${q(['name', 'ASC'])}`).set('token', t.ownerToken);
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['footer.links']);
    expect(list.headers['content-range']).toBe('settings 0-0/1');
    const removed = await t.http.delete(`/api/settings/${id}`).set('token', t.ownerToken);
    expect(removed.status).toBe(200);
    expect(removed.body.name).toBe('footer.links');
    expect((await t.http.get(`/api/settings/${id}`).set('token', t.ownerToken)).status).toBe(404);
    expect(events).toEqual([]);
  });

  it('answers 409 for a second setting of the same name, and PUT by name creates or replaces', async () => {
    expect((await post({ name: 'once', value: 1 })).status).toBe(201);
    expect((await post({ name: 'once', value: 2 })).status).toBe(409);
    expect((await put('once', 3)).body).toMatchObject({ name: 'once', value: 3 });
    expect((await put('fresh', 'new')).body).toMatchObject({ name: 'fresh', value: 'new' });
    expect((await t.http.get('/api/settings/by-name/fresh').set('token', t.ownerToken)).body.value).toBe('new');
    expect((await t.http.get('/api/settings/by-name/missing').set('token', t.ownerToken)).status).toBe(404);
  });

  it('stores theme colours that GET /api/theme answers, and purges public pages', async () => {
    expect((await put('primaryColor', '#ff0000')).body.value).toBe('#FF0000');
    expect((await put('backgroundColor', '#101010')).status).toBe(200);
    expect((await t.http.get('/api/theme')).body).toEqual({ primaryColor: '#FF0000', backgroundColor: '#101010' });
    expect(events).toEqual([{ scope: 'all' }, { scope: 'all' }]);
  });

  it('purges public pages for the site name, cookie text and default locale, not for free settings', async () => {
    await put('siteName', { en: 'My site', fr: 'Mon site' });
    await put('cookieConsentText', { en: 'We use cookies.' });
    await put('defaultLocale', 'fr');
    expect(events).toHaveLength(3);
    events.length = 0;
    await put('internal.note', 'x');
    expect(events).toEqual([]);
  });

  it('answers the public settings to anyone, with defaults where unset', async () => {
    const res = await t.http.get('/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      siteName: { en: 'My site', fr: 'Mon site' },
      defaultLocale: 'fr',
      cookieConsentText: { en: 'We use cookies.' },
      primaryColor: '#FF0000',
      backgroundColor: '#101010',
      logo: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('internal.note');
  });

  it('answers the logo the site shows, purges the pages when it changes, and keeps its media from deletion', async () => {
    const image = await contentModel(t).media('image/png', { en: 'Our logo', fr: 'Notre logo' });
    events.length = 0;
    await put('logoMediaId', image);
    expect(events).toEqual([{ scope: 'all' }]);
    const res = await t.http.get('/api/settings/public');
    expect(res.body.logo).toEqual({ uri: expect.any(String), mimeType: 'image/png', width: 640, height: 480, alt: { en: 'Our logo', fr: 'Notre logo' } });
    const removal = await t.http.delete(`/api/medias/${image}`).set('token', t.ownerToken);
    expect(removal.status).toBe(409);
    expect(JSON.stringify(removal.body)).toContain('the site logo');
    // A logo that names no image is refused, and the logo stays.
    const missing = await put('logoMediaId', 999999);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.value[0]).toContain('no image has the id 999999');
    expect((await t.http.get('/api/settings/public')).body.logo).not.toBeNull();
    // null takes the logo away (the Settings screen's empty choice) and frees its media.
    events.length = 0;
    const cleared = await put('logoMediaId', null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.value).toBeNull();
    expect(events).toEqual([{ scope: 'all' }]);
    expect((await t.http.get('/api/settings/public')).body.logo).toBeNull();
    expect((await t.http.delete(`/api/medias/${image}`).set('token', t.ownerToken)).status).toBe(200);
    // Without the setting, none either.
    events.length = 0;
    expect((await t.http.delete(`/api/settings/${cleared.body.id}`).set('token', t.ownerToken)).status).toBe(200);
    expect(events).toEqual([{ scope: 'all' }]);
    expect((await t.http.get('/api/settings/public')).body.logo).toBeNull();
  });

  it('takes null only for the image settings: any other setting is deleted instead', async () => {
    expect((await put('faviconMediaId', null)).status).toBe(200);
    const id = (await put('note.null', 'x')).body.id;
    for (const res of [
      await put('siteName', null),
      await put('note.null', null),
      await t.http.put(`/api/settings/${id}`).set('token', t.ownerToken).send({ value: null }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.errors.value[0]).toContain('delete the setting instead');
    }
    const text = await contentModel(t).media('text/plain');
    const notImage = await put('faviconMediaId', text);
    expect(notImage.status).toBe(400);
    expect(notImage.body.errors.value[0]).toContain('must be the id of an image media');
    expect((await put('faviconMediaId', '3')).status).toBe(400);
  });

  it.each([
    ['siteName', { de: 'Seite' }],
    ['siteName', 'My site'],
    ['cookieConsentText', { en: 5 }],
    ['primaryColor', 'red'],
    ['primaryColor', '#12345'],
    ['backgroundColor', 'url(javascript:alert(1))'],
    ['defaultLocale', 'de'],
    ['smtpSender', 'not-an-email'],
    ['smtpSender', 'a@example.com\r\nBcc: b@example.com'],
    ['optionLists', ['France']],
    ['optionLists', { countries: [1, 2] }],
    ['free', 'x'.repeat(70_000)],
    ['free', 'a\u0000b'],
  ])('refuses %s = %j with a 400 naming the value', async (name, value) => {
    const res = await put(name, value);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('value');
  });

  it.each([
    ['a name with spaces', { name: 'a b', value: 1 }],
    ['a missing value', { name: 'a' }],
    ['a null value', { name: 'a', value: null }],
    ['an unknown property', { name: 'a', value: 1, secret: true }],
    ['a known name with a bad value', { name: 'primaryColor', value: 'blue' }],
  ])('refuses to create a setting with %s', async (_label, body) => {
    expect((await post(body)).status).toBe(400);
  });

  it('refuses renaming a setting onto a known name with a value of the wrong type', async () => {
    const created = await post({ name: 'colour.draft', value: 'blue' });
    const res = await t.http.put(`/api/settings/${created.body.id}`).set('token', t.ownerToken).send({ name: 'primaryColor', value: 'blue' });
    expect(res.status).toBe(400);
  });

  it('answers 400 for bad ids, names and list parameters', async () => {
    expect((await t.http.get('/api/settings/abc').set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.put('/api/settings/by-name/bad%20name').set('token', t.ownerToken).send({ value: 1 })).status).toBe(400);
    expect((await t.http.get(`/api/settings?sort=${q(['value', 'ASC'])}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get(`/api/settings?filter=${q({ value: 'x' })}`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('needs ACCESS_SETTINGS for everything but the public settings', async () => {
    const other = await t.userWithRights([RightType.VIEW_FORM, RightType.REVALIDATION]);
    expect((await t.http.get('/api/settings').set('token', other.token)).status).toBe(403);
    expect(
      (
        await t.http
          .put('/api/settings/by-name/siteName')
          .set('token', other.token)
          .send({ value: { en: 'x' } })
      ).status,
    ).toBe(403);
    const admin = await t.userWithRights([RightType.ACCESS_SETTINGS]);
    expect((await t.http.get('/api/settings').set('token', admin.token)).status).toBe(200);
    expect(
      (
        await t.http
          .put('/api/settings/by-name/siteName')
          .set('token', admin.token)
          .send({ value: { en: 'Renamed' } })
      ).status,
    ).toBe(200);
    expect((await t.http.get('/api/settings')).status).toBe(401);
    expect((await t.http.get('/api/settings/public')).status).toBe(200);
  });

  it('answers the option lists to any signed-in user, so that an editor without ACCESS_SETTINGS can pick from them', async () => {
    const editor = await t.userWithRights([RightType.UPDATE_CONTENT]);
    expect((await t.http.get('/api/settings/option-lists')).status).toBe(401);
    expect((await put('optionLists', { countries: ['France', 'Italy'] })).status).toBe(200);
    const lists = await t.http.get('/api/settings/option-lists').set('token', editor.token);
    expect(lists.status).toBe(200);
    expect(lists.body).toEqual({ countries: ['France', 'Italy'] });
  });
});

describe('configurators API', () => {
  const t = useTestApp();

  it('stores and answers its JSON data as given, with CRUD for the super-admin', async () => {
    const data = { steps: [{ title: 'Size', choices: ['S', 'M'], price: 12.5 }], enabled: true, note: null };
    const created = await t.http.post('/api/configurators').set('token', t.ownerToken).send({ data });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), data });
    const id = created.body.id;
    expect((await t.http.get(`/api/configurators/${id}`).set('token', t.ownerToken)).body.data).toEqual(data);
    const list = await t.http.get('/api/configurators').set('token', t.ownerToken);
    expect(list.headers['content-range']).toBe('configurators 0-0/1');
    const updated = await t.http
      .put(`/api/configurators/${id}`)
      .set('token', t.ownerToken)
      .send({ data: { replaced: [1, [2, [3]]] } });
    expect(updated.body).toEqual({ id, data: { replaced: [1, [2, [3]]] } });
    expect((await t.http.delete(`/api/configurators/${id}`).set('token', t.ownerToken)).body).toEqual({ id, data: { replaced: [1, [2, [3]]] } });
    expect((await t.http.get(`/api/configurators/${id}`).set('token', t.ownerToken)).status).toBe(404);
  });

  it.each([
    ['data that is a list', { data: [1, 2] }],
    ['data that is text', { data: 'x' }],
    ['no data', {}],
    ['an unknown property', { data: {}, id: 5 }],
    ['data over 256 KiB', { data: { blob: 'x'.repeat(300 * 1024) } }],
    ['a NUL character', { data: { a: 'x\u0000' } }],
  ])('refuses %s with a 400', async (_label, body) => {
    const res = await t.http.post('/api/configurators').set('token', t.ownerToken).send(body);
    expect(res.status).toBe(400);
  });

  it('is for the super-admin only, whatever rights a role holds', async () => {
    const everything = await t.userWithRights([RightType.ACCESS_SETTINGS, RightType.VIEW_FORM, RightType.UPDATE_LAYOUT]);
    const res = await t.http.get('/api/configurators').set('token', everything.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/super-admin/);
    expect((await t.http.post('/api/configurators').set('token', everything.token).send({ data: {} })).status).toBe(403);
    expect((await t.http.get('/api/configurators')).status).toBe(401);
  });
});
