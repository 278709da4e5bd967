import { destinationAfterSignIn, isBackOfficePath, isSafeLocalPath } from './remembered-route';

describe('remembered route', () => {
  it('returns to the remembered page after sign-in, else to the home page', () => {
    expect(destinationAfterSignIn('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(destinationAfterSignIn('/fr/offers')).toBe('/fr/offers');
    expect(destinationAfterSignIn(null)).toBe('/');
  });

  it('never sends the user off the site or back to the sign-in screen', () => {
    expect(isSafeLocalPath('//evil.example.com')).toBe(false);
    expect(isSafeLocalPath('/\\evil.example.com')).toBe(false);
    expect(isSafeLocalPath('https://evil.example.com')).toBe(false);
    expect(destinationAfterSignIn('//evil.example.com')).toBe('/');
    expect(destinationAfterSignIn('/sign-in?x=1')).toBe('/');
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
