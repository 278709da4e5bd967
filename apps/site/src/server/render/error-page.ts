import { localePath } from '@cms/contracts';
import type { Lang } from '@cms/contracts';
import type { ClientAssets } from './assets';
import { messagesFor } from '../i18n/messages';

import { escapeHtml } from './escape-html';
import { FAVICON_URL } from './favicon';

/** The 500 page, written without React so that it still works when rendering is what failed. */
export function renderErrorPage(locale: Lang, assets: ClientAssets): string {
  const m = messagesFor(locale);
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(locale)}" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(m.serverError.title)} · ${escapeHtml(m.siteName)}</title>` +
    `<meta name="robots" content="noindex"><link rel="icon" href="${FAVICON_URL}">${styles}</head>` +
    `<body data-first-section="true"><main id="main"><section class="section section--message" data-section-theme="white">` +
    `<div class="container message"><p class="message__code" aria-hidden="true">500</p>` +
    `<h1 class="section__title">${escapeHtml(m.serverError.title)}</h1>` +
    `<p class="message__text">${escapeHtml(m.serverError.text)}</p>` +
    `<a class="button" href="${escapeHtml(localePath(locale, ''))}">${escapeHtml(m.serverError.action)}</a>` +
    `</div></section></main></body></html>`
  );
}
