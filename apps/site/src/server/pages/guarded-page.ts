import { type Lang, LANGS, localePath, SIGN_IN_PATH } from '@cms/contracts';
import { messagesFor } from '../i18n/messages';
import type { MessageContent } from '../render/sections/MessageSection';
import { alternatesOf } from '../routing/locale-route';
import { apiPath } from './map-page';
import type { PageModel } from './page-model';

/** `/sign-in?redirect=/fr/members`: the back office signs the visitor in, then sends them back. */
export function signInHref(locale: Lang, path: string): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(localePath(locale, path))}`;
}

/**
 * What the server answers for a page only some roles may read: nothing of the page, a way to sign
 * in, and on the body the API path the client script reads with the visitor's token.
 */
export function guardedPage(locale: Lang, path: string): PageModel {
  const m = messagesFor(locale);
  const content: MessageContent = {
    title: m.guarded.title,
    text: m.guarded.text,
    action: { label: m.guarded.action, href: signInHref(locale, path) },
  };
  return {
    locale,
    path,
    title: m.guarded.title,
    locales: LANGS,
    alternates: alternatesOf(path, LANGS),
    noIndex: true,
    guardedPath: apiPath(path),
    sections: [{ id: 'guarded', block: 'message', theme: 'white', content }],
  };
}
