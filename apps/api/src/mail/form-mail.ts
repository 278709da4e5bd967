import type { FormValue, Lang } from '@cms/contracts';

interface FormMailInput {
  formTitle: string;
  /** In the form's order; `label` is the field's label or, without one, its name. */
  values: { label: string; value: FormValue }[];
  receivedAt: Date;
  /** The recipient's language (mailLanguage picks it). */
  lang: Lang;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Text fit for a header: control characters (CR and LF first) become spaces. */
export function headerText(value: string, maxLength = 250): string {
  return value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

const show = (value: FormValue) => (Array.isArray(value) ? value.join(', ') : String(value));

/** The notification's own words in each language; the form's title and the time are data, never patterns. */
const WORDS: Record<Lang, { subject: (title: string) => string; intro: (title: string, when: string) => string }> = {
  en: { subject: (title) => `New message from the form "${title}"`, intro: (title, when) => `A visitor sent the form "${title}" on ${when}.` },
  fr: {
    subject: (title) => `Nouveau message du formulaire « ${title} »`,
    intro: (title, when) => `Un visiteur a envoyé le formulaire « ${title} » le ${when}.`,
  },
  tr: { subject: (title) => `"${title}" formundan yeni mesaj`, intro: (title, when) => `Bir ziyaretçi "${title}" formunu ${when} tarihinde gönderdi.` },
  es: { subject: (title) => `Nuevo mensaje del formulario «${title}»`, intro: (title, when) => `Un visitante envió el formulario «${title}» el ${when}.` },
  it: { subject: (title) => `Nuovo messaggio dal modulo «${title}»`, intro: (title, when) => `Un visitatore ha inviato il modulo «${title}» il ${when}.` },
};

/**
 * The notification of a form message, in the recipient's language: a plain-text part and an HTML
 * part where every label and value is escaped, so a visitor's text is shown as text and never runs
 * as markup.
 */
export function renderFormMail(input: FormMailInput): RenderedMail {
  const words = WORDS[input.lang];
  const subject = headerText(words.subject(input.formTitle));
  const when = input.receivedAt.toISOString();
  const text = [words.intro(input.formTitle, when), '', ...input.values.map(({ label, value }) => `${label}:\n${show(value)}\n`)].join('\n');
  const rows = input.values
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(show(value))}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${input.lang}"><body><p>${escapeHtml(words.intro(input.formTitle, when))}</p>` +
    `<table cellspacing="0" cellpadding="0">${rows}</table></body></html>`;
  return { subject, text, html };
}
