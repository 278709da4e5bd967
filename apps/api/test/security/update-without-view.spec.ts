import { FormFieldType, RightType } from '@cms/contracts';
import { contentModel } from '../support/content-model';
import { discoverRoutes } from '../support/routes';
import { useTestApp } from '../support/test-app';

type Json = Record<string, unknown>;

/**
 * Attack: read a record one may not view by updating it. `PUT {}` by a holder of UPDATE_* without
 * VIEW_* used to answer the whole record, guarded fields included; it answers `{ id }` now (what
 * react-admin needs to merge its own copy). Every PUT of the app is in the table below.
 */
describe('an update by someone who may not view the record answers its id only', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
  const cm = contentModel(t);
  let n = 0;
  const unique = (name: string) => `${name}${++n}`;
  const SECRET = 'only-viewers-may-read-this';

  /** PUT route → [rights of a caller that may update but not view, make a record (its URL and id), body]. */
  const puts: Record<string, { rights: RightType[]; make: () => Promise<{ url: string; id: unknown }>; body?: Json; viewable?: boolean }> = {
    'PUT /api/containers/:id': {
      rights: [RightType.UPDATE_CONTAINER],
      make: async () => {
        const c = await cm.container({ title: SECRET, metadata: [{ name: 'description', content: SECRET }] });
        return { url: `/api/containers/${c.id}?locale=en`, id: c.id };
      },
    },
    'PUT /api/contents/:id': {
      rights: [RightType.UPDATE_CONTENT],
      make: async () => {
        const c = await cm.container({ title: unique('Notes'), fields: [{ label: 'Text', name: 'text', type: 'STRING' }] });
        const content = await cm.content({ containerId: c.id, title: SECRET, fields: { text: SECRET } });
        return { url: `/api/contents/${content.id}?locale=en`, id: content.id };
      },
    },
    'PUT /api/elements/:id': {
      rights: [RightType.UPDATE_ELEMENT],
      make: async () => {
        const e = await t.ownerCreates('/api/elements', { title: SECRET, block: 'cta', content: { title: SECRET, action: { label: 'Go', href: '/jobs' } } });
        return { url: `/api/elements/${e.id}`, id: e.id };
      },
    },
    'PUT /api/forms/:id': {
      rights: [RightType.UPDATE_FORM],
      make: async () => {
        const f = await t.ownerCreates('/api/forms', { title: SECRET, fields: [{ name: 'email', type: FormFieldType.EMAIL, label: SECRET }] });
        return { url: `/api/forms/${f.id}?locale=en`, id: f.id };
      },
    },
    'PUT /api/medias/:id': {
      rights: [RightType.UPDATE_MEDIA],
      make: async () => {
        const id = await cm.media('image/png', { en: SECRET });
        return { url: `/api/medias/${id}`, id };
      },
    },
    'PUT /api/redirects/:id': {
      rights: [RightType.UPDATE_CONTENT],
      make: async () => {
        const r = await t.ownerCreates('/api/redirects', { from: `/${unique('old')}`, to: `/${SECRET}` });
        return { url: `/api/redirects/${r.id}`, id: r.id };
      },
    },
    'PUT /api/media-packs/:id': {
      rights: [RightType.UPDATE_MEDIAPACK],
      make: async () => {
        const p = await t.ownerCreates('/api/media-packs', { name: SECRET, mediaIds: [await cm.media()] });
        return { url: `/api/media-packs/${p.id}`, id: p.id };
      },
    },
    'PUT /api/roles/:id': {
      rights: [RightType.UPDATE_ROLE],
      make: async () => {
        const r = await t.ownerCreates<{ id: string }>('/api/roles', { id: unique('secretive'), name: SECRET, rights: [] });
        return { url: `/api/roles/${r.id}`, id: r.id };
      },
    },
    'PUT /api/users/:id': {
      rights: [RightType.UPDATE_USER],
      make: async () => {
        const u = await t.ownerCreates('/api/users', {
          name: SECRET,
          email: `${unique('secret')}@view.test`,
          password: 'password-123',
          roleId: (await t.userWithRights([])).roleId,
        });
        return { url: `/api/users/${u.id}`, id: u.id };
      },
    },
    // Updating these takes the right that views them: the record is answered whole.
    'PUT /api/messages/:id': {
      rights: [RightType.VIEW_MESSAGE],
      viewable: true,
      body: { read: true },
      make: async () => {
        const form = await t.ownerCreates('/api/forms', { title: unique('Survey'), fields: [{ name: 'x', type: FormFieldType.TEXT }] });
        expect((await t.http.post(`/api/forms/${form.id}/messages`).send({ values: { x: SECRET } })).status).toBe(201);
        const [message] = (await cm.as().get(`/api/messages?filter=${encodeURIComponent(JSON.stringify({ formId: form.id }))}`)).body;
        return { url: `/api/messages/${message.id}`, id: message.id };
      },
    },
    'PUT /api/settings/:id': {
      rights: [RightType.ACCESS_SETTINGS],
      viewable: true,
      body: { value: { note: SECRET } },
      make: async () => {
        const s = await t.ownerCreates('/api/settings', { name: unique('secretFlag'), value: { note: SECRET } });
        return { url: `/api/settings/${s.id}`, id: s.id };
      },
    },
    'PUT /api/settings/by-name/:name': {
      rights: [RightType.ACCESS_SETTINGS],
      viewable: true,
      body: { value: { note: SECRET } },
      make: async () => {
        const s = await t.ownerCreates('/api/settings', { name: unique('secretNamed'), value: { note: SECRET } });
        return { url: `/api/settings/by-name/${s.name}`, id: s.id };
      },
    },
    'PUT /api/tokens/:id': {
      rights: [RightType.ACCESS_SETTINGS],
      viewable: true,
      body: { name: SECRET },
      make: async () => {
        const token = await t.ownerCreates('/api/tokens', { name: unique('Token'), roleId: 'super-admin' });
        return { url: `/api/tokens/${token.id}`, id: token.id };
      },
    },
    // ACCESS_SETTINGS opens reading them too; the secret is never answered anyway.
    'PUT /api/webhooks/:id': {
      rights: [RightType.ACCESS_SETTINGS],
      viewable: true,
      body: { url: `https://hooks.example.com/${SECRET}` },
      make: async () => {
        const w = await t.ownerCreates('/api/webhooks', {
          url: 'https://hooks.example.com/cms',
          events: ['content.created'],
          secret: 'whsec_0123456789abcdef',
        });
        return { url: `/api/webhooks/${w.id}`, id: w.id };
      },
    },
  };

  it('covers every PUT of the app that a right opens', () => {
    const routes = discoverRoutes(t.app).filter((r) => r.route.startsWith('PUT ') && r.rule?.kind === 'rights');
    expect(routes.map((r) => r.route).sort()).toEqual(Object.keys(puts).sort());
  });

  it.each(Object.keys(puts).filter((route) => !puts[route].viewable))(
    'attack: %s {} by UPDATE without VIEW answers { id } only, nothing it could not read',
    async (route) => {
      const { rights, make, body } = puts[route];
      const { url, id } = await make();
      const updater = await t.userWithRights(rights);
      expect((await t.http.get(url).set('token', updater.token)).status).toBe(403);
      const res = await t.http
        .put(url)
        .set('token', updater.token)
        .send(body ?? {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id });
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      // Who may view it still gets the record as saved.
      const viewer = await t.userWithRights([...rights, rights[0].replace(/^UPDATE_/, 'VIEW_') as RightType]);
      const whole = await t.http
        .put(url)
        .set('token', viewer.token)
        .send(body ?? {});
      expect(whole.status).toBe(200);
      expect(JSON.stringify(whole.body)).toContain(SECRET);
    },
  );

  it.each(Object.keys(puts).filter((route) => puts[route].viewable))(
    '%s: the right that updates also views, so the record is answered whole',
    async (route) => {
      const { rights, make, body } = puts[route];
      const { url, id } = await make();
      const updater = await t.userWithRights(rights);
      const res = await t.http
        .put(url)
        .set('token', updater.token)
        .send(body ?? {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id });
      expect(JSON.stringify(res.body)).toContain(SECRET);
    },
  );
});
