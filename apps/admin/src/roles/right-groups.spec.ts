import { RIGHT_TYPES, RightType } from '@cms/contracts';
import { groupRights } from './right-groups';

describe('right groups', () => {
  it('places every right of the contracts exactly once', () => {
    const placed = groupRights().flatMap((group) => group.rights.map((option) => option.right));
    expect([...placed].sort()).toEqual([...RIGHT_TYPES].sort());
  });

  it('groups the four verbs of a resource together', () => {
    const containers = groupRights().find((group) => group.label === 'Containers');
    expect(containers?.rights).toEqual([
      { right: RightType.VIEW_CONTAINER, label: 'View' },
      { right: RightType.CREATE_CONTAINER, label: 'Create' },
      { right: RightType.UPDATE_CONTAINER, label: 'Update' },
      { right: RightType.DELETE_CONTAINER, label: 'Delete' },
    ]);
  });

  it('keeps media packs apart from medias and the site-wide rights together', () => {
    const labels = groupRights().map((group) => group.label);
    expect(labels).toEqual(['Containers', 'Contents', 'Elements', 'Forms', 'Messages', 'Medias', 'Media packs', 'Users', 'Roles', 'Layout', 'Site']);
    expect(groupRights().find((group) => group.key === 'SITE')?.rights.map((option) => option.right)).toEqual([
      RightType.ACCESS_SETTINGS,
      RightType.REVALIDATION,
    ]);
  });
});
