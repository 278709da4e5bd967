import { RightType } from '@cms/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadConfig } from '../src/config/app-config';
import { ContentPublishingService } from '../src/contents/content-publishing.service';
import { WebhookWorker } from '../src/webhooks/webhook-worker';
import { contentModel, q } from './support/content-model';
import { solidImage, upload } from './support/media-fixtures';
import { useTestApp } from './support/test-app';
import { SECRET, until, WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

/** What a receiver does with X-Signature: the README's snippet. */
function signatureIsValid(secret: string, rawBody: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhook configuration', () => {
  it('reads WEBHOOK_* with their defaults, and stops at start-up on a bad value naming it', () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowPrivate: false,
      deliver: true,
      pollMs: 2000,
      retryBaseMs: 10_000,
      retryForSeconds: 86_400,
      timeoutMs: 10_000,
      keepDays: 30,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_FOR: '12h' }).webhooks).toMatchObject({ allowPrivate: true, retryForSeconds: 43_200 });
    // Anything but true, 1, yes or on keeps the guard (as every boolean variable reads).
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'ture' }).webhooks.allowPrivate).toBe(false);
    for (const [name, value] of [
      ['WEBHOOK_POLL_MS', '0'],
      ['WEBHOOK_RETRY_FOR', 'a day'],
      ['WEBHOOK_TIMEOUT_MS', '600000'],
    ])
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('webhooks', () => {
  const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '50' });
  let receiver: WebhookReceiver;
  const cm = () => contentModel(t);

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterEach(async () => {
    await t.dataSource.query(`DELETE FROM "webhook"`);
    await receiver.stop();
  });

  async function webhook(body: Record<string, unknown> = {}) {
    const res = await t.http
      .post('/api/webhooks')
      .set('token', t.ownerToken)
      .send({ url: receiver.url(), events: ['content.published'], secret: SECRET, ...body });
    expect(res.status).toBe(201);
    return res.body as { id: number; url: string; events: string[]; enabled: boolean; secretHint: string };
  }

  async function deliveries(webhookId: number) {
    const res = await t.http.get(`/api/webhooks/${webhookId}/deliveries?range=[0,99]`).set('token', t.ownerToken);
    expect(res.status).toBe(200);
    return res.body as {
      id: number;
      event: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      responseBody: string | null;
      error: string | null;
      record: { id: number };
    }[];
  }

  const callsFor = (event: string) => receiver.calls.filter((call) => call.body.event === event);

  it('posts a signed delivery for a publish: the body names the event, the record, its locales, the time and the delivery', async () => {
    const hook = await webhook({ events: ['content.published', 'content.unpublished'] });
    const container = await cm().container({ drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const content = await cm().content({ containerId: container.id, fields: { body: 'hello' } });
    expect(receiver.calls).toHaveLength(0);

    const published = await t.http.post(`/api/contents/${content.id}/publish`).set('token', t.ownerToken);
    expect(published.status).toBe(200);
    const call: ReceivedCall = await until('the delivery', () => receiver.calls[0]);
    expect(call.headers['content-type']).toBe('application/json');
    expect(signatureIsValid(SECRET, call.raw, call.headers['x-signature'] as string)).toBe(true);
    expect(signatureIsValid('another-secret-of-some-length', call.raw, call.headers['x-signature'] as string)).toBe(false);
    expect(call.headers['x-webhook-event']).toBe('content.published');
    expect(call.body).toEqual({
      id: Number(call.headers['x-webhook-delivery']),
      event: 'content.published',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      record: { type: 'content', id: content.id, locales: ['en', 'fr', 'tr', 'es', 'it'] },
    });
    expect(Math.abs(Date.parse(call.body.occurredAt) - Date.now())).toBeLessThan(60_000);

    const log = await until('the log to say delivered', async () => ((await deliveries(hook.id))[0]?.status === 'delivered' ? deliveries(hook.id) : undefined));
    expect(log[0]).toMatchObject({
      id: call.body.id,
      event: 'content.published',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
      error: null,
    });

    expect((await t.http.post(`/api/contents/${content.id}/unpublish`).set('token', t.ownerToken)).status).toBe(200);
    await until('the unpublish delivery', () => callsFor('content.unpublished')[0]);
    // It listens to neither of these.
    expect(receiver.calls.map((c) => c.body.event)).toEqual(['content.published', 'content.unpublished']);
  });

  it('announces creates, live updates, flag publishes, deletes and scheduled publishes of contents, in that order', async () => {
    const hook = await webhook({ events: ['content.created', 'content.updated', 'content.published', 'content.unpublished', 'content.deleted'] });
    const container = await cm().container({ fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const content = await cm().content({ containerId: container.id, fields: { body: 'a' } });
    expect(
      (
        await cm()
          .as()
          .put(`/api/contents/${content.id}?locale=fr`, { fields: { body: 'b' } })
      ).status,
    ).toBe(200);
    expect((await cm().as().put(`/api/contents/${content.id}`, { published: true })).status).toBe(200);
    expect((await cm().as().delete(`/api/contents/${content.id}`)).status).toBe(200);
    await until('five deliveries', () => (receiver.calls.length >= 5 ? true : undefined));
    expect(receiver.calls.map((c) => [c.body.event, c.body.record.locales.join(',')])).toEqual([
      ['content.created', 'en'],
      ['content.updated', 'fr'],
      ['content.updated', 'en'],
      ['content.published', 'en,fr,tr,es,it'],
      ['content.deleted', 'en,fr,tr,es,it'],
    ]);

    // The scheduler of any instance publishes what is due: the same event.
    const drafts = await cm().container({ drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const later = await cm().content({ containerId: drafts.id, fields: { body: 'soon' } });
    await t.dataSource.query(`UPDATE "content" SET "publishAt" = now() - interval '1 minute' WHERE id = $1`, [later.id]);
    expect(await t.app.get(ContentPublishingService).runDue()).toEqual([later.id]);
    const scheduled = await until('the scheduled publish', () =>
      receiver.calls.find((c) => c.body.event === 'content.published' && c.body.record.id === later.id),
    );
    expect(scheduled.body.record.locales).toEqual(['en', 'fr', 'tr', 'es', 'it']);
    expect(await deliveries(hook.id)).toHaveLength(7);
  });

  it('announces each content of a bulk create (content.created, and content.published for those created published), and nothing for a refused bulk or a dry run', async () => {
    await webhook({ events: ['content.created', 'content.published'] });
    const container = await cm().container({ fields: [{ label: 'Body', name: 'body', type: 'STRING', required: true }] });
    const item = (body: string | null, published = false) => ({ containerId: container.id, title: `Bulk ${body}`, published, fields: { body } });
    const refused = await t.http
      .post('/api/contents/bulk')
      .set('token', t.ownerToken)
      .send({ items: [item('a'), item(null)] });
    expect(refused.status).toBe(400);
    const dry = await t.http
      .post('/api/contents/bulk?dryRun=true')
      .set('token', t.ownerToken)
      .send({ items: [item('a')] });
    expect(dry.status).toBe(200);
    const res = await t.http
      .post('/api/contents/bulk')
      .set('token', t.ownerToken)
      .send({ items: [item('a'), item('b', true), item('c')] });
    expect(res.status).toBe(201);
    const ids = res.body.ids as number[];
    await until('four deliveries', () => (receiver.calls.length >= 4 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsFor('content.created').map((c) => c.body.record.id)).toEqual(ids);
    expect(callsFor('content.published').map((c) => c.body.record.id)).toEqual([ids[1]]);
    expect(receiver.calls).toHaveLength(4);
  });

  it('queues nothing for a write that was refused, nor for a disabled webhook or an event it does not listen to', async () => {
    const listening = await webhook({ events: ['content.created'] });
    const disabled = await webhook({ events: ['content.created'], enabled: false });
    const other = await webhook({ events: ['media.deleted'] });
    const container = await cm().container({ fields: [{ label: 'Body', name: 'body', type: 'STRING', required: true }] });
    expect((await cm().as().post('/api/contents', { title: 'Bad', containerId: container.id, fields: {} })).status).toBe(400);
    expect((await cm().as().post('/api/contents', { title: 'Bad', containerId: 999999, fields: {} })).status).toBe(400);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "webhook_delivery"`);
    expect(n).toBe(0);
    await cm().content({ containerId: container.id, fields: { body: 'ok' } });
    await until('the delivery', () => receiver.calls[0]);
    expect(await deliveries(listening.id)).toHaveLength(1);
    expect(await deliveries(disabled.id)).toHaveLength(0);
    expect(await deliveries(other.id)).toHaveLength(0);
  });

  it('announces media created and deleted, and messages received through a form', async () => {
    await webhook({ events: ['media.created', 'media.deleted', 'message.received'] });
    const image = await upload(t, t.ownerToken, await solidImage('png', 8, 8), 'dot.png', { name: 'Dot' });
    expect(image.status).toBe(201);
    expect((await t.http.delete(`/api/medias/${image.body.id}`).set('token', t.ownerToken)).status).toBe(200);
    const formId = await cm().form([{ name: 'name', lang: 'en', label: 'Name' }]);
    const sent = await t.http.post(`/api/forms/${formId}/messages?locale=fr`).send({ values: { name: 'Ann' } });
    expect(sent.status).toBe(201);
    await until('three deliveries', () => (receiver.calls.length >= 3 ? true : undefined));
    const [{ id: messageId }] = await t.dataSource.query(`SELECT id FROM "message" ORDER BY id DESC LIMIT 1`);
    expect(receiver.calls.map((c) => c.body)).toEqual([
      expect.objectContaining({ event: 'media.created', record: { type: 'media', id: image.body.id, locales: [] } }),
      expect.objectContaining({ event: 'media.deleted', record: { type: 'media', id: image.body.id, locales: [] } }),
      expect.objectContaining({ event: 'message.received', record: { type: 'message', id: messageId, locales: ['fr'] } }),
    ]);
  });

  it('retries a delivery answered 500 with backoff, and logs each answer’s status and first bytes', async () => {
    const hook = await webhook({ events: ['content.created'] });
    receiver.answer = (_call, n) => (n === 0 ? { status: 500, body: `down for maintenance ${'x'.repeat(3000)}` } : { status: 204 });
    const container = await cm().container({ fields: [] });
    await cm().content({ containerId: container.id });
    await until('the second try', () => receiver.calls[1]);
    expect(receiver.calls[1].body.id).toBe(receiver.calls[0].body.id);
    expect(receiver.calls[1].raw).toBe(receiver.calls[0].raw);
    const [delivery] = await until('delivered', async () => ((await deliveries(hook.id))[0]?.status === 'delivered' ? deliveries(hook.id) : undefined));
    expect(delivery).toMatchObject({ attempts: 2, responseStatus: 204, error: null });
  });

  it('keeps the status and the first kilobyte of the last answer in the log while it retries', async () => {
    const hook = await webhook();
    receiver.answer = () => ({ status: 500, body: `down for maintenance ${'x'.repeat(3000)}` });
    await t.http.post(`/api/webhooks/${hook.id}/test`).set('token', t.ownerToken);
    const [delivery] = await until('an answer', async () => ((await deliveries(hook.id))[0]?.responseStatus ? deliveries(hook.id) : undefined));
    expect(delivery).toMatchObject({ status: 'pending', responseStatus: 500, error: 'answered 500' });
    expect(delivery.responseBody).toBe(`down for maintenance ${'x'.repeat(1024 - 21)}`);
    expect(delivery.attempts).toBeGreaterThanOrEqual(1);
  });

  it('keeps the order per record: a later delivery of the same record waits for an earlier one that is being retried', async () => {
    const hook = await webhook({ events: ['content.updated'] });
    const container = await cm().container({ fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const first = await cm().content({ containerId: container.id, fields: { body: '0' } });
    const second = await cm().content({ containerId: container.id, fields: { body: '0' } });
    // The first update of `first` fails twice.
    let failures = 0;
    receiver.answer = (call) => (call.body.record.id === first.id && call.raw.includes('"id"') && failures++ < 2 ? { status: 503 } : { status: 200 });
    for (const body of ['1', '2', '3']) expect((await cm().as().put(`/api/contents/${first.id}`, { fields: { body } })).status).toBe(200);
    expect(
      (
        await cm()
          .as()
          .put(`/api/contents/${second.id}`, { fields: { body: '1' } })
      ).status,
    ).toBe(200);
    await until('every update delivered', async () =>
      (await deliveries(hook.id)).every((d) => d.status === 'delivered') && receiver.calls.length >= 6 ? true : undefined,
    );
    const ofFirst = receiver.calls.filter((c) => c.body.record.id === first.id).map((c) => c.body.id);
    const ids = (await deliveries(hook.id))
      .filter((d) => d.record.id === first.id)
      .map((d) => d.id)
      .sort((a, b) => a - b);
    // Each delivery of `first` arrives after the one before it was answered 2xx: never overtaken.
    expect(ofFirst).toEqual([ids[0], ids[0], ids[0], ids[1], ids[2]]);
  });

  it('sends a test delivery on demand, and a delivery again (a new id, the same event, record and time)', async () => {
    const hook = await webhook({ enabled: false });
    const test = await t.http.post(`/api/webhooks/${hook.id}/test`).set('token', t.ownerToken);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ webhookId: hook.id, event: 'webhook.test', status: 'pending', record: { type: 'webhook', id: hook.id, locales: [] } });
    const call = await until('the test delivery', () => receiver.calls[0]);
    expect(call.body).toMatchObject({ id: test.body.id, event: 'webhook.test', record: { type: 'webhook', id: hook.id } });
    expect(signatureIsValid(SECRET, call.raw, call.headers['x-signature'] as string)).toBe(true);

    const again = await t.http.post(`/api/webhooks/deliveries/${test.body.id}/redeliver`).set('token', t.ownerToken);
    expect(again.status).toBe(201);
    expect(again.body.id).toBeGreaterThan(test.body.id);
    const second = await until('the second delivery', () => receiver.calls[1]);
    expect(second.body).toEqual({ ...call.body, id: again.body.id });
    expect((await deliveries(hook.id)).map((d) => d.id)).toEqual([again.body.id, test.body.id]);
    expect((await t.http.post('/api/webhooks/deliveries/999999/redeliver').set('token', t.ownerToken)).status).toBe(404);
    expect((await t.http.post('/api/webhooks/999999/test').set('token', t.ownerToken)).status).toBe(404);
  });

  it('does not follow redirects: a 3xx is the answer, logged, and the target it names gets nothing', async () => {
    const elsewhere = await new WebhookReceiver().start();
    try {
      receiver.answer = () => ({ status: 302, headers: { location: elsewhere.url() } });
      const hook = await webhook();
      const test = await t.http.post(`/api/webhooks/${hook.id}/test`).set('token', t.ownerToken);
      const [delivery] = await until('the answer', async () => ((await deliveries(hook.id))[0]?.responseStatus ? deliveries(hook.id) : undefined));
      expect(delivery).toMatchObject({ id: test.body.id, responseStatus: 302, status: 'pending', error: 'answered 302: redirects are not followed' });
      expect(elsewhere.calls).toHaveLength(0);
    } finally {
      await elsewhere.stop();
    }
  });

  it('never answers the secret; a PUT without one keeps it, and the list speaks ra-data-simple-rest', async () => {
    const created = await webhook();
    expect(created).toEqual({
      id: expect.any(Number),
      url: receiver.url(),
      events: ['content.published'],
      enabled: true,
      secretHint: `…${SECRET.slice(-4)}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // react-admin sends the record back as read.
    const updated = await t.http
      .put(`/api/webhooks/${created.id}`)
      .set('token', t.ownerToken)
      .send({ ...created, events: ['content.deleted', 'content.created', 'content.created'], enabled: false });
    expect([updated.status, updated.body]).toEqual([200, expect.anything()]);
    expect(updated.body).toMatchObject({ events: ['content.created', 'content.deleted'], enabled: false, secretHint: created.secretHint });
    const [{ secret }] = await t.dataSource.query(`SELECT secret FROM "webhook" WHERE id = $1`, [created.id]);
    expect(secret).toBe(SECRET);
    await webhook();
    const list = await t.http.get(`/api/webhooks?sort=${q(['id', 'DESC'])}&range=${q([0, 0])}`).set('token', t.ownerToken);
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('webhooks 0-0/2');
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    const removed = await t.http.delete(`/api/webhooks/${created.id}`).set('token', t.ownerToken);
    expect(removed.status).toBe(200);
    expect((await t.http.get(`/api/webhooks/${created.id}`).set('token', t.ownerToken)).status).toBe(404);
  });

  it('refuses bad input with a 400 naming the field and the rule', async () => {
    const post = (body: Record<string, unknown>) => t.http.post('/api/webhooks').set('token', t.ownerToken).send(body);
    const good = { url: 'https://hooks.example.com/cms', events: ['content.created'], secret: SECRET };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...good, url: 'ftp://hooks.example.com/x' }, 'url', /http:\/\/ or https:\/\//],
      [{ ...good, url: 'javascript:alert(1)' }, 'url', /http:\/\/ or https:\/\//],
      [{ ...good, url: 'not a url' }, 'url', /spaces|absolute/],
      [{ ...good, url: 'https://user:pass@hooks.example.com/' }, 'url', /user name or password/],
      [{ ...good, url: 'https://hooks.example.com/#x' }, 'url', /fragment/],
      [{ ...good, url: `https://hooks.example.com/${'a'.repeat(2000)}` }, 'url', /at most 2000/],
      [{ ...good, url: 42 }, 'url', /string/],
      [{ ...good, events: ['content.exploded'] }, 'events', /each must be one of/],
      [{ ...good, events: [] }, 'events', /at least one/],
      [{ ...good, events: 'content.created' }, 'events', /list/],
      [{ ...good, secret: 'short' }, 'secret', /at least 16/],
      [{ ...good, secret: 'has spaces in the secret text' }, 'secret', /printable/],
      [{ url: good.url, events: good.events }, 'secret', /string/],
      [{ ...good, enabled: 'yes' }, 'enabled', /true or false/],
      [{ ...good, extra: 1 }, 'extra', /should not exist/],
    ];
    for (const [body, field, rule] of cases) {
      const res = await post(body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
      expect(res.body.errors[field].join(' ')).toMatch(rule);
    }
    const hook = await webhook();
    const put = await t.http.put(`/api/webhooks/${hook.id}`).set('token', t.ownerToken).send({ url: 'gopher://x' });
    expect(put.status).toBe(400);
    expect(put.body.errors.url).toBeDefined();
    expect((await t.http.get('/api/webhooks/abc').set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get(`/api/webhooks?sort=${q(['secret', 'ASC'])}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get(`/api/webhooks/${hook.id}/deliveries?filter=${q({ status: 'lost' })}`).set('token', t.ownerToken)).status).toBe(400);
    expect((await t.http.get('/api/webhooks/999999/deliveries').set('token', t.ownerToken)).status).toBe(404);
  });

  it('is managed with ACCESS_SETTINGS only', async () => {
    const editor = await t.userWithRights([RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT]);
    const admin = await t.userWithRights([RightType.ACCESS_SETTINGS]);
    expect((await t.http.get('/api/webhooks').set('token', editor.token)).status).toBe(403);
    expect(
      (
        await t.http
          .post('/api/webhooks')
          .set('token', editor.token)
          .send({ url: receiver.url(), events: ['content.created'], secret: SECRET })
      ).status,
    ).toBe(403);
    expect((await t.http.get('/api/webhooks')).status).toBe(401);
    const created = await t.http
      .post('/api/webhooks')
      .set('token', admin.token)
      .send({ url: receiver.url(), events: ['content.created'], secret: SECRET });
    expect(created.status).toBe(201);
  });

  it('prunes finished deliveries past the kept days, and leaves pending ones', async () => {
    const hook = await webhook();
    await t.dataSource.query(
      `INSERT INTO "webhook_delivery" ("webhookId", event, "recordType", "recordId", "createdAt", "deliveredAt", "nextAttemptAt")
       VALUES ($1, 'content.published', 'content', 1, now() - interval '40 days', now() - interval '40 days', now()),
              ($1, 'content.published', 'content', 2, now() - interval '40 days', NULL, now() + interval '1 day'),
              ($1, 'content.published', 'content', 3, now() - interval '1 day', now() - interval '1 day', now())`,
      [hook.id],
    );
    expect(await t.app.get(WebhookWorker).prune()).toBe(1);
    expect((await deliveries(hook.id)).map((d) => d.record.id).sort()).toEqual([2, 3]);
  });
});
