import { RIGHT_TYPES, RightType } from '@cms/contracts';

/** `label` is an i18n key; `fallback` is shown for a right or group the catalogs do not name yet. */
interface RightOption {
  right: RightType;
  label: string;
  fallback: string;
}

interface RightGroup {
  key: string;
  label: string;
  fallback: string;
  rights: RightOption[];
}

/** Groups in the order a person reads the back office, then the site-wide rights. */
const GROUP_KEYS = ['CONTAINER', 'CONTENT', 'ELEMENT', 'FORM', 'MESSAGE', 'MEDIA', 'MEDIAPACK', 'USER', 'ROLE', 'LAYOUT', 'SITE'];

const SITE_RIGHTS: readonly RightType[] = [RightType.ACCESS_SETTINGS, RightType.REVALIDATION];

const groupOf = (key: string): RightGroup => ({ key, label: `cms.roles.groups.${key}`, fallback: key.charAt(0) + key.slice(1).toLowerCase(), rights: [] });

function placeOf(right: RightType): { group: string; label: string; fallback: string } {
  if (SITE_RIGHTS.includes(right)) return { group: 'SITE', label: `cms.roles.site_rights.${right}`, fallback: right };
  const [verb, ...rest] = right.split('_');
  return { group: rest.join('_'), label: `cms.roles.verbs.${verb}`, fallback: verb };
}

/** Every right of the contracts, grouped by what it governs; an unplaced right is never dropped. */
export function groupRights(rights: readonly RightType[] = RIGHT_TYPES): RightGroup[] {
  const groups = new Map<string, RightGroup>(GROUP_KEYS.map((key) => [key, groupOf(key)]));
  for (const right of rights) {
    const { group, label, fallback } = placeOf(right);
    if (!groups.has(group)) groups.set(group, groupOf(group));
    groups.get(group)?.rights.push({ right, label, fallback });
  }
  return [...groups.values()].filter((group) => group.rights.length > 0);
}
