import { RightType } from '@cms/contracts';
import { editTarget, staffBarFor } from './staff-bar';

describe('staff bar', () => {
  const editor = { role: 'editors', rights: [RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT] };

  it('links a content page to its edit screen for a user who may update contents', () => {
    expect(staffBarFor(editor, 'contents/42')).toEqual({ editHref: '/admin/contents/42' });
  });

  it('links a container page to its edit screen only with UPDATE_CONTAINER', () => {
    expect(staffBarFor(editor, 'containers/3')).toEqual({ editHref: null });
    expect(staffBarFor({ role: 'x', rights: [RightType.UPDATE_CONTAINER] }, 'containers/3')).toEqual({ editHref: '/admin/containers/3' });
  });

  it('gives the super-admin every link, and nothing to users without rights or visitors', () => {
    expect(staffBarFor({ role: 'super-admin', rights: [] }, 'containers/3')).toEqual({ editHref: '/admin/containers/3' });
    expect(staffBarFor({ role: 'members', rights: [] }, 'contents/42')).toBeNull();
    expect(staffBarFor(null, 'contents/42')).toBeNull();
  });

  it('never builds a link from a target that is not an id of a content or container', () => {
    for (const target of [null, '', 'contents/0', 'contents/1/../../x', 'javascript:alert(1)', 'users/1', 'contents/12a']) {
      expect(editTarget(target)).toBeNull();
    }
  });
});
