import type { FormValue } from '@cms/contracts';

interface FormMailInput {
  formTitle: string;
  /** In the form's order; `label` is the field's label or, without one, its name. */
  values: { label: string; value: FormValue }[];
  receivedAt: Date;
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

/**
 * The notification of a form message: a plain-text part and an HTML part where every label and
 * value is escaped, so a visitor's text is shown as text and never runs as markup.
 */
export function renderFormMail(input: FormMailInput): RenderedMail {
  const subject = headerText(`New message from the form "${input.formTitle}"`);
  const when = input.receivedAt.toISOString();
  const text = [`A visitor sent the form "${input.formTitle}" on ${when}.`, '', ...input.values.map(({ label, value }) => `${label}:\n${show(value)}\n`)].join(
    '\n',
  );
  const rows = input.values
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(show(value))}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body><p>A visitor sent the form &quot;${escapeHtml(input.formTitle)}&quot; on ${escapeHtml(when)}.</p>` +
    `<table cellspacing="0" cellpadding="0">${rows}</table></body></html>`;
  return { subject, text, html };
}
