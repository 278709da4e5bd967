/** Admin routes of the spec (section 2), as links the menu points to. */
export const ADMIN_ROUTES = {
  settings: '/admin',
  containers: '/admin/containers',
  containerCreate: '/admin/containers/create',
  contents: '/admin/contents',
  contentCreate: '/admin/contents/create',
  pages: '/admin/pages',
  redirects: '/admin/redirects',
  elements: '/admin/elements',
  elementCreate: '/admin/elements/create',
  users: '/admin/users',
  userCreate: '/admin/users/create',
  roles: '/admin/users/roles',
  forms: '/admin/forms',
  formCreate: '/admin/forms/create',
  messages: '/admin/messages',
  medias: '/admin/medias',
  mediaPacks: '/admin/medias/packs',
  layout: '/admin/layout',
  audit: '/admin/audit',
  tokens: '/admin/tokens',
  webhooks: '/admin/webhooks',
  translations: '/admin/translations',
} as const;

export function containerEditHref(containerId: number | string): string {
  return `${ADMIN_ROUTES.containers}/${encodeURIComponent(String(containerId))}`;
}

export function containerContentsHref(containerId: number | string): string {
  return `${ADMIN_ROUTES.contents}?container=${encodeURIComponent(String(containerId))}`;
}

export function containerContentCreateHref(containerId: number | string): string {
  return `${ADMIN_ROUTES.contentCreate}?container=${encodeURIComponent(String(containerId))}`;
}
