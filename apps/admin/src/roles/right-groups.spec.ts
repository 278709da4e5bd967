import { RIGHT_TYPES, RightType } from '@cms/contracts';
import { groupRights } from './right-groups';

describe('right groups', () => {
  it('places every right of the contracts exactly once', () => {
    const placed = groupRights().flatMap((group) => group.rights.map((option) => option.right));
    expect([...placed].sort()).toEqual([...RIGHT_TYPES].sort());
  });

  it('groups the four verbs of a resource together', () => {
    const containers = groupRights().find((group) => group.key === 'CONTAINER');
    expect(containers?.label).toBe('cms.roles.groups.CONTAINER');
    expect(containers?.rights.map(({ right, label }) => ({ right, label }))).toEqual([
      { right: RightType.VIEW_CONTAINER, label: 'cms.roles.verbs.VIEW' },
      { right: RightType.CREATE_CONTAINER, label: 'cms.roles.verbs.CREATE' },
      { right: RightType.UPDATE_CONTAINER, label: 'cms.roles.verbs.UPDATE' },
      { right: RightType.DELETE_CONTAINER, label: 'cms.roles.verbs.DELETE' },
    ]);
  });

  it('keeps media packs apart from medias and the site-wide rights together', () => {
    const keys = groupRights().map((group) => group.key);
    expect(keys).toEqual(['CONTAINER', 'CONTENT', 'ELEMENT', 'FORM', 'MESSAGE', 'MEDIA', 'MEDIAPACK', 'USER', 'ROLE', 'LAYOUT', 'SITE']);
    expect(
      groupRights()
        .find((group) => group.key === 'SITE')
        ?.rights.map((option) => [option.right, option.label]),
    ).toEqual([
      [RightType.ACCESS_SETTINGS, 'cms.roles.site_rights.ACCESS_SETTINGS'],
      [RightType.REVALIDATION, 'cms.roles.site_rights.REVALIDATION'],
    ]);
  });

  it('keeps a right of an unknown kind, with a readable fallback', () => {
    const groups = groupRights(['EXPORT_REPORT' as RightType]);
    expect(groups).toEqual([
      {
        key: 'REPORT',
        label: 'cms.roles.groups.REPORT',
        fallback: 'Report',
        rights: [{ right: 'EXPORT_REPORT', label: 'cms.roles.verbs.EXPORT', fallback: 'EXPORT' }],
      },
    ]);
  });
});
