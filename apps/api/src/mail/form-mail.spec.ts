import { Lang } from '@cms/contracts';
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
      lang: Lang.en,
    });
    expect(mail.html).toContain('&lt;i&gt;Name&lt;/i&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('a &amp; b, c&#39;d');
    expect(mail.html).not.toMatch(/<script|<i>/);
    expect(mail.text).toContain('<i>Name</i>:\n<script>alert(1)</script>');
    expect(mail.subject).toBe('New message from the form "Contact "us""');
  });

  it('is written in the language asked, the title kept as data', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const values = [{ label: 'Nom', value: 'Ann' }];
    const fr = renderFormMail({ formTitle: 'Contact $& $1 <b>', values, receivedAt: at, lang: Lang.fr });
    expect(fr.subject).toBe('Nouveau message du formulaire « Contact $& $1 <b> »');
    expect(fr.text.split('\n')[0]).toBe('Un visiteur a envoyé le formulaire « Contact $& $1 <b> » le 2026-01-02T03:04:05.000Z.');
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain('« Contact $&amp; $1 &lt;b&gt; »');
    expect(renderFormMail({ formTitle: 'Kontakt', values, receivedAt: at, lang: Lang.tr }).subject).toBe('"Kontakt" formundan yeni mesaj');
    expect(renderFormMail({ formTitle: 'Contacto', values, receivedAt: at, lang: Lang.es }).subject).toBe('Nuevo mensaje del formulario «Contacto»');
    expect(renderFormMail({ formTitle: 'Contatti', values, receivedAt: at, lang: Lang.it }).subject).toBe('Nuovo messaggio dal modulo «Contatti»');
  });

  it('keeps header text on one line', () => {
    expect(headerText('a\r\nBcc: x@y.z\u2028b')).toBe('a Bcc: x@y.z b');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
