import { readLink } from './content';
import { readNavigation } from './navigation';
import { sanitizeRichText } from './rich-text';

/**
 * Attack: a link rendered as a site path takes the reader off-site. Browsers read `\` as `/` and
 * drop tabs, so `/\evil.example` is `//evil.example`. The API refuses these on write; the site
 * does not trust that and drops them on render (stored before the check, or from a restored backup).
 */
describe('attack: off-site link through a backslash path, on render', () => {
  const OFF_SITE = ['/\\evil.example', '\\\\evil.example', '\\/evil.example', '/\t/evil.example', '/%5Cevil.example'];

  it.each(OFF_SITE)('renders no link for a block action to %j', (href) => {
    expect(readLink({ action: { label: 'Go', href } }, 'action')).toBeUndefined();
  });

  it.each(OFF_SITE)('drops the menu entry to %j', (href) => {
    expect(
      readNavigation({
        items: [
          { label: 'Out', href },
          { label: 'Home', href: '/' },
        ],
      }),
    ).toEqual([{ label: 'Home', href: '/', children: [] }]);
  });

  it('drops backslash targets of rich-text links and images, entity-encoded or not', () => {
    const html = sanitizeRichText(
      '<p><a href="/\\evil.example">a</a><a href="/&#92;evil.example">b</a><a href="/&bsol;evil.example">c</a><img src="/&#x5c;evil.example/x.png" alt="x"></p>',
    );
    expect(html).not.toMatch(/href=|src=/);
    expect(html).toContain('>a</a>');
  });
});
