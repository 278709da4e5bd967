import { CONTAINER_MENU_LIMIT, type ContainerListItem, RIGHT_TYPES, RightType, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { buildTopBar, shouldFetchContainers, type TopBar, type TopBarEntryKey, type UserMenuItemKey } from '../index';

const R = RightType;
const user = (...rights: RightType[]) => ({ role: 'staff', rights });
const superAdmin = { role: SUPER_ADMIN_ROLE_ID, rights: [] };
const containers: ContainerListItem[] = [
  { id: 1, title: 'Blog' },
  { id: 2, title: 'Products' },
];

const entry = (bar: TopBar, key: TopBarEntryKey) => {
  const found = bar.entries.find((e) => e.key === key);
  if (!found) throw new Error(`no entry ${key}`);
  return found;
};
const visibleKeys = (bar: TopBar) => bar.entries.filter((e) => e.visible).map((e) => e.key);
const linkLabels = (bar: TopBar, key: TopBarEntryKey) => entry(bar, key).dropdown?.links.map((l) => l.label) ?? [];
const userItem = (bar: TopBar, key: UserMenuItemKey) => bar.userMenu.find((i) => i.key === key);

describe('top bar visibility', () => {
  it('is hidden from signed-out visitors', () => {
    const bar = buildTopBar(null, containers);
    expect(bar.visible).toBe(false);
    expect(visibleKeys(bar)).toEqual([]);
  });

  it('is hidden from a signed-in user who holds no right', () => {
    const bar = buildTopBar(user(), containers);
    expect(bar.visible).toBe(false);
    expect(visibleKeys(bar)).toEqual([]);
  });

  it('lists the eleven entries in the order of the spec, labelled by i18n keys', () => {
    expect(buildTopBar(superAdmin).entries.map((e) => e.label)).toEqual([
      'cms.menu.home',
      'cms.menu.containers',
      'cms.menu.contents',
      'cms.menu.pages',
      'cms.menu.elements',
      'cms.menu.users',
      'cms.menu.roles',
      'cms.menu.messages',
      'cms.menu.forms',
      'cms.menu.medias',
      'cms.menu.layout',
    ]);
  });

  it('shows Home linking to the public home page to any user with a right', () => {
    const home = entry(buildTopBar(user(R.VIEW_LAYOUT)), 'home');
    expect(home).toMatchObject({ visible: true, href: '/', dropdown: null });
  });

  it('shows every entry but the standalone Roles and Messages to the super-admin role', () => {
    const bar = buildTopBar(superAdmin);
    expect(bar.visible).toBe(true);
    expect(visibleKeys(bar)).toEqual(['home', 'containers', 'contents', 'pages', 'elements', 'users', 'forms', 'medias', 'layout']);
  });

  it('shows the same entries to a role that holds every right', () => {
    expect(visibleKeys(buildTopBar(user(...RIGHT_TYPES)))).toEqual(visibleKeys(buildTopBar(superAdmin)));
  });
});

describe('containers entry', () => {
  it('needs VIEW_CONTAINER and links to the container list', () => {
    expect(entry(buildTopBar(user(R.VIEW_CONTENT)), 'containers').visible).toBe(false);
    expect(entry(buildTopBar(user(R.VIEW_CONTAINER)), 'containers')).toMatchObject({ visible: true, href: '/admin/containers' });
  });

  it('disables its dropdown without VIEW_CONTENT, CREATE_CONTENT, UPDATE_CONTAINER or CREATE_CONTAINER', () => {
    expect(entry(buildTopBar(user(R.VIEW_CONTAINER, R.DELETE_CONTAINER), containers), 'containers').dropdown?.disabled).toBe(true);
    for (const right of [R.VIEW_CONTENT, R.CREATE_CONTENT, R.UPDATE_CONTAINER, R.CREATE_CONTAINER]) {
      expect(entry(buildTopBar(user(R.VIEW_CONTAINER, right), containers), 'containers').dropdown?.disabled).toBe(false);
    }
  });

  it('offers Create a container only with CREATE_CONTAINER', () => {
    expect(linkLabels(buildTopBar(user(R.VIEW_CONTAINER, R.UPDATE_CONTAINER)), 'containers')).toEqual([]);
    expect(entry(buildTopBar(user(R.VIEW_CONTAINER, R.CREATE_CONTAINER)), 'containers').dropdown?.links).toEqual([
      { key: 'create-container', label: 'cms.menu.create_container', href: '/admin/containers/create' },
    ]);
  });

  it("gives each container 'All {title}' and 'Create a {title}' shortcuts (keys the admin fills with the title)", () => {
    const bar = buildTopBar(superAdmin, containers);
    expect(entry(bar, 'containers').dropdown?.containers).toEqual([
      {
        id: 1,
        title: 'Blog',
        editHref: '/admin/containers/1',
        allLabel: 'cms.menu.container_all',
        allHref: '/admin/contents?container=1',
        createLabel: 'cms.menu.container_create',
        createHref: '/admin/contents/create?container=1',
      },
      {
        id: 2,
        title: 'Products',
        editHref: '/admin/containers/2',
        allLabel: 'cms.menu.container_all',
        allHref: '/admin/contents?container=2',
        createLabel: 'cms.menu.container_create',
        createHref: '/admin/contents/create?container=2',
      },
    ]);
  });

  it('links a container title to its edit page only with UPDATE_CONTAINER', () => {
    const withoutUpdate = entry(buildTopBar(user(R.VIEW_CONTAINER, R.VIEW_CONTENT), containers), 'containers');
    expect(withoutUpdate.dropdown?.containers?.map((c) => c.editHref)).toEqual([null, null]);
    const withUpdate = entry(buildTopBar(user(R.VIEW_CONTAINER, R.UPDATE_CONTAINER), containers), 'containers');
    expect(withUpdate.dropdown?.containers?.map((c) => c.editHref)).toEqual(['/admin/containers/1', '/admin/containers/2']);
  });

  it("offers 'Create a {title}' only with CREATE_CONTENT and 'All {title}' only with VIEW_CONTENT", () => {
    const viewer = entry(buildTopBar(user(R.VIEW_CONTAINER, R.VIEW_CONTENT), containers), 'containers');
    expect(viewer.dropdown?.containers?.[0]).toMatchObject({ allHref: '/admin/contents?container=1', createHref: null });
    const creator = entry(buildTopBar(user(R.VIEW_CONTAINER, R.CREATE_CONTENT), containers), 'containers');
    expect(creator.dropdown?.containers?.[0]).toMatchObject({ allHref: null, createHref: '/admin/contents/create?container=1' });
  });

  it(`lists at most the first ${CONTAINER_MENU_LIMIT} containers`, () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, title: `C${i + 1}` }));
    const listed = entry(buildTopBar(superAdmin, many), 'containers').dropdown?.containers ?? [];
    expect(listed).toHaveLength(15);
    expect(listed[0].title).toBe('C1');
    expect(listed[14].title).toBe('C15');
  });

  it('lists no container when none was given', () => {
    expect(entry(buildTopBar(superAdmin), 'containers').dropdown?.containers).toEqual([]);
  });
});

