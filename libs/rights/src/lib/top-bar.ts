import { CONTAINER_MENU_LIMIT, type ContainerListItem, RightType } from '@cms/contracts';
import { ADMIN_ROUTES, containerContentCreateHref, containerContentsHref, containerEditHref } from './admin-routes';
import { hasAnyRight, hasRight, holdsAnyRight, type RightsSubject } from './subject';

/** The public home page lives outside the back office. */
export const HOME_HREF = '/';

export type TopBarEntryKey = 'home' | 'containers' | 'contents' | 'pages' | 'elements' | 'users' | 'roles' | 'messages' | 'forms' | 'medias' | 'layout';

/**
 * Labels are i18n keys of the back office's catalogs (`cms.menu.*`), not English: the admin
 * translates them, and the container shortcuts take the container's title as `%{title}`.
 */
export interface MenuLink {
  key: string;
  label: string;
  href: string;
}

/** One container of the Containers dropdown; a null href means the link is not offered. */
export interface ContainerShortcut {
  id: number;
  title: string;
  /** The title links to the container's edit page only with UPDATE_CONTAINER. */
  editHref: string | null;
  allLabel: string;
  allHref: string | null;
  createLabel: string;
  createHref: string | null;
}

export interface TopBarDropdown {
  disabled: boolean;
  links: MenuLink[];
  /** Only on the Containers entry. */
  containers?: ContainerShortcut[];
}

export interface TopBarEntry {
  key: TopBarEntryKey;
  label: string;
  href: string;
  visible: boolean;
  dropdown: TopBarDropdown | null;
}

export type UserMenuItemKey = 'settings' | 'revalidate' | 'disconnect';

export interface UserMenuItem {
  key: UserMenuItemKey;
  label: string;
  /** Settings is a link; Revalidate all and Disconnect are actions. */
  href: string | null;
  visible: boolean;
}

export interface TopBar {
  /** Shown only to signed-in users who hold at least one right. */
  visible: boolean;
  entries: TopBarEntry[];
  userMenu: UserMenuItem[];
}

/** The container list behind the Containers dropdown is fetched only for users with a right. */
export function shouldFetchContainers(subject: RightsSubject | null | undefined): boolean {
  return holdsAnyRight(subject);
}

/** A dropdown link shown only when `allowed`; its label is the key's catalog entry (`create-user` → `cms.menu.create_user`). */
function linkIf(allowed: boolean, key: string, href: string): MenuLink[] {
  return allowed ? [{ key, label: `cms.menu.${key.replaceAll('-', '_')}`, href }] : [];
}

/** A dropdown is disabled when none of its links is offered. */
function dropdownOf(...links: MenuLink[][]): TopBarDropdown {
  const offered = links.flat();
  return { disabled: offered.length === 0, links: offered };
}

function entry(key: TopBarEntryKey, href: string, visible: boolean, dropdown: TopBarDropdown | null = null): TopBarEntry {
  return { key, label: `cms.menu.${key}`, href, visible, dropdown };
}

function containerShortcuts(subject: RightsSubject, containers: readonly ContainerListItem[]): ContainerShortcut[] {
  const canEdit = hasRight(subject, RightType.UPDATE_CONTAINER);
  const canList = hasRight(subject, RightType.VIEW_CONTENT);
  const canCreate = hasRight(subject, RightType.CREATE_CONTENT);
  return containers.slice(0, CONTAINER_MENU_LIMIT).map((container) => ({
    id: container.id,
    title: container.title,
    editHref: canEdit ? containerEditHref(container.id) : null,
    allLabel: 'cms.menu.container_all',
    allHref: canList ? containerContentsHref(container.id) : null,
    createLabel: 'cms.menu.container_create',
    createHref: canCreate ? containerContentCreateHref(container.id) : null,
  }));
}

/**
 * The admin top bar of spec sections 2 and 6 as plain data: which entries show, which dropdowns
 * are disabled, and which shortcut links they hold. `containers` is the answer of
 * GET /api/containers (only the first CONTAINER_MENU_LIMIT are used).
 */
