import { toPrefixQuery } from './full-text';

describe('full-text prefix queries', () => {
  it('turns words into prefix terms that must all match', () => {
    expect(toPrefixQuery('Hel wor')).toBe('hel:* & wor:*');
    expect(toPrefixQuery('  Étagère   nordique ')).toBe('étagère:* & nordique:*');
  });

  it('lets no tsquery operator through', () => {
    expect(toPrefixQuery("a & b | !c <-> d:* 'e'")).toBe('a:* & b:* & c:* & d:* & e:*');
    expect(toPrefixQuery('!!! ()')).toBeNull();
  });

  it('keeps at most eight words', () => {
    expect(toPrefixQuery('a b c d e f g h i j')!.split(' & ')).toHaveLength(8);
  });
});
