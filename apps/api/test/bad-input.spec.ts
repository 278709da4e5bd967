import { useTestApp } from './support/test-app';

describe('bad input', () => {
  const t = useTestApp();

  const post = (body: string) => t.http.post('/api/roles').set('token', t.ownerToken).set('Content-Type', 'application/json').send(body);

  it.each([
    ['malformed JSON', '{"name": "x", '],
    ['a JSON string instead of an object', '"just a string"'],
    ['an object where a string belongs', JSON.stringify({ name: { $gt: '' }, rights: [] })],
    ['an unknown property', JSON.stringify({ name: 'X', rights: [], isAdmin: true })],
    ['a __proto__ key', '{"name":"X","rights":[],"__proto__":{"polluted":true}}'],
    ['a nested constructor key', '{"name":"X","rights":[],"constructor":{"prototype":{"polluted":true}}}'],
    ['a __proto__ key spelt with escapes', '{"name":"X","rights":[],"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}}'],
    ['a number where an array belongs', JSON.stringify({ name: 'X', rights: 5 })],
    ['null', 'null'],
  ])('answers 400 with { statusCode, message } for %s', async (_label, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ statusCode: 400, message: expect.any(String) }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 413 for a 2 MB string', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), rights: [] }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: expect.any(String) });
  });

  it('answers 400 for a name over its length limit', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(5000), rights: [] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('name');
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '1e3', '%00'])('answers 400 for the id %s', async (id) => {
    const res = await t.http.get(`/api/users/${id}`).set('token', t.ownerToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not a valid id/);
  });

  it('answers 400 for a list parameter given twice', async () => {
    const res = await t.http.get('/api/users?sort=["id","ASC"]&sort=["name","ASC"]').set('token', t.ownerToken);
    expect(res.status).toBe(400);
  });

  it('answers 404 with the error shape for an unknown API route', async () => {
    const res = await t.http.get('/api/nothing-here').set('token', t.ownerToken);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
  });

  it('keeps serving after all of the above', async () => {
    expect((await t.http.get('/api/health')).status).toBe(200);
  });
});
