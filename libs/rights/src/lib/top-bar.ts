import { CONTAINER_MENU_LIMIT, type ContainerListItem, RightType } from '@cms/contracts';
import {
  ADMIN_ROUTES,
  containerContentCreateHref,
  containerContentsHref,
  containerEditHref,
} from './admin-routes';
import { hasAnyRight, hasRight, holdsAnyRight, type RightsSubject } from './subject';

/** The public home page lives outside the back office. */
export const HOME_HREF = '/';

export type TopBarEntryKey =
  | 'home'
  | 'containers'
  | 'contents'
  | 'elements'
  | 'users'
  | 'roles'
  | 'messages'
  | 'forms'
  | 'medias'
  | 'layout';

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

function linkIf(allowed: boolean, key: string, label: string, href: string): MenuLink[] {
  return allowed ? [{ key, label, href }] : [];
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
export function buildTopBar(
  subject: RightsSubject | null | undefined,
  containers: readonly ContainerListItem[] = [],
): TopBar {
  const signedInWithRights = holdsAnyRight(subject);
  const can = (right: RightType) => signedInWithRights && hasRight(subject, right);
  const canAny = (rights: RightType[]) => signedInWithRights && hasAnyRight(subject, rights);

  const entries: TopBarEntry[] = [
    { key: 'home', label: 'cms.menu.home', href: HOME_HREF, visible: signedInWithRights, dropdown: null },
    {
      key: 'containers',
      label: 'cms.menu.containers',
      href: ADMIN_ROUTES.containers,
      visible: can(RightType.VIEW_CONTAINER),
      dropdown: {
        disabled: !canAny([
          RightType.VIEW_CONTENT,
          RightType.CREATE_CONTENT,
          RightType.UPDATE_CONTAINER,
          RightType.CREATE_CONTAINER,
        ]),
        links: linkIf(can(RightType.CREATE_CONTAINER), 'create-container', 'cms.menu.create_container', ADMIN_ROUTES.containerCreate),
        containers: subject && signedInWithRights ? containerShortcuts(subject, containers) : [],
      },
    },
    {
      key: 'contents',
      label: 'cms.menu.contents',
      href: ADMIN_ROUTES.contents,
      visible: can(RightType.VIEW_CONTENT),
      dropdown: {
        disabled: !can(RightType.CREATE_CONTENT),
        links: linkIf(can(RightType.CREATE_CONTENT), 'create-content', 'cms.menu.create_content', ADMIN_ROUTES.contentCreate),
      },
    },
    {
      key: 'elements',
      label: 'cms.menu.elements',
      href: ADMIN_ROUTES.elements,
      visible: can(RightType.VIEW_ELEMENT),
      dropdown: {
        disabled: !can(RightType.CREATE_ELEMENT),
        links: linkIf(can(RightType.CREATE_ELEMENT), 'create-element', 'cms.menu.create_element', ADMIN_ROUTES.elementCreate),
      },
    },
    {
      key: 'users',
      label: 'cms.menu.users',
      href: ADMIN_ROUTES.users,
      visible: can(RightType.VIEW_USER),
      dropdown: {
        disabled: !canAny([RightType.CREATE_USER, RightType.VIEW_ROLE]),
        links: [
          ...linkIf(can(RightType.CREATE_USER), 'create-user', 'cms.menu.create_user', ADMIN_ROUTES.userCreate),
          ...linkIf(can(RightType.VIEW_ROLE), 'roles', 'cms.menu.roles', ADMIN_ROUTES.roles),
        ],
      },
    },
    {
      key: 'roles',
      label: 'cms.menu.roles',
      href: ADMIN_ROUTES.roles,
      visible: can(RightType.VIEW_ROLE) && !can(RightType.VIEW_USER),
      dropdown: null,
    },
    {
      key: 'messages',
      label: 'cms.menu.messages',
      href: ADMIN_ROUTES.messages,
      visible: can(RightType.VIEW_MESSAGE) && !can(RightType.VIEW_FORM),
      dropdown: null,
    },
    {
      key: 'forms',
      label: 'cms.menu.forms',
      href: ADMIN_ROUTES.forms,
      visible: can(RightType.VIEW_FORM),
      dropdown: {
        disabled: !canAny([RightType.CREATE_FORM, RightType.VIEW_MESSAGE]),
        links: [
          ...linkIf(can(RightType.CREATE_FORM), 'create-form', 'cms.menu.create_form', ADMIN_ROUTES.formCreate),
          ...linkIf(can(RightType.VIEW_MESSAGE), 'messages', 'cms.menu.messages', ADMIN_ROUTES.messages),
        ],
      },
    },
    {
      key: 'medias',
      label: 'cms.menu.medias',
      href: ADMIN_ROUTES.medias,
      visible: can(RightType.VIEW_MEDIA),
      dropdown: {
        disabled: !can(RightType.VIEW_MEDIAPACK),
        links: linkIf(can(RightType.VIEW_MEDIAPACK), 'media-packs', 'cms.menu.media_packs', ADMIN_ROUTES.mediaPacks),
      },
    },
    { key: 'layout', label: 'cms.menu.layout', href: ADMIN_ROUTES.layout, visible: can(RightType.VIEW_LAYOUT), dropdown: null },
  ];

  const userMenu: UserMenuItem[] = [
    { key: 'settings', label: 'cms.menu.settings', href: ADMIN_ROUTES.settings, visible: can(RightType.ACCESS_SETTINGS) },
    { key: 'revalidate', label: 'cms.menu.revalidate', href: null, visible: can(RightType.REVALIDATION) },
    { key: 'disconnect', label: 'cms.menu.disconnect', href: null, visible: true },
  ];

  return { visible: signedInWithRights, entries, userMenu };
}
