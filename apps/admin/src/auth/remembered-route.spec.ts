import { destinationAfterSignIn, isBackOfficePath, isSafeLocalPath, sameOriginPath } from './remembered-route';

describe('remembered route', () => {
  it('returns to the remembered page after sign-in, else to the home page', () => {
    expect(destinationAfterSignIn('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(destinationAfterSignIn('/fr/offers')).toBe('/fr/offers');
    expect(destinationAfterSignIn('/fr/offers#contact')).toBe('/fr/offers#contact');
    expect(destinationAfterSignIn(null)).toBe('/');
  });

  it('never sends the user off the site or back to the sign-in screen', () => {
    expect(isSafeLocalPath('//evil.example.com')).toBe(false);
    expect(isSafeLocalPath('/\\evil.example.com')).toBe(false);
    expect(isSafeLocalPath('https://evil.example.com')).toBe(false);
    expect(destinationAfterSignIn('//evil.example.com')).toBe('/');
    expect(destinationAfterSignIn('/sign-in?x=1')).toBe('/');
  });

  // What `?redirect=` holds once the query is decoded: each of these leads a browser to another host.
  it.each([
    ['a tab between the slashes (/%09/)', '/\t/evil.example'],
    ['a line feed between the slashes (/%0A/)', '/\n/evil.example'],
    ['a carriage return between the slashes (/%0D/)', '/\r/evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash first', '\\\\evil.example'],
    ['two backslashes after the slash', '/\\\\evil.example'],
    ['a dot segment that leaves two slashes', '/..//evil.example'],
    ['a current-directory segment that leaves two slashes', '/.//evil.example'],
    ['a javascript: URL', 'javascript:alert(document.domain)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['an absolute URL', 'https://evil.example/'],
    ['a leading space', ' /\t/evil.example'],
    ['an empty string', ''],
  ])('refuses %s', (_label, path) => {
    expect(sameOriginPath(path)).toBeNull();
    expect(isSafeLocalPath(path)).toBe(false);
    expect(destinationAfterSignIn(path)).toBe('/');
  });

  it.each([
    ['an encoded double slash, which stays a path', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['an encoded backslash, which stays a path', '/%5Cevil.example', '/%5Cevil.example'],
    ['dot segments', '/fr/../es/offers', '/es/offers'],
  ])('keeps %s on this site', (_label, path, expected) => {
    expect(sameOriginPath(path)).toBe(expected);
    expect(destinationAfterSignIn(path)).toBe(expected);
  });

  it('refuses what is not a string', () => {
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(['/admin'])).toBeNull();
  });

  it('tells back-office paths from public-site paths', () => {
    expect(isBackOfficePath('/admin')).toBe(true);
    expect(isBackOfficePath('/admin/users/roles')).toBe(true);
    expect(isBackOfficePath('/sign-in')).toBe(true);
    expect(isBackOfficePath('/not-found')).toBe(true);
    expect(isBackOfficePath('/')).toBe(false);
    expect(isBackOfficePath('/administration')).toBe(false);
    expect(isBackOfficePath('/fr/admin')).toBe(false);
  });
});
