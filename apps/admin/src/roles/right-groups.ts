import { RIGHT_TYPES, RightType } from '@cms/contracts';

export interface RightOption {
  right: RightType;
  label: string;
}

export interface RightGroup {
  key: string;
  label: string;
  rights: RightOption[];
}

const VERB_LABELS: Record<string, string> = { VIEW: 'View', CREATE: 'Create', UPDATE: 'Update', DELETE: 'Delete' };

/** Groups in the order a person reads the back office, then the site-wide rights. */
const GROUPS: { key: string; label: string }[] = [
  { key: 'CONTAINER', label: 'Containers' },
  { key: 'CONTENT', label: 'Contents' },
  { key: 'ELEMENT', label: 'Elements' },
  { key: 'FORM', label: 'Forms' },
  { key: 'MESSAGE', label: 'Messages' },
  { key: 'MEDIA', label: 'Medias' },
  { key: 'MEDIAPACK', label: 'Media packs' },
  { key: 'USER', label: 'Users' },
  { key: 'ROLE', label: 'Roles' },
  { key: 'LAYOUT', label: 'Layout' },
  { key: 'SITE', label: 'Site' },
];

const SITE_RIGHTS: Partial<Record<RightType, string>> = {
  [RightType.ACCESS_SETTINGS]: 'Access settings',
  [RightType.REVALIDATION]: 'Revalidate pages',
};

function placeOf(right: RightType): { group: string; label: string } {
  const site = SITE_RIGHTS[right];
  if (site) return { group: 'SITE', label: site };
  const [verb, ...rest] = right.split('_');
  return { group: rest.join('_'), label: VERB_LABELS[verb] ?? verb };
}

/** Every right of the contracts, grouped by what it governs; an unplaced right is never dropped. */
export function groupRights(rights: readonly RightType[] = RIGHT_TYPES): RightGroup[] {
  const groups = new Map<string, RightGroup>(GROUPS.map((g) => [g.key, { ...g, rights: [] }]));
  for (const right of rights) {
    const { group, label } = placeOf(right);
    if (!groups.has(group)) groups.set(group, { key: group, label: group.charAt(0) + group.slice(1).toLowerCase(), rights: [] });
    groups.get(group)?.rights.push({ right, label });
  }
  return [...groups.values()].filter((group) => group.rights.length > 0);
}
