import { FormFieldType } from '@cms/contracts';
import { createTestApp, type TestApp } from './support/test-app';

const fields = [
  { name: 'name', type: FormFieldType.TEXT, label: 'Name', required: true, min: 2, max: 50, warningMessage: 'Tell us your name (2 to 50 letters)' },
  { name: 'email', type: FormFieldType.EMAIL, label: 'E-mail', required: true },
  { name: 'phone', type: FormFieldType.PHONENUMBER, label: 'Phone' },
  { name: 'age', type: FormFieldType.NUMBER, label: 'Age', min: 18, max: 120, warningMessage: 'Adults only' },
  { name: 'size', type: FormFieldType.OPTION, options: ['S', 'M', 'L'] },
  { name: 'contact', type: FormFieldType.RADIO, options: ['mail', 'phone'] },
  { name: 'topics', type: FormFieldType.CHECKBOX, options: ['Sales', 'Support', 'Press'], max: 2 },
  { name: 'country', type: FormFieldType.ZOHOOPTIONS, options: ['countries'] },
  { name: 'body', type: FormFieldType.PARAGRAPH, max: 500 },
  { name: 'heading', type: FormFieldType.TITLE, label: 'Write to us' },
  { name: 'send', type: FormFieldType.BUTTON, label: 'Send' },
];
const valid = { name: 'Ann', email: 'ann@example.com' };

