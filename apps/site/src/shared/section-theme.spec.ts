import { initialScrollState, isSectionTheme, mostVisibleIndex, scrollState, themeClassFor, visibleHeight } from './section-theme';

describe('section theme', () => {
  it('maps black to dark-theme, grey to grey-theme and anything else to no class', () => {
    expect(themeClassFor('black')).toBe('dark-theme');
    expect(themeClassFor('grey')).toBe('grey-theme');
    expect(themeClassFor('white')).toBeNull();
    expect(themeClassFor(undefined)).toBeNull();
    expect(themeClassFor('purple')).toBeNull();
  });

  it('recognises the three section themes only', () => {
    expect(isSectionTheme('grey')).toBe(true);
    expect(isSectionTheme('dark')).toBe(false);
    expect(isSectionTheme(3)).toBe(false);
  });

  it('measures the part of a box inside the viewport', () => {
    expect(visibleHeight({ top: -100, bottom: 300 }, 800)).toBe(300);
    expect(visibleHeight({ top: 700, bottom: 1500 }, 800)).toBe(100);
    expect(visibleHeight({ top: 900, bottom: 1500 }, 800)).toBe(0);
    expect(visibleHeight({ top: -500, bottom: 2000 }, 800)).toBe(800);
  });

  it('picks the most visible section, the earlier one on a tie', () => {
    expect(
      mostVisibleIndex(
        [
          { top: -600, bottom: 200 },
          { top: 200, bottom: 1000 },
        ],
        800,
      ),
    ).toBe(1);
    expect(
      mostVisibleIndex(
        [
          { top: 0, bottom: 400 },
          { top: 400, bottom: 800 },
        ],
        800,
      ),
    ).toBe(0);
    expect(mostVisibleIndex([], 800)).toBe(-1);
  });

  it('reports the theme of the most visible section and whether it is the first', () => {
    const boxes = [
      { top: -900, bottom: -100, theme: 'white' },
      { top: -100, bottom: 700, theme: 'black' },
      { top: 700, bottom: 1500, theme: 'grey' },
    ];
    expect(scrollState(boxes, 800)).toEqual({ themeClass: 'dark-theme', firstSection: false });
    expect(scrollState([{ top: 0, bottom: 500, theme: 'grey' }], 800)).toEqual({ themeClass: 'grey-theme', firstSection: true });
  });

  it('treats a page without sections as showing its first section', () => {
    expect(scrollState([], 800)).toEqual({ themeClass: null, firstSection: true });
    expect(initialScrollState(['black', 'white'])).toEqual({ themeClass: 'dark-theme', firstSection: true });
  });
});
