import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import { ROLES_RESOURCE } from './roles/resource-name';

/** Plural forms are split by `||||` as in react-admin's polyglot messages. */
function resourceMessages(resource: string, singular: string, plural: string): Record<string, string> {
  const lower = plural.toLowerCase();
  return {
    [`resources.${resource}.name`]: `${singular} |||| ${plural}`,
    [`resources.${resource}.notifications.created`]: `${singular} created`,
    [`resources.${resource}.notifications.updated`]: `${singular} updated |||| %{smart_count} ${lower} updated`,
    [`resources.${resource}.notifications.deleted`]: `${singular} deleted |||| %{smart_count} ${lower} deleted`,
  };
}

const MESSAGES: Record<string, string> = {
  ...resourceMessages('containers', 'Container', 'Containers'),
  ...resourceMessages('contents', 'Content', 'Contents'),
  ...resourceMessages('medias', 'Media', 'Medias'),
  ...resourceMessages('forms', 'Form', 'Forms'),
  ...resourceMessages('elements', 'Element', 'Elements'),
  ...resourceMessages('messages', 'Message', 'Messages'),
  ...resourceMessages('medias/packs', 'Media pack', 'Media packs'),
  'resources.users.name': 'User |||| Users',
  'resources.users.notifications.created': 'User created',
  'resources.users.notifications.updated': 'User updated |||| %{smart_count} users updated',
  'resources.users.notifications.deleted': 'User deleted |||| %{smart_count} users deleted',
  [`resources.${ROLES_RESOURCE}.name`]: 'Role |||| Roles',
  [`resources.${ROLES_RESOURCE}.notifications.created`]: 'Role created',
  [`resources.${ROLES_RESOURCE}.notifications.updated`]: 'Role updated |||| %{smart_count} roles updated',
  [`resources.${ROLES_RESOURCE}.notifications.deleted`]: 'Role deleted |||| %{smart_count} roles deleted',
};

function format(message: string, options: Record<string, unknown> = {}): string {
  const count = typeof options.smart_count === 'number' ? options.smart_count : 1;
  const [singular, plural = singular] = message.split('||||').map((form) => form.trim());
  return (count === 1 ? singular : plural).replace(/%\{(\w+)\}/g, (match, name: string) =>
    name in options ? String(options[name]) : match,
  );
}

/** react-admin's English messages, with the names and notifications of this back office. */
export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => (key in MESSAGES ? format(MESSAGES[key], options) : defaultI18nProvider.translate(key, options)),
};
