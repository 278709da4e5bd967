import { RightType } from '@cms/contracts';
import { hasAllRights, hasAnyRight, isSuperAdmin, type RightsSubject } from './subject';

/**
 * What an action asks of the caller: every right of `all`, or one right of `any`. The API's
 * guard and the back office's canAccess both read these rules, so they cannot disagree.
 */
export type RightsRule = { readonly all: readonly RightType[] } | { readonly any: readonly RightType[] };

/** The actions the table names. `choices` is the narrow id + title list a picker reads. */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'import' | 'export' | 'choices';

const all = (...rights: RightType[]): RightsRule => ({ all: rights });
const any = (...rights: RightType[]): RightsRule => ({ any: rights });

function crud(noun: string): Partial<Record<ResourceAction, RightsRule>> {
  const right = (verb: string) => `${verb}_${noun}` as RightType;
  return { list: all(right('VIEW')), show: all(right('VIEW')), create: all(right('CREATE')), edit: all(right('UPDATE')), delete: all(right('DELETE')) };
}

const R = RightType;
/** Screens that edit page blocks (sections of containers and contents, elements, the layout) pick forms, elements and containers. */
const BLOCK_EDIT_RIGHTS = [R.CREATE_CONTAINER, R.UPDATE_CONTAINER, R.CREATE_CONTENT, R.UPDATE_CONTENT, R.CREATE_ELEMENT, R.UPDATE_ELEMENT, R.UPDATE_LAYOUT];
/** Screens that pick roles: page accesses of containers and contents, a user's role, an API token's role (a setting). */
const ROLE_PICK_RIGHTS = [R.CREATE_CONTAINER, R.UPDATE_CONTAINER, R.CREATE_CONTENT, R.UPDATE_CONTENT, R.CREATE_USER, R.UPDATE_USER, R.ACCESS_SETTINGS];

/**
 * The (resource, action) → rights table of the whole product, under the API's resource names.
 * Every rights-guarded API route names one cell of it (`@RequireRights(resource, action)`).
 */
export const RESOURCE_RULES = {
  containers: { ...crud('CONTAINER'), choices: any(R.VIEW_CONTAINER, ...BLOCK_EDIT_RIGHTS) },
  // Import is a create of many (POST /api/contents/bulk), export a read of many.
  contents: { ...crud('CONTENT'), import: all(R.CREATE_CONTENT), export: all(R.VIEW_CONTENT) },
  // The Pages tree: read with the contents' view right; a move asks, per page, UPDATE_CONTENT
  // (a content's page) or UPDATE_CONTAINER (a container's), checked by the handler.
  pages: { list: all(R.VIEW_CONTENT), edit: any(R.UPDATE_CONTENT, R.UPDATE_CONTAINER) },
  elements: { ...crud('ELEMENT'), choices: any(R.VIEW_ELEMENT, ...BLOCK_EDIT_RIGHTS) },
  forms: { ...crud('FORM'), choices: any(R.VIEW_FORM, ...BLOCK_EDIT_RIGHTS) },
  users: crud('USER'),
  roles: { ...crud('ROLE'), choices: any(R.VIEW_ROLE, ...ROLE_PICK_RIGHTS) },
  medias: crud('MEDIA'),
  'media-packs': crud('MEDIAPACK'),
  // Redirects keep the contents' addresses working: whoever reads contents sees them, whoever
  // edits contents (and so renames and moves pages, which records redirects) manages them.
  redirects: {
    list: all(R.VIEW_CONTENT),
    show: all(R.VIEW_CONTENT),
    create: all(R.UPDATE_CONTENT),
    edit: all(R.UPDATE_CONTENT),
    delete: all(R.UPDATE_CONTENT),
  },
  // VIEW_MESSAGE is the one message right of the spec: it reads, exports and marks messages
  // read. Deleting destroys what a form received, so it also takes DELETE_FORM, the right that
  // already destroys a form's messages with the form.
  messages: {
    list: all(R.VIEW_MESSAGE),
    show: all(R.VIEW_MESSAGE),
    edit: all(R.VIEW_MESSAGE),
    export: all(R.VIEW_MESSAGE),
    delete: all(R.VIEW_MESSAGE, R.DELETE_FORM),
  },
  layout: { list: all(R.VIEW_LAYOUT), show: all(R.VIEW_LAYOUT), edit: all(R.UPDATE_LAYOUT) },
  settings: {
    list: all(R.ACCESS_SETTINGS),
    show: all(R.ACCESS_SETTINGS),
    create: all(R.ACCESS_SETTINGS),
    edit: all(R.ACCESS_SETTINGS),
    delete: all(R.ACCESS_SETTINGS),
  },
  // API tokens act for machines; managing them is a setting (their rights are capped by their creator's).
  tokens: {
    list: all(R.ACCESS_SETTINGS),
    show: all(R.ACCESS_SETTINGS),
    create: all(R.ACCESS_SETTINGS),
    edit: all(R.ACCESS_SETTINGS),
    delete: all(R.ACCESS_SETTINGS),
  },
  revalidation: { create: all(R.REVALIDATION) },
  // Webhooks send the site's events to other systems with a secret: settings of the whole site.
  webhooks: {
    list: all(R.ACCESS_SETTINGS),
    show: all(R.ACCESS_SETTINGS),
    create: all(R.ACCESS_SETTINGS),
    edit: all(R.ACCESS_SETTINGS),
    delete: all(R.ACCESS_SETTINGS),
  },
  // The audit log is read-only: the API has no route that creates, edits or deletes an entry.
  audit: { list: all(R.ACCESS_SETTINGS), export: all(R.ACCESS_SETTINGS), choices: all(R.ACCESS_SETTINGS) },
} as const satisfies Record<string, Partial<Record<ResourceAction, RightsRule>>>;

