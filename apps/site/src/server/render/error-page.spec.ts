import { Lang } from '@cms/contracts';
import { renderErrorPage } from './error-page';

describe('renderErrorPage', () => {
  it('explains the failure in the locale, with the site styles and no script', () => {
    const html = renderErrorPage(Lang.tr, { scripts: ['/_site/assets/main-AbCd1234.js'], styles: ['/_site/assets/main-EfGh5678.css'] });
    expect(html.startsWith('<!DOCTYPE html><html lang="tr" dir="ltr">')).toBe(true);
    expect(html).toContain('<h1 class="section__title">Bir hata oluştu</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/_site/assets/main-EfGh5678.css">');
    expect(html).toContain('<link rel="icon" href="/api/uploads/favicon.ico">');
    expect(html).toContain('href="/tr"');
    expect(html).not.toContain('<script');
  });

  it('escapes what it writes', () => {
    expect(renderErrorPage(Lang.en, { scripts: [], styles: ['/x.css"><script>alert(1)</script>'] })).toContain('href="/x.css&quot;&gt;&lt;script&gt;');
  });
});
