import { FormFieldType, RightType } from '@cms/contracts';
import { asText as binary, parseCsv } from './support/csv';
import { useTestApp } from './support/test-app';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('messages API', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
  let formId: number;
  let otherFormId: number;
  const submit = (id: number, values: Record<string, unknown>) => t.http.post(`/api/forms/${id}/messages`).send({ values });

  beforeAll(async () => {
    const fields = [
      { name: 'name', type: FormFieldType.TEXT, position: 1 },
      { name: 'score', type: FormFieldType.NUMBER, position: 2 },
      { name: 'tags', type: FormFieldType.CHECKBOX, options: ['=cmd', 'b'], position: 3 },
    ];
    formId = (await t.ownerCreates('/api/forms', { title: 'Survey', fields })).id;
    otherFormId = (await t.ownerCreates('/api/forms', { title: 'Other', fields: [{ name: 'x', type: 'TEXT' }] })).id;
    expect((await submit(formId, { name: 'Ann', score: 3 })).status).toBe(201);
    expect((await submit(formId, { name: '=HYPERLINK("http://evil.example","click")', score: -2, tags: ['=cmd', 'b'] })).status).toBe(201);
    expect((await submit(formId, { name: 'Line\nbreak, "quoted"' })).status).toBe(201);
    expect((await submit(otherFormId, { x: 'elsewhere' })).status).toBe(201);
  });

  it('lists a form’s messages with the form title, newest first, in the ra-data-simple-rest dialect', async () => {
    const res = await t.http.get(`/api/messages?filter=${q({ formId })}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('messages 0-2/3');
    expect(res.body.map((m: { value: { name: string } }) => m.value.name)).toEqual([
      'Line\nbreak, "quoted"',
      '=HYPERLINK("http://evil.example","click")',
      'Ann',
    ]);
    expect(res.body[2]).toEqual({
      id: expect.any(Number),
      formId,
      formTitle: 'Survey',
      read: false,
      value: { name: 'Ann', score: 3 },
      createdAt: expect.any(String),
      mailStatus: null,
    });
  });

  it('toggles read with PUT {read} and filters by it', async () => {
    const [first] = (await t.http.get(`/api/messages?filter=${q({ formId })}&sort=${q(['id', 'ASC'])}`).set('token', t.ownerToken)).body;
    const res = await t.http.put(`/api/messages/${first.id}`).set('token', t.ownerToken).send({ read: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, read: true });
    const unread = await t.http.get(`/api/messages?filter=${q({ formId, read: false })}`).set('token', t.ownerToken);
    expect(unread.body.map((m: { id: number }) => m.id)).not.toContain(first.id);
    expect(unread.headers['content-range']).toBe('messages 0-1/2');
    expect((await t.http.put(`/api/messages/${first.id}`).set('token', t.ownerToken).send({ read: false })).body.read).toBe(false);
    expect((await t.http.put(`/api/messages/${first.id}`).set('token', t.ownerToken).send({ read: 'yes' })).status).toBe(400);
    // What the visitor sent is read-only: sent back (or changed), it is ignored; a property no answer has is refused.
    const resent = await t.http
      .put(`/api/messages/${first.id}`)
      .set('token', t.ownerToken)
      .send({ ...first, read: false, value: {} });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ read: false, value: first.value });
    expect((await t.http.put(`/api/messages/${first.id}`).set('token', t.ownerToken).send({ read: true, values: {} })).status).toBe(400);
    expect((await t.http.put('/api/messages/999999').set('token', t.ownerToken).send({ read: true })).status).toBe(404);
  });

  it('searches message values with q and refuses unknown sorts and filters', async () => {
    const res = await t.http.get(`/api/messages?filter=${q({ q: 'elsewhere' })}`).set('token', t.ownerToken);
    expect(res.body.map((m: { formId: number }) => m.formId)).toEqual([otherFormId]);
    for (const bad of [
      `sort=${q(['value', 'ASC'])}`,
      `filter=${q({ value: 'x' })}`,
      `filter=${q({ formId: 'abc' })}`,
      `filter=${q({ read: 'maybe' })}`,
      'range=[0,9999]',
    ]) {
      expect({ bad, status: (await t.http.get(`/api/messages?${bad}`).set('token', t.ownerToken)).status }).toEqual({ bad, status: 400 });
    }
    expect((await t.http.get('/api/messages/abc').set('token', t.ownerToken)).status).toBe(400);
  });

  it('exports a form’s messages as a streamed CSV attachment, protected against formula injection', async () => {
    const res = await t.http.get(`/api/messages/export?formId=${formId}`).set('token', t.ownerToken).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="form-${formId}-messages.csv"`);
    // Streamed: no Content-Length is known in advance.
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    const text = res.body as string;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['id', 'createdAt', 'read', 'name', 'score', 'tags']);
    expect(rows.slice(1).map((r) => r.slice(3))).toEqual([
      ['Ann', '3', ''],
      [`'=HYPERLINK("http://evil.example","click")`, '-2', `'=cmd; b`],
      ['Line\nbreak, "quoted"', '', ''],
    ]);
    expect(rows.slice(1).every((r) => /^\d+$/.test(r[0]) && !Number.isNaN(Date.parse(r[1])) && r[2] === 'false')).toBe(true);
  });

  it('exports thousands of messages, fetched in batches, with columns of fields that no longer exist', async () => {
    const form = await t.http
      .post('/api/forms')
      .set('token', t.ownerToken)
      .send({ title: 'Big', fields: [{ name: 'a', type: 'TEXT' }] });
    const id = form.body.id;
    await t.dataSource.query(
      `INSERT INTO "message" ("formId", "value") SELECT $1, jsonb_build_object('a', 'row ' || g, 'old', g) FROM generate_series(1, 2600) g`,
      [id],
    );
    const res = await t.http.get(`/api/messages/export?formId=${id}`).set('token', t.ownerToken).buffer(true).parse(binary);
    const rows = parseCsv((res.body as string).slice(1));
    expect(rows[0]).toEqual(['id', 'createdAt', 'read', 'a', 'old']);
    expect(rows).toHaveLength(2601);
    expect(rows[2600].slice(3)).toEqual(['row 2600', '2600']);
  });

  it('answers the export of a missing form 404 and of a bad formId 400, as JSON', async () => {
    const missing = await t.http.get('/api/messages/export?formId=999999').set('token', t.ownerToken);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'No form 999999' });
    for (const bad of ['', '?formId=abc', '?formId=0', '?formId=1&formId=2', '?formId=99999999999']) {
      expect({ bad, status: (await t.http.get(`/api/messages/export${bad}`).set('token', t.ownerToken)).status }).toEqual({ bad, status: 400 });
    }
  });

  it('deletes a message, answering the record', async () => {
    await submit(otherFormId, { x: 'to delete' });
    const [message] = (await t.http.get(`/api/messages?filter=${q({ q: 'to delete' })}`).set('token', t.ownerToken)).body;
    const res = await t.http.delete(`/api/messages/${message.id}`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: message.id, value: { x: 'to delete' } });
    expect((await t.http.get(`/api/messages/${message.id}`).set('token', t.ownerToken)).status).toBe(404);
  });

  it('lets VIEW_MESSAGE read, export and mark messages, and deleting also takes DELETE_FORM', async () => {
    const [message] = (await t.http.get(`/api/messages?filter=${q({ formId: otherFormId })}`).set('token', t.ownerToken)).body;
    const reader = await t.userWithRights([RightType.VIEW_MESSAGE]);
    expect((await t.http.get('/api/messages').set('token', reader.token)).status).toBe(200);
    expect((await t.http.get(`/api/messages/${message.id}`).set('token', reader.token)).status).toBe(200);
    expect((await t.http.get(`/api/messages/export?formId=${otherFormId}`).set('token', reader.token)).status).toBe(200);
    expect((await t.http.put(`/api/messages/${message.id}`).set('token', reader.token).send({ read: true })).status).toBe(200);
    const denied = await t.http.delete(`/api/messages/${message.id}`).set('token', reader.token);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/DELETE_FORM/);
    const formsOnly = await t.userWithRights([RightType.VIEW_FORM, RightType.DELETE_FORM]);
    expect((await t.http.get('/api/messages').set('token', formsOnly.token)).status).toBe(403);
    expect((await t.http.get(`/api/messages/export?formId=${otherFormId}`).set('token', formsOnly.token)).status).toBe(403);
    expect((await t.http.delete(`/api/messages/${message.id}`).set('token', formsOnly.token)).status).toBe(403);
    const cleaner = await t.userWithRights([RightType.VIEW_MESSAGE, RightType.DELETE_FORM]);
    expect((await t.http.delete(`/api/messages/${message.id}`).set('token', cleaner.token)).status).toBe(200);
    expect((await t.http.get('/api/messages')).status).toBe(401);
  });
});
