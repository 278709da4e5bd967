import { FormFieldType, RightType, Status } from '@cms/contracts';
import { useTestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

const contactFields = [
  { name: 'name', type: FormFieldType.TEXT, label: 'Name', required: true, position: 0, max: 100, warningMessage: 'Tell us your name' },
  { name: 'email', type: FormFieldType.EMAIL, label: 'E-mail', required: true, position: 1 },
  { name: 'topic', type: FormFieldType.RADIO, label: 'Topic', options: ['Sales', 'Support'], position: 2 },
  { name: 'send', type: FormFieldType.BUTTON, label: 'Send', position: 3 },
];

describe('forms API', () => {
  const t = useTestApp();
  const { events } = t;

  const create = (body: object, locale?: string) =>
    t.http
      .post(`/api/forms${locale ? `?locale=${locale}` : ''}`)
      .set('token', t.ownerToken)
      .send(body);

  it('creates a form with its fields in one call and answers them in order', async () => {
    const res = await create({ title: 'Contact', sendMail: true, sendTo: 'team@example.com', successMessage: 'Thanks!', fields: [...contactFields].reverse() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Contact',
      sendMail: true,
      sendTo: 'team@example.com',
      successMessage: 'Thanks!',
      errorMessage: null,
      status: 'AVAILABLE',
      locale: 'en',
      fieldsLocale: 'en',
      locales: ['en'],
    });
    expect(res.body.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'email', 'topic', 'send']);
    expect(res.body.fields[0]).toEqual({
      id: expect.any(Number),
      name: 'name',
      type: 'TEXT',
      label: 'Name',
      placeholder: null,
      position: 0,
      line: 0,
      options: null,
      min: null,
      max: 100,
      defaultText: null,
      defaultNumber: null,
      defaultMultiple: null,
      required: true,
      warningMessage: 'Tell us your name',
    });
  });

  it('keeps fields per locale and falls back to en where a locale has none', async () => {
    const form = (await create({ title: 'Per locale', fields: contactFields })).body;
    const fr = await t.http.get(`/api/forms/${form.id}?locale=fr`).set('token', t.ownerToken);
    expect(fr.body).toMatchObject({ locale: 'fr', fieldsLocale: 'en', locales: ['en'] });
    const put = await t.http
      .put(`/api/forms/${form.id}?locale=fr`)
      .set('token', t.ownerToken)
      .send({ fields: [{ name: 'nom', type: 'TEXT', label: 'Nom', required: true }] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ locale: 'fr', fieldsLocale: 'fr', locales: ['en', 'fr'] });
    expect(put.body.fields.map((f: { name: string }) => f.name)).toEqual(['nom']);
    const en = await t.http.get(`/api/forms/${form.id}`).set('token', t.ownerToken);
    expect(en.body.fields).toHaveLength(4);
    expect((await t.http.get(`/api/forms/${form.id}?locale=de`).set('token', t.ownerToken)).status).toBe(400);
  });

  it('updates fields in place by id, adds new ones and drops the missing, in one transaction', async () => {
    const form = (await create({ title: 'Edit me', fields: contactFields })).body;
    const [name, email] = form.fields;
    const res = await t.http
      .put(`/api/forms/${form.id}`)
      .set('token', t.ownerToken)
      .send({
        title: 'Edited',
        fields: [
          { ...withoutId(email), id: email.id, label: 'Your e-mail' },
          { ...withoutId(name), id: name.id, position: 5 },
          { name: 'phone', type: 'PHONENUMBER', position: 9 },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Edited');
    expect(res.body.fields.map((f: { id: number; name: string; label: string }) => [f.id, f.name, f.label])).toEqual([
      [email.id, 'email', 'Your e-mail'],
      [name.id, 'name', 'Name'],
      [expect.any(Number), 'phone', null],
    ]);
    // A refused field leaves everything as it was.
    const bad = await t.http
      .put(`/api/forms/${form.id}`)
      .set('token', t.ownerToken)
      .send({
        title: 'Not saved',
        fields: [
          { name: 'x', type: 'TEXT' },
          { id: 999999, name: 'y', type: 'TEXT' },
        ],
      });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty(['fields.1.id']);
    const after = await t.http.get(`/api/forms/${form.id}`).set('token', t.ownerToken);
    expect(after.body.title).toBe('Edited');
    expect(after.body.fields).toHaveLength(3);
  });

  it.each([
    [
      'a repeated name',
      [
        { name: 'a', type: 'TEXT' },
        { name: 'A', type: 'TEXT' },
      ],
      'fields.1.name',
    ],
    ['an unsafe name', [{ name: 'a b<script>', type: 'TEXT' }], 'fields.0.name'],
    ['a reserved name', [{ name: 'constructor', type: 'TEXT' }], 'fields.0.name'],
    ['an OPTION without options', [{ name: 'a', type: 'OPTION' }], 'fields.0.options'],
    ['a CHECKBOX with empty options', [{ name: 'a', type: 'CHECKBOX', options: [] }], 'fields.0.options'],
    ['a RADIO with repeated options', [{ name: 'a', type: 'RADIO', options: ['x', 'x'] }], 'fields.0.options'],
    ['min above max', [{ name: 'a', type: 'NUMBER', min: 10, max: 1 }], 'fields.0.max'],
    ['a negative text length', [{ name: 'a', type: 'TEXT', min: -1 }], 'fields.0.min'],
    ['an unknown type', [{ name: 'a', type: 'SLIDER' }], 'fields.0.type'],
    ['a required BUTTON', [{ name: 'go', type: 'BUTTON', required: true }], 'fields.0.required'],
    ['a ZOHOOPTIONS without a list key', [{ name: 'a', type: 'ZOHOOPTIONS' }], 'fields.0.options'],
    ['an unknown property', [{ name: 'a', type: 'TEXT', onclick: 'x' }], 'fields.0.onclick'],
    ['a label with a line break', [{ name: 'a', type: 'TEXT', label: 'a\r\nb' }], 'fields.0.label'],
  ])('refuses a field definition with %s (400 naming it)', async (_label, fields, key) => {
    const res = await create({ title: 'Bad', fields });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty([key]);
  });

  it.each([
    ['sendMail without sendTo', { title: 'X', sendMail: true }, 'sendTo'],
    ['a sendTo that is not an e-mail', { title: 'X', sendMail: true, sendTo: 'team' }, 'sendTo'],
    ['a sendTo with a header injection', { title: 'X', sendMail: true, sendTo: 'a@example.com\r\nBcc: b@example.com' }, 'sendTo'],
    ['a title with a line break', { title: 'X\nY' }, 'title'],
    ['an empty title', { title: '' }, 'title'],
    ['an unknown status', { title: 'X', status: 'DRAFT' }, 'status'],
    ['fields that are not a list', { title: 'X', fields: { name: 'a' } }, 'fields'],
    ['101 fields', { title: 'X', fields: Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, type: 'TEXT' })) }, 'fields'],
  ])('refuses a form with %s', async (_label, body, key) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty([key]);
  });

  it('refuses to turn sendMail on for a form without sendTo', async () => {
    const form = (await create({ title: 'No mail' })).body;
    const res = await t.http.put(`/api/forms/${form.id}`).set('token', t.ownerToken).send({ sendMail: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('sendTo');
  });

  it('lists in the ra-data-simple-rest dialect with filters, sort and Content-Range', async () => {
    await create({ title: 'Zeta list', status: Status.DISCONTINUED });
    await create({ title: 'alpha list' });
    const res = await t.http.get(`/api/forms?filter=${q({ q: 'list' })}&sort=${q(['title', 'ASC'])}&range=${q([0, 0])}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body.map((f: { title: string }) => f.title)).toEqual(['alpha list']);
    expect(res.headers['content-range']).toBe('forms 0-0/2');
    expect(res.body[0]).not.toHaveProperty('fields');
    const discontinued = await t.http.get(`/api/forms?filter=${q({ status: 'DISCONTINUED' })}`).set('token', t.ownerToken);
    expect(discontinued.body.map((f: { title: string }) => f.title)).toEqual(['Zeta list']);
    for (const bad of [`sort=${q(['sendTo', 'ASC'])}`, `filter=${q({ sendTo: 'x' })}`, `filter=${q({ status: 'DRAFT' })}`, 'range=[0']) {
      expect({ bad, status: (await t.http.get(`/api/forms?${bad}`).set('token', t.ownerToken)).status }).toEqual({ bad, status: 400 });
    }
  });

  it('answers 404 for a missing form and 400 for a bad id', async () => {
    expect((await t.http.get('/api/forms/999999').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.put('/api/forms/999999').set('token', t.ownerToken).send({ title: 'x' })).status).toBe(404);
    expect((await t.http.delete('/api/forms/999999').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.get('/api/forms/abc').set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get('/api/forms/0/public')).status).toBe(400);
  });

  it('deletes an unused form with its fields and messages, answering the record', async () => {
    const form = (await create({ title: 'Short-lived', fields: contactFields })).body;
    await t.dataSource.query(`INSERT INTO "message" ("formId", "value") VALUES ($1, '{"name":"x"}')`, [form.id]);
    events.length = 0;
    const res = await t.http.delete(`/api/forms/${form.id}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: form.id, title: 'Short-lived' });
    expect(events).toEqual([{ scope: 'all' }]);
    expect(await t.dataSource.query(`SELECT id FROM "form_field" WHERE "formId" = $1`, [form.id])).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM "message" WHERE "formId" = $1`, [form.id])).toEqual([]);
  });

  it('answers 409 naming the elements and sections that use a form it is asked to delete', async () => {
    const form = (await create({ title: 'In use' })).body;
    const [element] = await t.dataSource.query(`INSERT INTO "element" ("title", "block", "formId") VALUES ('Footer contact', 'form', $1) RETURNING id`, [
      form.id,
    ]);
    const [section] = await t.dataSource.query(`INSERT INTO "section" ("type", "block", "formId", "lang") VALUES ('FOOTER', 'form', $1, 'fr') RETURNING id`, [
      form.id,
    ]);
    const res = await t.http.delete(`/api/forms/${form.id}`).set('token', t.ownerToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`element #${element.id} "Footer contact"`);
    expect(res.body.message).toContain(`section #${section.id} (FOOTER, fr of the layout)`);
    expect(res.body.errors).toEqual({ elements: [`element #${element.id} "Footer contact"`], sections: [`section #${section.id} (FOOTER, fr of the layout)`] });
    expect((await t.http.get(`/api/forms/${form.id}`).set('token', t.ownerToken)).status).toBe(200);
    await t.dataSource.query(`DELETE FROM "section" WHERE id = $1`, [section.id]);
    await t.dataSource.query(`DELETE FROM "element" WHERE id = $1`, [element.id]);
    expect((await t.http.delete(`/api/forms/${form.id}`).set('token', t.ownerToken)).status).toBe(200);
  });

  it('purges public pages when a form changes', async () => {
    const form = (await create({ title: 'Shown on pages' })).body;
    events.length = 0;
    await t.http.put(`/api/forms/${form.id}`).set('token', t.ownerToken).send({ status: 'DISCONTINUED' });
    expect(events).toEqual([{ scope: 'all' }]);
  });

  it('shows an AVAILABLE form to anonymous visitors without its mail settings, and hides a DISCONTINUED one', async () => {
    const form = (await create({ title: 'Public', sendMail: true, sendTo: 'secret@example.com', fields: contactFields })).body;
    const res = await t.http.get(`/api/forms/${form.id}/public?locale=it`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: form.id, title: 'Public', locale: 'en', honeypot: '_hp' });
    expect(res.body.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'email', 'topic', 'send']);
    expect(res.body.fields[0]).not.toHaveProperty('id');
    expect(JSON.stringify(res.body)).not.toContain('secret@example.com');
    await t.http.put(`/api/forms/${form.id}`).set('token', t.ownerToken).send({ status: 'DISCONTINUED' });
    expect((await t.http.get(`/api/forms/${form.id}/public`)).status).toBe(404);
  });

  it('enforces VIEW_, CREATE_, UPDATE_ and DELETE_FORM', async () => {
    const form = (await create({ title: 'Guarded' })).body;
    const viewer = await t.userWithRights([RightType.VIEW_FORM]);
    expect((await t.http.get('/api/forms').set('token', viewer.token)).status).toBe(200);
    expect((await t.http.get(`/api/forms/${form.id}`).set('token', viewer.token)).status).toBe(200);
    const denied = await t.http.post('/api/forms').set('token', viewer.token).send({ title: 'x' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/CREATE_FORM/);
    expect((await t.http.put(`/api/forms/${form.id}`).set('token', viewer.token).send({ title: 'x' })).status).toBe(403);
    expect((await t.http.delete(`/api/forms/${form.id}`).set('token', viewer.token)).status).toBe(403);
    const editor = await t.userWithRights([RightType.CREATE_FORM, RightType.UPDATE_FORM, RightType.DELETE_FORM]);
    expect((await t.http.get('/api/forms').set('token', editor.token)).status).toBe(403);
    const made = await t.http.post('/api/forms').set('token', editor.token).send({ title: 'By editor' });
    expect(made.status).toBe(201);
    expect((await t.http.put(`/api/forms/${made.body.id}`).set('token', editor.token).send({ title: 'Renamed' })).status).toBe(200);
    expect((await t.http.delete(`/api/forms/${made.body.id}`).set('token', editor.token)).status).toBe(200);
    expect((await t.http.get('/api/forms')).status).toBe(401);
  });

  it('documents every forms, messages, settings and configurators route in OpenAPI with its payloads', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
            responses: Record<string, { content?: Record<string, { schema: { $ref?: string; items?: { $ref?: string } } }> }>;
          }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const body = (path: string, method: string) => doc.paths[path]?.[method]?.requestBody?.content['application/json'].schema.$ref;
    const answer = (path: string, method: string, status: string) => {
      const schema = doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
      return schema?.$ref ?? schema?.items?.$ref;
    };
    expect(answer('/api/forms', 'get', '200')).toBe('#/components/schemas/FormListItemDto');
    expect(body('/api/forms', 'post')).toBe('#/components/schemas/CreateFormDto');
    expect(answer('/api/forms/{id}', 'get', '200')).toBe('#/components/schemas/FormDto');
    expect(body('/api/forms/{id}', 'put')).toBe('#/components/schemas/UpdateFormDto');
    expect(answer('/api/forms/{id}', 'delete', '200')).toBe('#/components/schemas/FormDto');
    expect(answer('/api/forms/{id}/public', 'get', '200')).toBe('#/components/schemas/PublicFormDto');
    expect(body('/api/forms/{id}/messages', 'post')).toBe('#/components/schemas/FormSubmissionDto');
    expect(answer('/api/forms/{id}/messages', 'post', '201')).toBe('#/components/schemas/FormSubmissionResponseDto');
    expect(Object.keys(doc.paths['/api/forms/{id}/messages'].post.responses).sort()).toEqual(['201', '400', '401', '403', '404', '409', '413', '429']);
    expect(answer('/api/messages', 'get', '200')).toBe('#/components/schemas/MessageDto');
    expect(body('/api/messages/{id}', 'put')).toBe('#/components/schemas/UpdateMessageDto');
    expect(doc.paths['/api/messages/export'].get.responses['200'].content).toHaveProperty('text/csv');
    expect(answer('/api/settings', 'get', '200')).toBe('#/components/schemas/SettingDto');
    expect(body('/api/settings', 'post')).toBe('#/components/schemas/CreateSettingDto');
    expect(body('/api/settings/{id}', 'put')).toBe('#/components/schemas/UpdateSettingDto');
    expect(body('/api/settings/by-name/{name}', 'put')).toBe('#/components/schemas/SettingValueDto');
    expect(answer('/api/settings/public', 'get', '200')).toBe('#/components/schemas/PublicSettingsDto');
    expect(body('/api/configurators', 'post')).toBe('#/components/schemas/ConfiguratorBodyDto');
    expect(answer('/api/configurators/{id}', 'get', '200')).toBe('#/components/schemas/ConfiguratorDto');
    expect(Object.keys(doc.components.schemas.FormFieldInputDto.properties ?? {})).toEqual(
      expect.arrayContaining([
        'name',
        'type',
        'label',
        'placeholder',
        'position',
        'line',
        'options',
        'min',
        'max',
        'defaultText',
        'defaultNumber',
        'defaultMultiple',
        'required',
        'warningMessage',
      ]),
    );
    expect(doc.components.schemas.FormSubmissionDto.properties).toHaveProperty('_hp');
  });
});

function withoutId<T extends { id?: number }>(field: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = field;
  return rest;
}