describe('contents and elements entries', () => {
  it('shows Contents with VIEW_CONTENT, its dropdown holding Translations and Redirects, and Create a content with CREATE_CONTENT', () => {
    expect(entry(buildTopBar(user(R.VIEW_ELEMENT)), 'contents').visible).toBe(false);
    const translations = { key: 'translations', label: 'cms.menu.translations', href: '/admin/translations' };
    const redirects = { key: 'redirects', label: 'cms.menu.redirects', href: '/admin/redirects' };
    const viewer = entry(buildTopBar(user(R.VIEW_CONTENT)), 'contents');
    expect(viewer).toMatchObject({ visible: true, href: '/admin/contents', dropdown: { disabled: false, links: [translations, redirects] } });
    const creator = entry(buildTopBar(user(R.VIEW_CONTENT, R.CREATE_CONTENT)), 'contents');
    expect(creator.dropdown).toEqual({
      disabled: false,
      links: [{ key: 'create-content', label: 'cms.menu.create_content', href: '/admin/contents/create' }, translations, redirects],
    });
  });

  it('shows Elements with VIEW_ELEMENT and disables its dropdown without CREATE_ELEMENT', () => {
    expect(entry(buildTopBar(user(R.VIEW_CONTENT)), 'elements').visible).toBe(false);
    const viewer = entry(buildTopBar(user(R.VIEW_ELEMENT)), 'elements');
    expect(viewer).toMatchObject({ visible: true, href: '/admin/elements', dropdown: { disabled: true, links: [] } });
    const creator = entry(buildTopBar(user(R.VIEW_ELEMENT, R.CREATE_ELEMENT)), 'elements');
    expect(creator.dropdown).toEqual({
      disabled: false,
      links: [{ key: 'create-element', label: 'cms.menu.create_element', href: '/admin/elements/create' }],
    });
  });
});

