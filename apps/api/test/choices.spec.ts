import { RightType } from '@cms/contracts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Pickers read narrow id + title lists that the rights of the screen using them open, so a user
 * who may edit pages or read messages never needs the view right of the whole list.
 */
describe('choices for pickers', () => {
  let t: TestApp;
  let surveyId: number;
  beforeAll(async () => {
    t = await createTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
    surveyId = (
      await t.http
        .post('/api/forms')
        .set('token', t.ownerToken)
        .send({ title: 'survey', fields: [{ name: 'x', type: 'TEXT' }] })
    ).body.id;
    await t.http
      .post('/api/forms')
      .set('token', t.ownerToken)
      .send({ title: 'Unused', fields: [{ name: 'x', type: 'TEXT' }] });
    expect((await t.http.post(`/api/forms/${surveyId}/messages`).send({ values: { x: 'hello' } })).status).toBe(201);
  });
  afterAll(() => t.close());

  it('gives an editor of contents the role choices (id and title) but not the roles list', async () => {
    const editor = await t.userWithRights([RightType.UPDATE_CONTENT]);
    const choices = await t.http.get('/api/roles/choices').set('token', editor.token);
    expect(choices.status).toBe(200);
    expect(choices.body).toEqual(
      expect.arrayContaining([
        { id: editor.roleId, title: expect.any(String) },
        { id: 'super-admin', title: expect.any(String) },
      ]),
    );
    for (const choice of choices.body) expect(Object.keys(choice).sort()).toEqual(['id', 'title']);
    expect((await t.http.get('/api/roles').set('token', editor.token)).status).toBe(403);
  });

  it('gives an editor of the layout the form choices by title, and refuses them to a reader of medias', async () => {
    const layout = await t.userWithRights([RightType.UPDATE_LAYOUT]);
    const res = await t.http.get('/api/forms/choices').set('token', layout.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: surveyId, title: 'survey' },
      { id: expect.any(Number), title: 'Unused' },
    ]);
    const reader = await t.userWithRights([RightType.VIEW_MEDIA]);
    expect((await t.http.get('/api/forms/choices').set('token', reader.token)).status).toBe(403);
    expect((await t.http.get('/api/elements/choices').set('token', reader.token)).status).toBe(403);
    expect((await t.http.get('/api/containers/choices').set('token', reader.token)).status).toBe(403);
  });

  it('lets a reader of messages alone choose a form among those that received messages, and export its CSV', async () => {
    const reader = await t.userWithRights([RightType.VIEW_MESSAGE]);
    const forms = await t.http.get('/api/messages/form-choices').set('token', reader.token);
    expect(forms.status).toBe(200);
    expect(forms.body).toEqual([{ id: surveyId, title: 'survey' }]);
    const csv = await t.http.get(`/api/messages/export?formId=${forms.body[0].id}`).set('token', reader.token);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('hello');
    expect((await t.http.get('/api/forms').set('token', reader.token)).status).toBe(403);
  });

  it('deletes a message only with VIEW_MESSAGE and DELETE_FORM, as the back office shows it', async () => {
    const [message] = (await t.http.get('/api/messages').set('token', t.ownerToken)).body;
    const reader = await t.userWithRights([RightType.VIEW_MESSAGE]);
    expect((await t.http.delete(`/api/messages/${message.id}`).set('token', reader.token)).status).toBe(403);
    const remover = await t.userWithRights([RightType.VIEW_MESSAGE, RightType.DELETE_FORM]);
    expect((await t.http.delete(`/api/messages/${message.id}`).set('token', remover.token)).status).toBe(200);
  });
});
