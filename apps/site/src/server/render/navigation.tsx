import { NAVIGATION_MAX_CHILDREN, NAVIGATION_MAX_ITEMS, safeHref } from '@cms/contracts';
import type { SectionModel } from '../pages/page-model';
import { asContent, readList, readText, type Content } from './content';

/** A navigation block's menu, checked: labels present, every href safe, one level of children. */
export interface NavLink {
  label: string;
  href: string;
}
export interface NavItem extends NavLink {
  children: NavLink[];
}

function readLink(raw: Content): NavLink | null {
  const label = readText(raw, 'label');
  const href = safeHref(raw.href);
  return label && href ? { label, href } : null;
}

export function readNavigation(content: unknown): NavItem[] {
  const raw = asContent(content);
  if (!raw) return [];
  return readList(raw, 'items')
    .slice(0, NAVIGATION_MAX_ITEMS)
    .flatMap((item) => {
      const link = readLink(item);
      if (!link) return [];
      const children = readList(item, 'children')
        .slice(0, NAVIGATION_MAX_CHILDREN)
        .map(readLink)
        .filter((child): child is NavLink => child !== null);
      return [{ ...link, children }];
    });
}

/** The menus of the navigation sections among `sections`, one after the other. */
export function navigationOf(sections: readonly SectionModel[] | undefined): NavItem[] {
  return (sections ?? []).filter((section) => section.block === 'navigation').flatMap((section) => readNavigation(section.content));
}

/** One entry's link, marked as the current page when it points here. */
function EntryLink({ item, current, className }: { item: { href: string; label: string }; current: string; className?: string }) {
  return (
    <a className={className} href={item.href} aria-current={isCurrent(item.href, current) ? 'page' : undefined}>
      {item.label}
    </a>
  );
}

/** `/fr/blog/` and `/fr/blog?x#y` are the page `/fr/blog`. */
function pathOfHref(href: string): string {
  const path = href.split(/[?#]/, 1)[0];
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const isCurrent = (href: string, current: string) => href.startsWith('/') && pathOfHref(href) === current;

function Links({ items, current, className }: { items: readonly NavItem[]; current: string; className: string }) {
  return (
    <ul className={className}>
      {items.map((item, index) => {
        const inside = item.children.some((child) => isCurrent(child.href, current));
        return (
          <li key={index} className={item.children.length > 0 ? `site-nav__group${inside ? ' site-nav__group--current' : ''}` : undefined}>
            <EntryLink item={item} current={current} />
            {item.children.length > 0 && (
              <ul className="site-nav__sub">
                {item.children.map((child, childIndex) => (
                  <li key={childIndex}>
                    <EntryLink item={child} current={current} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's menu. Without JavaScript, small screens need a disclosure that works alone:
 * `<details>`. Wide screens show the links in the bar; a closed `<details>` cannot show its content
 * there in every browser, so the bar has its own copy of the list and CSS shows one of the two
 * (the other is `display: none`, out of the accessibility tree).
 */
export function HeaderNav({ items, current, label, menuLabel }: { items: readonly NavItem[]; current: string; label: string; menuLabel: string }) {
  if (items.length === 0) return null;
  return (
    <nav className="site-nav" aria-label={label}>
      <Links items={items} current={pathOfHref(current)} className="site-nav__list site-nav__list--wide" />
      <details className="site-nav__menu">
        <summary className="site-nav__toggle">
          <span className="site-nav__burger" aria-hidden="true" />
          {menuLabel}
        </summary>
        <Links items={items} current={pathOfHref(current)} className="site-nav__list site-nav__list--narrow" />
      </details>
    </nav>
  );
}

/** The footer's menu: each entry a column, its children below it. */
export function FooterNav({ items, current, label }: { items: readonly NavItem[]; current: string; label: string }) {
  if (items.length === 0) return null;
  const here = pathOfHref(current);
  return (
    <nav className="footer-nav" aria-label={label}>
      <ul className="footer-nav__columns">
        {items.map((item, index) => (
          <li key={index} className="footer-nav__column">
            <EntryLink item={item} current={here} className="footer-nav__heading" />
            {item.children.length > 0 && (
              <ul className="footer-nav__links">
                {item.children.map((child, childIndex) => (
                  <li key={childIndex}>
                    <EntryLink item={child} current={here} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
