import { contrast, inkOn, luminance, normalizeColor, readableTextOn, sanitizeTheme, themeCss } from './site-theme';

describe('site theme', () => {
  it('normalizes hex colours and refuses anything else', () => {
    expect(normalizeColor('#26d17d', '#000000')).toBe('#26D17D');
    expect(normalizeColor(' #aabbcc ', '#000000')).toBe('#AABBCC');
    expect(normalizeColor('#abc', '#000000')).toBe('#000000');
    expect(normalizeColor('red', '#000000')).toBe('#000000');
    expect(normalizeColor('#fff;}body{display:none', '#000000')).toBe('#000000');
    expect(normalizeColor(undefined, '#123456')).toBe('#123456');
  });

  it('falls back to #26D17D and white', () => {
    expect(sanitizeTheme(null)).toEqual({ primaryColor: '#26D17D', backgroundColor: '#FFFFFF' });
    expect(sanitizeTheme({ primaryColor: '#000000', backgroundColor: 'url(x)' })).toEqual({ primaryColor: '#000000', backgroundColor: '#FFFFFF' });
  });

  it('picks a readable text colour', () => {
    expect(luminance('#FFFFFF')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(readableTextOn('#FFFFFF')).toBe('#111318');
    expect(readableTextOn('#26D17D')).toBe('#111318');
    expect(readableTextOn('#1A237E')).toBe('#FFFFFF');
  });

  it('gives text in the primary colour a shade that reads on every section background (WCAG AA)', () => {
    for (const primary of ['#26D17D', '#1A237E', '#FFEB3B', '#000000', '#FFFFFF']) {
      const ink = inkOn(primary, ['#FFFFFF', '#F0F1F3']);
      expect({ primary, white: contrast(ink, '#FFFFFF') >= 4.5, grey: contrast(ink, '#F0F1F3') >= 4.5 }).toEqual({ primary, white: true, grey: true });
      expect({ primary, black: contrast(inkOn(primary, ['#0E1014']), '#0E1014') >= 4.5 }).toEqual({ primary, black: true });
    }
    // A colour that reads already is kept as it is.
    expect(inkOn('#1A237E', ['#FFFFFF'])).toBe('#1A237E');
    expect(contrast('#26D17D', '#FFFFFF')).toBeLessThan(4.5);
  });

  it('writes the colours as CSS variables', () => {
    expect(themeCss({ primaryColor: '#1a237e', backgroundColor: '#ffffff' })).toBe(
      ':root{--cms-primary:#1A237E;--cms-on-primary:#FFFFFF;--cms-primary-ink:#1A237E;--cms-primary-ink-on-black:#767BB2;--cms-background:#FFFFFF;--cms-on-background:#111318}',
    );
    expect(themeCss({ primaryColor: '</style><script>', backgroundColor: '#fff' })).not.toContain('<');
  });

  it('answers each theme its own CSS, however many themes came before (the CSS is kept per pair of colours)', () => {
    const css = (primaryColor: string) => themeCss({ primaryColor, backgroundColor: '#ffffff' });
    const first = css('#1a237e');
    for (let n = 0; n < 100; n++)
      expect(css(`#${n.toString(16).padStart(2, '0')}3344`)).toContain(`--cms-primary:#${n.toString(16).padStart(2, '0').toUpperCase()}3344;`);
    expect(css('#1a237e')).toBe(first);
    expect(css('#26d17d')).toContain('--cms-primary:#26D17D;');
  });
});
