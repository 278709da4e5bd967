import { RightType } from '@cms/contracts';
import { hasRight, isSuperAdmin, type RightsSubject } from './subject';

type Verb = 'view' | 'create' | 'update' | 'delete';
type VerbRights = Partial<Record<Verb, RightType>>;

function crud(noun: string): VerbRights {
  return {
    view: `VIEW_${noun}` as RightType,
    create: `CREATE_${noun}` as RightType,
    update: `UPDATE_${noun}` as RightType,
    delete: `DELETE_${noun}` as RightType,
  };
}

/**
 * Rights behind each back-office resource. Roles live at /admin/users/roles and media packs at
 * /admin/medias/packs, so those nested names are accepted beside the API names.
 */
const RESOURCE_RIGHTS: Record<string, VerbRights> = {
  containers: crud('CONTAINER'),
  contents: crud('CONTENT'),
  elements: crud('ELEMENT'),
  forms: crud('FORM'),
  users: crud('USER'),
  roles: crud('ROLE'),
  'users/roles': crud('ROLE'),
  medias: crud('MEDIA'),
  'media-packs': crud('MEDIAPACK'),
  'medias/packs': crud('MEDIAPACK'),
  // Messages arrive from the public forms: staff can only read, mark and remove them.
  messages: { view: RightType.VIEW_MESSAGE, update: RightType.VIEW_MESSAGE, delete: RightType.VIEW_MESSAGE },
  layout: { view: RightType.VIEW_LAYOUT, update: RightType.UPDATE_LAYOUT },
  settings: { view: RightType.ACCESS_SETTINGS, update: RightType.ACCESS_SETTINGS },
};

/** react-admin actions (and the field-level read/write) mapped to a verb. */
const ACTION_VERBS: Record<string, Verb> = {
  list: 'view',
  show: 'view',
  read: 'view',
  export: 'view',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  write: 'update',
  delete: 'delete',
};

/** The right an action on a resource needs, or null when nothing grants it. */
export function rightForResourceAction(resource: string, action: string): RightType | null {
  // Field-level checks name `resource.field`: they follow the resource's own rights.
  const baseResource = resource.split('.')[0];
  const verb = ACTION_VERBS[action];
  if (!verb) return null;
  return RESOURCE_RIGHTS[baseResource]?.[verb] ?? null;
}

/**
 * What react-admin's `authProvider.canAccess({ resource, action })` answers: true when the
 * subject holds the right the action needs. Unknown resources and actions are denied to everyone
 * but the super-admin role, which bypasses page access checks.
 */
export function canAccessResource(subject: RightsSubject | null | undefined, resource: string, action: string): boolean {
  if (isSuperAdmin(subject)) return true;
  const right = rightForResourceAction(resource, action);
  return right !== null && hasRight(subject, right);
}
