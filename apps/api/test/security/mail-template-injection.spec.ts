import { FormFieldType } from '@cms/contracts';
import { useTestApp } from '../support/test-app';

interface OutboxRow {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

/**
 * Advisory class: template injection in notification mails. A visitor's values (and a form's
 * title and labels) go into the mail as data: never evaluated as a template expression, never
 * markup in the HTML part, never a new header.
 */
describe('attack: template injection in mails', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
  let formId: number;
  beforeAll(async () => {
    const fields = [
      { name: 'name', type: FormFieldType.TEXT, label: 'Name {{7*7}}', position: 1 },
      { name: 'email', type: FormFieldType.EMAIL, position: 2 },
      { name: 'note', type: FormFieldType.PARAGRAPH, position: 3 },
    ];
    formId = (await t.ownerCreates('/api/forms', { title: 'Contact {{7*7}} ${7*7} <b>x</b>', sendMail: true, sendTo: 'team@example.com', fields })).id;
  });

  const outboxOf = async (messageNote: string): Promise<OutboxRow> => {
    const rows: OutboxRow[] = await t.dataSource.query(
      `SELECT "to", "replyTo", "subject", "text", "html" FROM "mail_outbox" WHERE "text" LIKE '%' || $1 || '%'`,
      [messageNote],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  const PAYLOADS = [
    '{{7*7}}',
    '${7*7}',
    '<%= 7*7 %>',
    '#{7*7}',
    '{{constructor.constructor("return process.env")()}}',
    '${process.env.JWT_SECRET}',
    '{% for x in range(7) %}{{x}}{% endfor %}',
    '<script>alert(1)</script><img src=x onerror=alert(1)>',
  ];

  it.each(PAYLOADS)('keeps %s as the literal text the visitor typed', async (payload) => {
    const marker = `m${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.http.post(`/api/forms/${formId}/messages`).send({ values: { name: payload, email: 'ann@example.com', note: `${marker} ${payload}` } });
    expect(res.status).toBe(201);
    const mail = await outboxOf(marker);
    expect(mail.text).toContain(`${marker} ${payload}`);
    // The mail says when it was sent: a time at minute or second 49 is not an evaluated 7*7.
    const undated = (text: string) => text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
    expect(undated(mail.text)).not.toMatch(/\b49\b/);
    expect(undated(mail.html)).not.toMatch(/\b49\b|<script|<img|onerror=alert\(1\)>/);
    expect(mail.html).toContain('Name {{7*7}}');
    expect(mail.subject).toBe('New message from the form "Contact {{7*7}} ${7*7} <b>x</b>"');
    expect(mail.html).toContain('Contact {{7*7}} ${7*7} &lt;b&gt;x&lt;/b&gt;');
  });

  it('never lets a value add a header: a reply-to with a line break is refused or dropped', async () => {
    const marker = `m${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.http
      .post(`/api/forms/${formId}/messages`)
      .send({ values: { name: 'x', email: 'ann@example.com\r\nBcc: victim@example.com', note: marker } });
    if (res.status === 201) {
      const mail = await outboxOf(marker);
      expect(mail.replyTo ?? '').not.toMatch(/[\r\n]|Bcc/i);
    } else expect(res.status).toBe(400);
  });

  it('keeps line breaks of a form title out of the subject header', async () => {
    const crlf = await t.http.put(`/api/forms/${formId}`).set('token', t.ownerToken).send({ title: 'Hi\r\nBcc: victim@example.com' });
    if (crlf.status !== 200) return expect(crlf.status).toBe(400);
    const marker = `m${Math.random().toString(36).slice(2, 10)}`;
    expect((await t.http.post(`/api/forms/${formId}/messages`).send({ values: { name: 'x', email: 'ann@example.com', note: marker } })).status).toBe(201);
    expect((await outboxOf(marker)).subject).not.toMatch(/[\r\n]/);
  });
});
