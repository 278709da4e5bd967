import { totalOfContentRange, versionsPath } from './versions';

describe('the history routes', () => {
  it("reads a record's versions under its path, the layout's without an id", () => {
    expect(versionsPath({ resource: 'contents', id: 12 })).toBe('/api/contents/12/versions');
    expect(versionsPath({ resource: 'layout' })).toBe('/api/layout/versions');
  });

  it('reads the total from Content-Range', () => {
    expect(totalOfContentRange('versions 0-24/31')).toBe(31);
    expect(totalOfContentRange('versions */0')).toBe(0);
    expect(totalOfContentRange(null)).toBeNull();
  });
});
