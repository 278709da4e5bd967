import { locationHeader, PageMovedException } from './page-moved';

describe('PageMovedException', () => {
  it('sends a decoded site address %-encoded in Location, and an https URL as it is', () => {
    expect(locationHeader('/fr/blog/nouveau')).toBe('/fr/blog/nouveau');
    expect(locationHeader('/')).toBe('/');
    expect(locationHeader('/Old Page.html')).toBe('/Old%20Page.html');
    expect(locationHeader('/tr/ğüzel/100%')).toBe('/tr/%C4%9F%C3%BCzel/100%25');
    expect(locationHeader('https://partner.example/a%20b?x=1')).toBe('https://partner.example/a%20b?x=1');
    const moved = new PageMovedException('/café', 302);
    expect(moved.getStatus()).toBe(302);
    expect(moved.responseHeaders).toEqual({ Location: '/caf%C3%A9' });
    expect(moved.getResponse()).toMatchObject({ code: 'moved', location: '/café' });
  });
});
