import { localePath } from '@cms/contracts';
import type { Lang } from '@cms/contracts';
import { messagesFor } from '../i18n/messages';

import type { MessageContent } from '../render/sections/MessageSection';
import type { PageModel } from './page-model';

export function notFoundPage(locale: Lang, path: string): PageModel {
  const m = messagesFor(locale);
  const content: MessageContent = {
    code: '404',
    title: m.notFound.title,
    text: m.notFound.text,
    action: { label: m.notFound.action, href: localePath(locale, '') },
  };
  return {
    locale,
    path,
    title: m.notFound.title,
    locales: [],
    noIndex: true,
    sections: [{ id: 'not-found', block: 'message', theme: 'white', content }],
  };
}
