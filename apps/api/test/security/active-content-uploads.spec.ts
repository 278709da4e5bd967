import { MULTIPART_TYPE, multipartBody, SAMPLES, SVG, upload } from '../support/media-fixtures';
import { useTestApp } from '../support/test-app';

/**
 * Advisory class: HTML or SVG uploads served inline from the site's own origin run their scripts
 * with the visitor's session (stored XSS). An upload that could run script is refused, or kept but
 * never rendered by the browser as a document of our origin.
 */
describe('attack: HTML and SVG uploads served inline', () => {
  const t = useTestApp();

  /** What a browser would do with the answer: render it as an active document of our origin, or not. */
  async function servedActive(uri: string): Promise<string | null> {
    const res = await t.http.get(`/api/uploads/${uri}`);
    if (res.status !== 200) return null;
    const type = String(res.headers['content-type'] ?? '');
    const attachment = /^attachment/i.test(String(res.headers['content-disposition'] ?? ''));
    const sandboxed =
      /sandbox/.test(String(res.headers['content-security-policy'] ?? '')) &&
      /script-src 'none'|default-src 'none'/.test(String(res.headers['content-security-policy']));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (attachment) return null;
    if (/html|xml|svg|javascript/i.test(type) && !sandboxed) return `${type} inline without a sandbox`;
    return null;
  }

  it.each([
    ['an HTML page', SAMPLES.html, 'page.html'],
    ['an HTML page named .png', SAMPLES.html, 'photo.png'],
    ['an HTML page named .svg', SAMPLES.html, 'logo.svg'],
    ['an XHTML page', Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'), 'page.xhtml'],
    ['an SVG with a script', Buffer.from(SVG.script), 'logo.svg'],
    ['an SVG with an onload handler', Buffer.from(SVG.onload), 'logo.svg'],
    ['an SVG with a script named .png', Buffer.from(SVG.script), 'logo.png'],
    [
      'an SVG with a javascript: link',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>'),
      'link.svg',
    ],
    [
      'an SVG with an xlink:href script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="JaVaScRiPt:alert(1)"><text>x</text></a></svg>',
      ),
      'link.svg',
    ],
    [
      'an SVG with a foreignObject',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject></svg>',
      ),
      'f.svg',
    ],
    [
      'an SVG with an animate setting href',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>'),
      'a.svg',
    ],
    ['a JavaScript file', Buffer.from('alert(document.cookie)'), 'app.js'],
  ])('never serves %s as an active document', async (_label, bytes, name) => {
    const res = await upload(t, t.ownerToken, bytes, name);
    if (res.status >= 400) {
      expect(res.status).toBeLessThan(500);
      return;
    }
    expect(res.status).toBe(201);
    expect(await servedActive(res.body.uri)).toBeNull();
  });

  it('ignores the Content-Type the client declares for the part', async () => {
    const body = multipartBody([{ name: 'file', value: SAMPLES.html, filename: 'note.txt', contentType: 'image/png' }]);
    const res = await t.http.post('/api/medias').set('token', t.ownerToken).set('Content-Type', MULTIPART_TYPE).send(body);
    if (res.status === 201) {
      expect(res.body.mimeType).not.toMatch(/png/);
      expect(await servedActive(res.body.uri)).toBeNull();
    } else expect(res.status).toBeLessThan(500);
  });
});
