import { guardRedirect } from './guarded-page';

describe('guardRedirect', () => {
  it('sends a visitor without a valid session to sign in and one without the role to not-found', () => {
    expect(guardRedirect(401, '/sign-in?redirect=%2Fx')).toBe('/sign-in?redirect=%2Fx');
    expect(guardRedirect(403, '/sign-in?redirect=%2Fx')).toBe('/not-found');
    // The API answers a role without access as it answers a missing page.
    expect(guardRedirect(404, '/sign-in?redirect=%2Fx')).toBe('/not-found');
    expect(guardRedirect(200, '/sign-in')).toBeNull();
    expect(guardRedirect(500, '/sign-in')).toBeNull();
  });
});
