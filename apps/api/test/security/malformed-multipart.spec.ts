import { BOUNDARY, diskState, MULTIPART_TYPE, multipartBody, solidImage } from '../support/media-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Advisory class: malformed multipart bodies that crash the parser, hang the request, leave
 * scratch files behind or smuggle a second file. Each one is a 4xx with a message, and the disk
 * holds what it held before.
 */
describe('attack: malformed multipart', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    png = await solidImage('png');
  });
  afterAll(() => t.close());

  const post = (body: Buffer | string, type = MULTIPART_TYPE) => t.http.post('/api/medias').set('token', t.ownerToken).set('Content-Type', type).send(body);
  const part = (headers: string, value: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`, 'latin1'), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from('\r\n')]);
  const close = Buffer.from(`--${BOUNDARY}--\r\n`);

  // Each row names its Content-Type (null: the right one), so Jest never mistakes the test for a done-callback one.
  const CASES: [string, () => Buffer | string, string | null][] = [
    ['no closing boundary', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }], { end: false }), null],
    ['a body cut in the middle of the file', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]).subarray(0, 200), null],
    ['an empty body', () => Buffer.alloc(0), null],
    ['only the closing boundary', () => close, null],
    ['a boundary the body never uses', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]), 'multipart/form-data; boundary=other-boundary'],
    ['no boundary parameter', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]), 'multipart/form-data'],
    ['an empty boundary parameter', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]), 'multipart/form-data; boundary='],
    [
      'a boundary of 200 characters',
      () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]),
      `multipart/form-data; boundary=${'x'.repeat(200)}`,
    ],
    [
      'part headers without a blank line',
      () => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`), png, close]),
      null,
    ],
    ['a part without Content-Disposition', () => Buffer.concat([part('Content-Type: image/png', png), close]), null],
    // Found by this suite: the request hung without an answer, holding its connection.
    ['a Content-Disposition without a name', () => Buffer.concat([part('Content-Disposition: form-data; filename="a.png"', png), close]), null],
    [
      'a text field without a name',
      () => Buffer.concat([part('Content-Disposition: form-data', 'x'), part('Content-Disposition: form-data; name="file"; filename="a.png"', png), close]),
      null,
    ],
    [
      'a header line of 100 kB',
      () => Buffer.concat([part(`Content-Disposition: form-data; name="file"; filename="${'a'.repeat(100_000)}.png"`, png), close]),
      null,
    ],
    [
      'two files',
      () =>
        multipartBody([
          { name: 'file', value: png, filename: 'a.png' },
          { name: 'file', value: png, filename: 'b.png' },
        ]),
      null,
    ],
    ['a file under another field name', () => multipartBody([{ name: 'avatar', value: png, filename: 'a.png' }]), null],
    [
      'a thousand text fields',
      () => multipartBody([...Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, value: 'x' })), { name: 'file', value: png, filename: 'a.png' }]),
      null,
    ],
    [
      'a __proto__ field',
      () =>
        multipartBody([
          { name: '__proto__', value: '{"isAdmin":true}' },
          { name: 'file', value: png, filename: 'a.png' },
        ]),
      null,
    ],
    [
      'a field name with a NUL',
      () =>
        multipartBody([
          { name: 'na\u0000me', value: 'x' },
          { name: 'file', value: png, filename: 'a.png' },
        ]),
      null,
    ],
    ['a JSON body declared as multipart', () => JSON.stringify({ file: 'x' }), null],
    ['a multipart body declared as JSON', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]), 'application/json'],
    ['a multipart body declared as mixed', () => multipartBody([{ name: 'file', value: png, filename: 'a.png' }]), `multipart/mixed; boundary=${BOUNDARY}`],
  ];

  it.each(CASES)('answers a 4xx with a message to %s and keeps no file', async (_label, body, type) => {
    const before = diskState(t);
    const res = await post(body(), type ?? MULTIPART_TYPE);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
    expect(diskState(t)).toEqual(before);
  });

  it('still takes a well-formed upload afterwards', async () => {
    const res = await post(multipartBody([{ name: 'file', value: png, filename: 'fine.png' }]));
    expect(res.status).toBe(201);
  });
});
