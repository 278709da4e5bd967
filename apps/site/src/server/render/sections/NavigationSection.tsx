import { messagesFor } from '../../i18n/messages';
import { FooterNav, readNavigation, type NavItem } from '../navigation';
import { defineBlock, type BlockProps } from './block';

/** A menu placed among a page's sections (the layout's HEADER and FOOTER menus go in the bar and the footer instead). */
function NavigationSection({ content, context }: BlockProps<{ items: NavItem[] }>) {
  return (
    <div className="container">
      <FooterNav items={content.items} current={context.pageHref} label={messagesFor(context.locale).navigation.main} />
    </div>
  );
}

export const navigationBlock = defineBlock<{ items: NavItem[] }>(
  (raw) => {
    const items = readNavigation(raw);
    return items.length > 0 ? { items } : null;
  },
  NavigationSection,
  () => false,
);
