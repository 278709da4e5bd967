import { plainTextOf, sanitizeRichText } from './rich-text';

describe('rich text', () => {
  it('keeps structure and emphasis', () => {
    expect(sanitizeRichText('<h2>T</h2><p><strong>b</strong> <em>i</em> <a href="/x" title="t">l</a></p><ul><li>1</li></ul>')).toBe(
      '<h2>T</h2><p><strong>b</strong> <em>i</em> <a href="/x" title="t">l</a></p><ul><li>1</li></ul>',
    );
  });

  it('drops scripts, styles, event handlers, frames and javascript: or data: URLs', () => {
    const dirty =
      '<p onclick="x()" style="color:red">a<script>alert(1)</script><style>p{}</style><iframe src="//evil"></iframe>' +
      '<a href="javascript:alert(1)">j</a><a href="JaVaScRiPt:alert(1)">k</a><img src="data:image/png;base64,AA" onerror="x()"></p>';
    expect(sanitizeRichText(dirty)).toBe('<p>a<a>j</a><a>k</a><img /></p>');
  });

  it('makes links that open a new tab safe for the opener', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('measures the text a reader sees', () => {
    expect(plainTextOf('<p>Hello   <b>world</b></p>\n<p>!</p>')).toBe('Hello world !');
  });
});
