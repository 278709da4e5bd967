import { totalOfContentRange, versionsPath, withFirstSeen } from './versions';

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

describe('who else has the record open', () => {
  it('says since when each one has had it open, not when they last said so', () => {
    const firstSeen = new Map<string, string>();
    const ann = { userId: 4, userName: 'Ann' };
    expect(withFirstSeen([{ ...ann, seenAt: '2026-11-27T10:00:00.000Z' }], firstSeen)[0].since).toBe('2026-11-27T10:00:00.000Z');
    expect(withFirstSeen([{ ...ann, seenAt: '2026-11-27T10:00:30.000Z' }], firstSeen)[0].since).toBe('2026-11-27T10:00:00.000Z');
    // Ann left (no longer answered): when she comes back, she opened it anew.
    expect(withFirstSeen([], firstSeen)).toEqual([]);
    expect(withFirstSeen([{ ...ann, seenAt: '2026-11-27T10:05:00.000Z' }], firstSeen)[0].since).toBe('2026-11-27T10:05:00.000Z');
  });

  it('takes when they opened it from the API when it says (another tab, an earlier screen)', () => {
    const seen = withFirstSeen([{ userId: 4, userName: 'Ann', seenAt: '2026-11-27T10:05:00.000Z', openedAt: '2026-11-27T09:58:00.000Z' }], new Map());
    expect(seen[0].since).toBe('2026-11-27T09:58:00.000Z');
  });

  it('keeps people apart by id, or by name when the API has no id', () => {
    const firstSeen = new Map<string, string>();
    const seen = withFirstSeen(
      [
        { userId: null, userName: 'Bob', seenAt: '2026-11-27T10:01:00.000Z' },
        { userId: 7, userName: 'Bob', seenAt: '2026-11-27T10:02:00.000Z' },
      ],
      firstSeen,
    );
    expect(seen.map((viewer) => viewer.since)).toEqual(['2026-11-27T10:01:00.000Z', '2026-11-27T10:02:00.000Z']);
  });
});
