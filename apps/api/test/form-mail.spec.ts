import { FormFieldType } from '@cms/contracts';
import * as net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createApp } from '../src/bootstrap';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { openDatabase } from '../src/database/database';
import { createTestApp, type TestApp } from './support/test-app';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
class InProcessSmtp {
  readonly received: ReceivedMail[] = [];
  /** Recipients refused for good (550), as a real server refuses an unknown mailbox. */
  refuse: (address: string) => boolean = () => false;
  private server?: SMTPServer;

  constructor(readonly port: number) {}

  /** Listens on its port (once; later calls do nothing). */
  async start(): Promise<void> {
    if (this.server) return;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) =>
        callback(this.refuse(address.address) ? Object.assign(new Error('No such user'), { responseCode: 550 }) : null),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async stop(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The header block and the decoded text and HTML parts of a raw MIME message. */
function parseMail(raw: string): { headers: string; text: string; html: string } {
  const [headers] = raw.split(/\r?\n\r?\n/);
  const decode = (part: string) => {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/Content-Transfer-Encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  };
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  const find = (type: string) => decode(parts.find((p) => new RegExp(`Content-Type:\\s*${type}`, 'i').test(p)) ?? '');
  return { headers, text: find('text/plain'), html: find('text/html') };
}

describe('form e-mails through a real SMTP server', () => {
  let t: TestApp;
  let smtp: InProcessSmtp;
  let formId: number;
  const submit = (values: Record<string, unknown>) => t.http.post(`/api/forms/${formId}/messages`).send({ values });
  const outbox = async (messageId: number) =>
    (
      (await t.dataSource.query(`SELECT "attempts", "sentAt", "failedAt", "lastError" FROM "mail_outbox" WHERE "messageId" = $1`, [messageId])) as {
        attempts: number;
        sentAt: Date | null;
        failedAt: Date | null;
        lastError: string | null;
      }[]
    )[0];
  const lastMessageId = async () => (await t.dataSource.query(`SELECT max(id) AS id FROM "message"`))[0].id as number;

  beforeAll(async () => {
    smtp = new InProcessSmtp(await freePort());
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'cms@example.org',
      MAIL_RETRY_BASE_MS: '200',
      MAIL_POLL_MS: '100',
      FORM_SUBMISSIONS_PER_MINUTE: '1000',
    });
    const form = await t.http
      .post('/api/forms')
      .set('token', t.ownerToken)
      .send({
        title: 'Contact <us> & "friends"',
        sendMail: true,
        sendTo: 'team@example.com',
        fields: [
          { name: 'name', type: FormFieldType.TEXT, label: 'Your <b>name</b>', required: true },
          { name: 'email', type: FormFieldType.EMAIL, label: 'E-mail' },
          { name: 'body', type: FormFieldType.PARAGRAPH, label: 'Message' },
        ],
      });
    formId = form.body.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('keeps the message while SMTP is down, retries, and delivers once the server is up', async () => {
    const res = await submit({ name: 'Early bird', body: 'Sent while the mail server sleeps' });
    expect(res.status).toBe(201);
    const id = await lastMessageId();
    const failed = await until('a failed try', async () => {
      const row = await outbox(id);
      return row && row.attempts >= 2 ? row : undefined;
    });
    expect(failed.sentAt).toBeNull();
    expect(failed.failedAt).toBeNull();
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    const [stored] = await t.dataSource.query(`SELECT "value" FROM "message" WHERE id = $1`, [id]);
    expect(stored.value).toEqual({ name: 'Early bird', body: 'Sent while the mail server sleeps' });
    const listed = await t.http.get(`/api/messages/${id}`).set('token', t.ownerToken);
    expect(listed.body.mailStatus).toBe('pending');

    await smtp.start();
    const mail = await until('the delivery', () => smtp.received.find((m) => m.raw.includes('Early bird')));
    expect(mail.to).toEqual(['team@example.com']);
    expect(mail.from).toBe('cms@example.org');
    await until('the sent state', async () => ((await outbox(id))?.sentAt ? true : undefined));
    expect((await t.http.get(`/api/messages/${id}`).set('token', t.ownerToken)).body.mailStatus).toBe('sent');
  });

  it('sends the values escaped in the HTML part, as they are in the text part', async () => {
    await smtp.start();
    const script = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const res = await submit({ name: 'Mallory', email: 'mallory@example.net', body: script });
    expect(res.status).toBe(201);
    const mail = await until('the delivery', () => smtp.received.find((m) => m.raw.includes('mallory@example.net')));
    const { headers, text, html } = parseMail(mail.raw);
    // The subject is encoded (RFC 2047) and one header, however the title reads.
    expect(headers.match(/^Subject: /gm)).toHaveLength(1);
    expect(headers).toMatch(/^Subject: =\?UTF-8\?Q\?New_message_from_the_form_=22Contact_=3C/m);
    expect(headers).toMatch(/^Reply-To: mallory@example\.net$/m);
    expect(headers).toMatch(/^To: team@example\.com$/m);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Your &lt;b&gt;name&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(text).toContain(script);
    expect(text.replace(/\r\n/g, '\n')).toContain('Your <b>name</b>:\nMallory');
  });

  it('lets no value reach a header: CR/LF in a text stays in the body, in an e-mail it is refused', async () => {
    await smtp.start();
    const injected = 'Eve\r\nBcc: victim@example.com\r\nSubject: hijacked';
    expect((await submit({ name: injected })).status).toBe(201);
    const mail = await until('the delivery', () => smtp.received.find((m) => m.raw.includes('victim@example.com')));
    const { headers } = parseMail(mail.raw);
    expect(mail.to).toEqual(['team@example.com']);
    expect(headers).not.toMatch(/victim|hijacked|^Bcc:/im);

    const refused = await submit({ name: 'Eve', email: 'eve@example.com\r\nBcc: victim2@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ email: ['Enter a valid e-mail address'] });
    const commas = await submit({ name: 'Eve', email: 'eve@example.com, victim3@example.com' });
    expect(commas.status).toBe(400);
  });

  it('sends, once its lease is over, a mail that a stopped instance had claimed but not sent', async () => {
    await smtp.start();
    // What an instance that died mid-send leaves behind: one try counted, the lease running out.
    await t.dataSource.query(
      `INSERT INTO "mail_outbox" ("to", "subject", "text", "html", "attempts", "nextAttemptAt") VALUES ('team@example.com', 'Left behind', 'Orphan mail', '<p>Orphan mail</p>', 1, now() - interval '1 second')`,
    );
    const mail = await until('the delivery', () => smtp.received.find((m) => m.raw.includes('Orphan mail')));
    expect(mail.to).toEqual(['team@example.com']);
    const [row] = await t.dataSource.query(`SELECT "attempts", "sentAt" FROM "mail_outbox" WHERE "subject" = 'Left behind'`);
    expect(row.attempts).toBe(2);
    await until('the sent state', async () =>
      (await t.dataSource.query(`SELECT "sentAt" FROM "mail_outbox" WHERE "subject" = 'Left behind'`))[0].sentAt ? true : undefined,
    );
    expect(smtp.received.filter((m) => m.raw.includes('Orphan mail'))).toHaveLength(1);
  });

  // Several instances share a PostgreSQL server; the embedded database serves one process.
  (process.env.DATABASE_URL ? it : it.skip)('sends each mail once when two API instances work the same outbox', async () => {
    await smtp.start();
    // A second instance of the whole app on the same database, with its own mail worker.
    const config = { ...t.config, databaseUrl: (t.dataSource.options as { url: string }).url, databasePoolSize: 2 };
    const database = await openDatabase(config);
    const second = await createApp({ ...config, jwtSecret: 'another-secret-that-is-long-enough-to-pass' }, database);
    await second.init();
    try {
      await t.dataSource.query(
        `INSERT INTO "mail_outbox" ("to", "subject", "text", "html") SELECT 'team@example.com', 'Twin ' || g, 'Twin mail ' || g || '.', '<p>Twin</p>' FROM generate_series(1, 30) g`,
      );
      const twins = () => smtp.received.filter((m) => /Twin mail \d+\./.test(m.raw));
      await until('30 deliveries', () => (twins().length >= 30 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const counts = new Map<string, number>();
      for (const mail of twins()) {
        const key = /Twin mail (\d+)\./.exec(mail.raw)![1];
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).toBe(30);
      expect(Object.fromEntries([...counts].filter(([, n]) => n !== 1))).toEqual({});
      const [{ pending }] = await t.dataSource.query(`SELECT count(*)::int AS pending FROM "mail_outbox" WHERE "subject" LIKE 'Twin %' AND "sentAt" IS NULL`);
      expect(pending).toBe(0);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it('takes the sender from the smtpSender setting when there is one', async () => {
    await smtp.start();
    await t.http.put('/api/settings/by-name/smtpSender').set('token', t.ownerToken).send({ value: 'forms@example.org' });
    expect((await submit({ name: 'Sender check' })).status).toBe(201);
    const mail = await until('the delivery', () => smtp.received.find((m) => m.raw.includes('Sender check')));
    expect(mail.from).toBe('forms@example.org');
  });

  it('marks a mail failed for good when the server refuses it permanently, and keeps the message', async () => {
    await smtp.start();
    await t.http.put(`/api/forms/${formId}`).set('token', t.ownerToken).send({ sendTo: 'nobody@refused.test' });
    smtp.refuse = (address) => address.endsWith('@refused.test');
    expect((await submit({ name: 'Bounce' })).status).toBe(201);
    const id = await lastMessageId();
    const row = await until('the failure', async () => ((await outbox(id))?.failedAt ? outbox(id) : undefined));
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/No such user/);
    expect((await t.http.get(`/api/messages/${id}`).set('token', t.ownerToken)).body).toMatchObject({ mailStatus: 'failed', value: { name: 'Bounce' } });
  });
});

describe('mail and form configuration', () => {
  it('reads SMTP_URL, MAIL_FROM, the retry policy and the submission limit, with defaults', () => {
    expect(loadConfig({})).toMatchObject({
      mail: { smtpUrl: undefined, from: undefined, maxAttempts: 10, retryBaseMs: 30_000, pollMs: 5_000 },
      forms: { submissionsPerMinute: 10 },
    });
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      MAIL_FROM: 'cms@example.org',
      MAIL_MAX_ATTEMPTS: '3',
      FORM_SUBMISSIONS_PER_MINUTE: '5000',
    });
    expect(config).toMatchObject({
      mail: { smtpUrl: 'smtps://user:secret@mail.example.org:465', from: 'cms@example.org', maxAttempts: 3 },
      forms: { submissionsPerMinute: 5000 },
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.org'],
    ['MAIL_FROM', 'not-an-email'],
    ['MAIL_MAX_ATTEMPTS', '0'],
    ['MAIL_RETRY_BASE_MS', 'soon'],
    ['FORM_SUBMISSIONS_PER_MINUTE', '-1'],
  ])('stops at start-up with a message naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