describe('users and roles entries', () => {
  it('shows Users with VIEW_USER', () => {
    expect(entry(buildTopBar(user(R.VIEW_ROLE)), 'users').visible).toBe(false);
    expect(entry(buildTopBar(user(R.VIEW_USER)), 'users')).toMatchObject({ visible: true, href: '/admin/users' });
  });

  it('offers Create a user only with CREATE_USER and Roles only with VIEW_ROLE in the Users dropdown', () => {
    expect(linkLabels(buildTopBar(user(R.VIEW_USER, R.CREATE_USER)), 'users')).toEqual(['cms.menu.create_user']);
    expect(linkLabels(buildTopBar(user(R.VIEW_USER, R.VIEW_ROLE)), 'users')).toEqual(['cms.menu.roles']);
    expect(entry(buildTopBar(user(R.VIEW_USER, R.CREATE_USER, R.VIEW_ROLE)), 'users').dropdown?.links).toEqual([
      { key: 'create-user', label: 'cms.menu.create_user', href: '/admin/users/create' },
      { key: 'roles', label: 'cms.menu.roles', href: '/admin/users/roles' },
    ]);
  });

  it('disables the Users dropdown when it has nothing to offer', () => {
    expect(entry(buildTopBar(user(R.VIEW_USER, R.UPDATE_USER)), 'users').dropdown).toEqual({ disabled: true, links: [] });
  });

  it('shows Roles alone when the user may view roles but not users', () => {
    const bar = buildTopBar(user(R.VIEW_ROLE));
    expect(entry(bar, 'roles')).toMatchObject({ visible: true, href: '/admin/users/roles', dropdown: null });
    expect(entry(bar, 'users').visible).toBe(false);
  });

  it('hides the standalone Roles entry when the user may also view users', () => {
    expect(entry(buildTopBar(user(R.VIEW_ROLE, R.VIEW_USER)), 'roles').visible).toBe(false);
    expect(entry(buildTopBar(user(R.VIEW_USER)), 'roles').visible).toBe(false);
  });
});

describe('forms and messages entries', () => {
  it('shows Forms with VIEW_FORM', () => {
    expect(entry(buildTopBar(user(R.VIEW_MESSAGE)), 'forms').visible).toBe(false);
    expect(entry(buildTopBar(user(R.VIEW_FORM)), 'forms')).toMatchObject({ visible: true, href: '/admin/forms' });
  });

  it('disables the Forms dropdown without CREATE_FORM or VIEW_MESSAGE', () => {
    expect(entry(buildTopBar(user(R.VIEW_FORM, R.UPDATE_FORM)), 'forms').dropdown).toEqual({ disabled: true, links: [] });
    expect(entry(buildTopBar(user(R.VIEW_FORM, R.CREATE_FORM)), 'forms').dropdown).toEqual({
      disabled: false,
      links: [{ key: 'create-form', label: 'cms.menu.create_form', href: '/admin/forms/create' }],
    });
    expect(entry(buildTopBar(user(R.VIEW_FORM, R.VIEW_MESSAGE)), 'forms').dropdown).toEqual({
      disabled: false,
      links: [{ key: 'messages', label: 'cms.menu.messages', href: '/admin/messages' }],
    });
  });

  it('shows Messages alone when the user may view messages but not forms', () => {
    const bar = buildTopBar(user(R.VIEW_MESSAGE));
    expect(entry(bar, 'messages')).toMatchObject({ visible: true, href: '/admin/messages', dropdown: null });
    expect(entry(bar, 'forms').visible).toBe(false);
  });

  it('hides the standalone Messages entry when the user may also view forms', () => {
    expect(entry(buildTopBar(user(R.VIEW_MESSAGE, R.VIEW_FORM)), 'messages').visible).toBe(false);
  });
});