describe('public form submissions', () => {
  let t: TestApp;
  let formId: number;
  let ipCounter = 0;
  /** Each test comes from its own address, so the per-IP limit of 5 a minute only bites where meant. */
  const submit = (id: number, body: unknown, options: { ip?: string; locale?: string } = {}) =>
    t.http
      .post(`/api/forms/${id}/messages${options.locale ? `?locale=${options.locale}` : ''}`)
      .set('X-Forwarded-For', options.ip ?? `203.0.113.${++ipCounter}`)
      .send(body as object);
  const messages = async (id: number) =>
    (await t.dataSource.query(`SELECT "value", "read" FROM "message" WHERE "formId" = $1 ORDER BY id`, [id])) as {
      value: Record<string, unknown>;
      read: boolean;
    }[];

  beforeAll(async () => {
    t = await createTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '5', TRUST_PROXY: 'true' });
    await t.http
      .put('/api/settings/by-name/optionLists')
      .set('token', t.ownerToken)
      .send({ value: { countries: ['France', 'Italy'] } });
    const form = await t.http
      .post('/api/forms')
      .set('token', t.ownerToken)
      .send({ title: 'Contact', successMessage: 'Thank you!', errorMessage: 'Please check the form', fields });
    formId = form.body.id;
  });
  afterAll(() => t.close());

  it('stores an accepted submission as one unread message before answering 201 with the successMessage', async () => {
    const values = {
      ...valid,
      phone: '+33 1 23 45 67 89',
      age: '42',
      size: 'M',
      contact: 'mail',
      topics: ['Sales', 'Press'],
      country: 'Italy',
      body: 'Hello\nthere',
    };
    const res = await submit(formId, { values, _hp: '' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Thank you!' });
    const stored = await messages(formId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toEqual({ read: false, value: { ...values, age: 42 } });
  });

  it('answers 400 with each failing field’s warningMessage, or a default that says what is wrong', async () => {
    const before = (await messages(formId)).length;
    const res = await submit(formId, {
      values: {
        name: 'A',
        email: 'not-an-email',
        phone: 'call me',
        age: 12,
        size: 'XL',
        contact: 'pigeon',
        topics: ['Sales', 'Support', 'Press'],
        country: 'Spain',
        heading: 'x',
        extra: 'y',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please check the form');
    expect(res.body.errors).toEqual({
      name: ['Tell us your name (2 to 50 letters)'],
      email: ['Enter a valid e-mail address'],
      phone: ['Enter a valid phone number'],
      age: ['Adults only'],
      size: ['Choose one of the options'],
      contact: ['Choose one of the options'],
      topics: ['Choose at most 2'],
      country: ['Choose one of the options'],
      heading: ['This field takes no value'],
      extra: ['This form has no such field'],
    });
    expect(await messages(formId)).toHaveLength(before);
  });

  it('requires the required fields', async () => {
    const res = await submit(formId, { values: { name: '   ' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: ['Tell us your name (2 to 50 letters)'], email: ['This field is required'] });
  });

  it('checks the values against the locale’s fields, falling back to en', async () => {
    await t.http
      .put(`/api/forms/${formId}?locale=fr`)
      .set('token', t.ownerToken)
      .send({ fields: [{ name: 'nom', type: 'TEXT', required: true }] });
    expect((await submit(formId, { values: { nom: 'Anne' } }, { locale: 'fr' })).status).toBe(201);
    const frWithEnNames = await submit(formId, { values: valid }, { locale: 'fr' });
    expect(frWithEnNames.status).toBe(400);
    expect(frWithEnNames.body.errors).toMatchObject({ nom: ['This field is required'], name: ['This form has no such field'] });
    expect((await submit(formId, { values: valid }, { locale: 'es' })).status).toBe(201);
    expect((await submit(formId, { values: valid }, { locale: 'xx' })).status).toBe(400);
  });

  it('answers a filled honeypot as if accepted, and stores nothing', async () => {
    const before = (await messages(formId)).length;
    const res = await submit(formId, { values: valid, _hp: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Thank you!' });
    expect(await messages(formId)).toHaveLength(before);
  });

  it('refuses submissions to a DISCONTINUED form (409) and to a missing one (404)', async () => {
    const form = await t.http
      .post('/api/forms')
      .set('token', t.ownerToken)
      .send({ title: 'Closed', status: 'DISCONTINUED', fields: [{ name: 'name', type: 'TEXT' }] });
    const res = await submit(form.body.id, { values: { name: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no longer accepts/);
    expect(await messages(form.body.id)).toHaveLength(0);
    expect((await submit(999999, { values: {} })).status).toBe(404);
  });

  it('limits submissions per IP address and per minute (429 with Retry-After), in the database', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 5; i += 1) expect((await submit(formId, { values: valid }, { ip })).status).toBe(201);
    const limited = await submit(formId, { values: valid }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.body.message).toMatch(/Too many/);
    // Another visitor is not affected.
    expect((await submit(formId, { values: valid }, { ip: '198.51.100.8' })).status).toBe(201);
    const [row] = await t.dataSource.query(`SELECT "points" FROM "form_submission_limit" WHERE "key" = $1`, [`ip:${ip}`]);
    expect(row.points).toBe(6);
  });

  describe('bad input', () => {
    it('stores script in a value as inert text', async () => {
      const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
      const res = await submit(formId, { values: { ...valid, body: script } });
      expect(res.status).toBe(201);
      const stored = await messages(formId);
      expect(stored[stored.length - 1].value.body).toBe(script);
    });

    it('refuses CR/LF in an e-mail value', async () => {
      const res = await submit(formId, { values: { name: 'Ann', email: 'ann@example.com\r\nBcc: victim@example.com' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: ['Enter a valid e-mail address'] });
    });

    it('refuses 10,000 values with a 400 and no per-value error list', async () => {
      const values = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`v${i}`, 'x']));
      const res = await submit(formId, { values });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/at most 100 values/);
    });

    it.each([
      ['a body without values', { name: 'Ann' }],
      ['values that are a list', { values: ['Ann'] }],
      ['values that are text', { values: 'name=Ann' }],
      ['an extra top-level property', { values: valid, isAdmin: true }],
      ['a honeypot that is not text', { values: valid, _hp: { a: 1 } }],
      ['a number where text belongs', { values: { name: 12345, email: 'ann@example.com' } }],
      ['an object where text belongs', { values: { name: { $gt: '' }, email: 'ann@example.com' } }],
      ['a list where one option belongs', { values: { ...valid, size: ['S', 'M'] } }],
      ['an option that is not among the options', { values: { ...valid, topics: ['Sales', 'Hacking'] } }],
      ['a NUL character', { values: { ...valid, body: 'a\u0000b' } }],
      ['a text over its maximum', { values: { ...valid, body: 'x'.repeat(501) } }],
      ['a number as an infinite text', { values: { ...valid, age: '1e400' } }],
    ])('answers 400 for %s', async (_label, body) => {
      const res = await submit(formId, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ statusCode: 400, message: expect.any(String) }));
    });

    it('answers 400 for malformed JSON, a __proto__ key and a bad form id, never 500', async () => {
      const raw = (body: string) =>
        t.http.post(`/api/forms/${formId}/messages`).set('X-Forwarded-For', '192.0.2.1').set('Content-Type', 'application/json').send(body);
      expect((await raw('{"values": {')).status).toBe(400);
      expect((await raw('{"values": {"__proto__": {"polluted": true}}}')).status).toBe(400);
      expect((await raw('null')).status).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((await submit(0, { values: valid })).status).toBe(400);
      expect((await t.http.post('/api/forms/abc/messages').send({ values: valid })).status).toBe(400);
    });
  });
});