export function buildTopBar(subject: RightsSubject | null | undefined, containers: readonly ContainerListItem[] = []): TopBar {
  const signedInWithRights = holdsAnyRight(subject);
  const can = (right: RightType) => signedInWithRights && hasRight(subject, right);
  const canAny = (rights: RightType[]) => signedInWithRights && hasAnyRight(subject, rights);

  const entries: TopBarEntry[] = [
    entry('home', HOME_HREF, signedInWithRights),
    entry('containers', ADMIN_ROUTES.containers, can(RightType.VIEW_CONTAINER), {
      // Besides its create link, the dropdown holds each container's shortcuts.
      disabled: !canAny([RightType.VIEW_CONTENT, RightType.CREATE_CONTENT, RightType.UPDATE_CONTAINER, RightType.CREATE_CONTAINER]),
      links: linkIf(can(RightType.CREATE_CONTAINER), 'create-container', ADMIN_ROUTES.containerCreate),
      containers: subject && signedInWithRights ? containerShortcuts(subject, containers) : [],
    }),
    entry(
      'contents',
      ADMIN_ROUTES.contents,
      can(RightType.VIEW_CONTENT),
      // Redirects keep the contents' old addresses working, Translations says what is left to translate: both sit beside the contents.
      dropdownOf(
        linkIf(can(RightType.CREATE_CONTENT), 'create-content', ADMIN_ROUTES.contentCreate),
        linkIf(can(RightType.VIEW_CONTENT), 'translations', ADMIN_ROUTES.translations),
        linkIf(can(RightType.VIEW_CONTENT), 'redirects', ADMIN_ROUTES.redirects),
      ),
    ),
    // The site as a tree of pages (issue 27), read with the contents' view right.
    entry('pages', ADMIN_ROUTES.pages, can(RightType.VIEW_CONTENT)),
    entry(
      'elements',
      ADMIN_ROUTES.elements,
      can(RightType.VIEW_ELEMENT),
      dropdownOf(linkIf(can(RightType.CREATE_ELEMENT), 'create-element', ADMIN_ROUTES.elementCreate)),
    ),
    entry(
      'users',
      ADMIN_ROUTES.users,
      can(RightType.VIEW_USER),
      dropdownOf(linkIf(can(RightType.CREATE_USER), 'create-user', ADMIN_ROUTES.userCreate), linkIf(can(RightType.VIEW_ROLE), 'roles', ADMIN_ROUTES.roles)),
    ),
    // Roles and messages get an entry of their own only when the entry that holds them is hidden.
    entry('roles', ADMIN_ROUTES.roles, can(RightType.VIEW_ROLE) && !can(RightType.VIEW_USER)),
    entry('messages', ADMIN_ROUTES.messages, can(RightType.VIEW_MESSAGE) && !can(RightType.VIEW_FORM)),
    entry(
      'forms',
      ADMIN_ROUTES.forms,
      can(RightType.VIEW_FORM),
      dropdownOf(
        linkIf(can(RightType.CREATE_FORM), 'create-form', ADMIN_ROUTES.formCreate),
        linkIf(can(RightType.VIEW_MESSAGE), 'messages', ADMIN_ROUTES.messages),
      ),
    ),
    entry('medias', ADMIN_ROUTES.medias, can(RightType.VIEW_MEDIA), dropdownOf(linkIf(can(RightType.VIEW_MEDIAPACK), 'media-packs', ADMIN_ROUTES.mediaPacks))),
    entry('layout', ADMIN_ROUTES.layout, can(RightType.VIEW_LAYOUT)),
  ];

  const userMenu: UserMenuItem[] = [
    { key: 'settings', label: 'cms.menu.settings', href: ADMIN_ROUTES.settings, visible: can(RightType.ACCESS_SETTINGS) },
    { key: 'revalidate', label: 'cms.menu.revalidate', href: null, visible: can(RightType.REVALIDATION) },
    { key: 'disconnect', label: 'cms.menu.disconnect', href: null, visible: true },
  ];

  return { visible: signedInWithRights, entries, userMenu };
}
