import { asContent, readLink, readList, readText } from './content';

describe('section content readers', () => {
  it('accepts only plain objects as content', () => {
    expect(asContent({ a: 1 })).toEqual({ a: 1 });
    expect(asContent([1])).toBeNull();
    expect(asContent('x')).toBeNull();
    expect(asContent(null)).toBeNull();
  });

  it('reads non-empty texts', () => {
    expect(readText({ title: 'Hi' }, 'title')).toBe('Hi');
    expect(readText({ title: '  ' }, 'title')).toBeUndefined();
    expect(readText({ title: 3 }, 'title')).toBeUndefined();
  });

  it('reads links with a safe target only (safeHref: libs/contracts)', () => {
    expect(readLink({ action: { label: 'Go', href: 'vbscript:x' } }, 'action')).toBeUndefined();
    expect(readLink({ action: { label: 'Go', href: '/x' } }, 'action')).toEqual({ label: 'Go', href: '/x' });
  });

  it('reads lists of objects', () => {
    expect(readList({ items: [{ a: 1 }, 'x', null] }, 'items')).toEqual([{ a: 1 }]);
    expect(readList({ items: 'x' }, 'items')).toEqual([]);
  });
});
