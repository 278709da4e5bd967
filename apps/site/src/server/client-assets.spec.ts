import { assetsFromManifest } from './client-assets';

describe('assetsFromManifest', () => {
  it('lists the entry script and its stylesheets under /_site/', () => {
    expect(
      assetsFromManifest({
        'src/client/main.ts': { file: 'assets/main-AbC123xy.js', isEntry: true, css: ['assets/main-Zz9.css'] },
        '_shared.js': { file: 'assets/shared-1.js' },
      }),
    ).toEqual({ scripts: ['/_site/assets/main-AbC123xy.js'], styles: ['/_site/assets/main-Zz9.css'] });
  });
});
