import { escapeHtml, headerText, renderFormMail } from './form-mail';

describe('form notification e-mails', () => {
  it('escapes every label and value in the HTML part and keeps them as given in the text part', () => {
    const mail = renderFormMail({
      formTitle: 'Contact "us"',
      values: [
        { label: '<i>Name</i>', value: '<script>alert(1)</script>' },
        { label: 'Topics', value: ['a & b', "c'd"] },
      ],
      receivedAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect(mail.html).toContain('&lt;i&gt;Name&lt;/i&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('a &amp; b, c&#39;d');
    expect(mail.html).not.toMatch(/<script|<i>/);
    expect(mail.text).toContain('<i>Name</i>:\n<script>alert(1)</script>');
    expect(mail.subject).toBe('New message from the form "Contact "us""');
  });

  it('keeps header text on one line', () => {
    expect(headerText('a\r\nBcc: x@y.z\u2028b')).toBe('a Bcc: x@y.z b');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
