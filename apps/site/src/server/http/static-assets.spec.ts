import { assetPath, isHashedAsset } from './static-assets';

describe('static asset paths', () => {
  it('maps /_site/<file> to a relative path', () => {
    expect(assetPath('/_site/assets/main-AbCd1234.js', '/_site/')).toBe('assets/main-AbCd1234.js');
    expect(assetPath('/_site/assets/caf%C3%A9.png', '/_site/')).toBe('assets/café.png');
  });

  it('refuses traversal, hidden files and malformed names', () => {
    expect(assetPath('/_site/../package.json', '/_site/')).toBeNull();
    expect(assetPath('/_site/assets/%2e%2e/%2e%2e/x', '/_site/')).toBeNull();
    expect(assetPath('/_site/.vite/manifest.json', '/_site/')).toBeNull();
    expect(assetPath('/_site/assets/..%5Cx', '/_site/')).toBeNull();
    expect(assetPath('/_site/assets//x.js', '/_site/')).toBeNull();
    expect(assetPath('/_site/', '/_site/')).toBeNull();
    expect(assetPath('/_site/%E0%A4%A', '/_site/')).toBeNull();
    expect(assetPath('/other/x.js', '/_site/')).toBeNull();
  });

  it('recognises hashed build files', () => {
    expect(isHashedAsset('assets/main-BQ9x1z3k.js')).toBe(true);
    expect(isHashedAsset('assets/main-DfX_2-aQ.css')).toBe(true);
    expect(isHashedAsset('assets/logo.svg')).toBe(false);
    expect(isHashedAsset('robots.txt')).toBe(false);
  });
});
