import { localePath } from '@cms/contracts';
import type { Lang } from '@cms/contracts';
import { messagesFor } from '../i18n/messages';
import type { MessageContent } from '../render/sections/MessageSection';
import type { PageModel } from './page-model';

/**
 * What a preview link the API refused shows (tampered, expired, or made for another page): nothing
 * of the draft, and a way to the page as visitors see it.
 */
export function previewRefusedPage(locale: Lang, path: string): PageModel {
  const m = messagesFor(locale);
  const content: MessageContent = {
    code: '403',
    title: m.preview.refusedTitle,
    text: m.preview.refusedText,
    action: { label: m.preview.refusedAction, href: localePath(locale, path) },
  };
  return {
    locale,
    path,
    title: m.preview.refusedTitle,
    locales: [],
    noIndex: true,
    sections: [{ id: 'preview-refused', block: 'message', theme: 'white', content }],
  };
}
