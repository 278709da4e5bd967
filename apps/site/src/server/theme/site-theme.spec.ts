import { luminance, normalizeColor, readableTextOn, sanitizeTheme, themeCss } from './site-theme';

describe('site theme', () => {
  it('normalizes hex colours and refuses anything else', () => {
    expect(normalizeColor('#26d17d', '#000000')).toBe('#26D17D');
    expect(normalizeColor(' #abc ', '#000000')).toBe('#AABBCC');
    expect(normalizeColor('red', '#000000')).toBe('#000000');
    expect(normalizeColor('#fff;}body{display:none', '#000000')).toBe('#000000');
    expect(normalizeColor(undefined, '#123456')).toBe('#123456');
  });

  it('falls back to #26D17D and white', () => {
    expect(sanitizeTheme(null)).toEqual({ primaryColor: '#26D17D', backgroundColor: '#FFFFFF' });
    expect(sanitizeTheme({ primaryColor: '#000', backgroundColor: 'url(x)' })).toEqual({ primaryColor: '#000000', backgroundColor: '#FFFFFF' });
  });

  it('picks a readable text colour', () => {
    expect(luminance('#FFFFFF')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(readableTextOn('#FFFFFF')).toBe('#111318');
    expect(readableTextOn('#26D17D')).toBe('#111318');
    expect(readableTextOn('#1A237E')).toBe('#FFFFFF');
  });

  it('writes the colours as CSS variables', () => {
    expect(themeCss({ primaryColor: '#1a237e', backgroundColor: '#ffffff' })).toBe(
      ':root{--cms-primary:#1A237E;--cms-on-primary:#FFFFFF;--cms-background:#FFFFFF;--cms-on-background:#111318}',
    );
    expect(themeCss({ primaryColor: '</style><script>', backgroundColor: '#fff' })).not.toContain('<');
  });
});