describe('medias and layout entries', () => {
  it('shows Medias with VIEW_MEDIA', () => {
    expect(entry(buildTopBar(user(R.VIEW_MEDIAPACK)), 'medias').visible).toBe(false);
    expect(entry(buildTopBar(user(R.VIEW_MEDIA)), 'medias')).toMatchObject({ visible: true, href: '/admin/medias' });
  });

  it('offers the Media Packs link only with VIEW_MEDIAPACK', () => {
    expect(entry(buildTopBar(user(R.VIEW_MEDIA)), 'medias').dropdown).toEqual({ disabled: true, links: [] });
    expect(entry(buildTopBar(user(R.VIEW_MEDIA, R.VIEW_MEDIAPACK)), 'medias').dropdown).toEqual({
      disabled: false,
      links: [{ key: 'media-packs', label: 'cms.menu.media_packs', href: '/admin/medias/packs' }],
    });
  });

  it('shows Layout with VIEW_LAYOUT, without a dropdown', () => {
    expect(entry(buildTopBar(user(R.UPDATE_LAYOUT)), 'layout').visible).toBe(false);
    expect(entry(buildTopBar(user(R.VIEW_LAYOUT)), 'layout')).toMatchObject({ visible: true, href: '/admin/layout', dropdown: null });
  });
});

describe('user menu', () => {
  it('offers Settings only with ACCESS_SETTINGS, linking to /admin', () => {
    expect(userItem(buildTopBar(user(R.VIEW_USER)), 'settings')?.visible).toBe(false);
    expect(userItem(buildTopBar(user(R.ACCESS_SETTINGS)), 'settings')).toEqual({
      key: 'settings',
      label: 'cms.menu.settings',
      href: '/admin',
      visible: true,
    });
  });

  it('offers Revalidate all only with REVALIDATION', () => {
    expect(userItem(buildTopBar(user(R.VIEW_USER)), 'revalidate')?.visible).toBe(false);
    expect(userItem(buildTopBar(user(R.REVALIDATION)), 'revalidate')).toMatchObject({ label: 'cms.menu.revalidate', visible: true });
  });

  it('always offers Disconnect', () => {
    for (const subject of [null, user(), user(R.VIEW_USER), superAdmin]) {
      expect(userItem(buildTopBar(subject), 'disconnect')).toMatchObject({ label: 'cms.menu.disconnect', visible: true });
    }
  });

  it('lists Settings, Revalidate all and Disconnect in that order', () => {
    expect(buildTopBar(superAdmin).userMenu.map((i) => i.label)).toEqual(['cms.menu.settings', 'cms.menu.revalidate', 'cms.menu.disconnect']);
  });
});

describe('container list fetching', () => {
  it('fetches the container list only for a user with at least one right', () => {
    expect(shouldFetchContainers(null)).toBe(false);
    expect(shouldFetchContainers(undefined)).toBe(false);
    expect(shouldFetchContainers(user())).toBe(false);
    expect(shouldFetchContainers(user(R.VIEW_LAYOUT))).toBe(true);
    expect(shouldFetchContainers(superAdmin)).toBe(true);
  });
});
