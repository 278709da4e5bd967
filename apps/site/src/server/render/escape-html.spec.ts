import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('leaves other text alone and stringifies values', () => {
    expect(escapeHtml('Prêt à publier ?')).toBe('Prêt à publier ?');
    expect(escapeHtml(404)).toBe('404');
  });
});