export type RuledResource = keyof typeof RESOURCE_RULES;

/** The back office names some screens after their route (/admin/users/roles, /admin/medias/packs). */
export const RESOURCE_ALIASES: Readonly<Record<string, RuledResource>> = { 'users/roles': 'roles', 'medias/packs': 'media-packs' };

/** react-admin's actions (and its field-level read/write) that are another name of a table action. */
const ACTION_ALIASES: Record<string, ResourceAction> = { read: 'show', write: 'edit', update: 'edit', clone: 'create' };

/** The rule of a (resource, action), or null when nothing opens it (then only super-admin may). */
export function ruleFor(resource: string, action: string): RightsRule | null {
  // Field-level checks name `resource.field`: they follow the resource's own rules.
  const base = resource.split('.')[0];
  const rules: Partial<Record<ResourceAction, RightsRule>> | undefined = (RESOURCE_RULES as Record<string, Partial<Record<ResourceAction, RightsRule>>>)[
    RESOURCE_ALIASES[base] ?? base
  ];
  if (!rules) return null;
  const name = (ACTION_ALIASES[action] ?? action) as ResourceAction;
  // A resource without an export of its own exports what its list shows.
  return rules[name] ?? (name === 'export' ? (rules.list ?? null) : null);
}

/** The rights a rule names, `+` for all of them and `|` for one of them (as tests and errors print it). */
export function describeRightsRule(rule: RightsRule): string {
  return 'all' in rule ? rule.all.join('+') : rule.any.join('|');
}

export function satisfiesRule(subject: RightsSubject | null | undefined, rule: RightsRule): boolean {
  return 'all' in rule ? hasAllRights(subject, rule.all) : hasAnyRight(subject, rule.any);
}

/**
 * What react-admin's `authProvider.canAccess({ resource, action })` answers: true when the
 * subject satisfies the rule of the action. Unknown resources and actions are denied to everyone
 * but the super-admin role, which bypasses page access checks.
 */
export function canAccessResource(subject: RightsSubject | null | undefined, resource: string, action: string): boolean {
  if (!subject) return false;
  if (isSuperAdmin(subject)) return true;
  const rule = ruleFor(resource, action);
  return rule !== null && satisfiesRule(subject, rule);
}
