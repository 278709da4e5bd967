import { sanitizeRichText as clean } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the structure and emphasis of ordinary rich text', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> and <a href="/blog/x" title="More">a link</a>.</p><ul><li>One</li><li>Two</li></ul>';
    expect(clean(html)).toBe(html);
    expect(clean('<ol start="3"><li>x</li></ol><blockquote><p>q</p></blockquote><pre><code>a &lt; b</code></pre>')).toBe(
      '<ol start="3"><li>x</li></ol><blockquote><p>q</p></blockquote><pre><code>a &lt; b</code></pre>',
    );
    expect(clean('<table><thead><tr><th scope="col" colspan="2">H</th></tr></thead><tbody><tr><td rowspan="2">c</td></tr></tbody></table>')).toBe(
      '<table><thead><tr><th scope="col" colspan="2">H</th></tr></thead><tbody><tr><td rowspan="2">c</td></tr></tbody></table>',
    );
  });

  it('drops scripts, styles and their text', () => {
    expect(clean('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<STYLE>body{display:none}</STYLE>x')).toBe('x');
    expect(clean('<script>document.write("</p>")</script >ok')).toBe('ok');
    expect(clean('<textarea><img src=x onerror=alert(1)></textarea>t')).toBe('t');
    // Browsers end <noscript> at the first </noscript>, even inside a quoted value; so does this pass.
    expect(clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe('<img loading="lazy" decoding="async">"&gt;');
    expect(clean('<script>never closed')).toBe('');
    expect(clean('<plaintext><b>x')).toBe('');
  });

  it('drops event handlers, style attributes and unknown attributes', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(clean('<img src="/api/uploads/a.png" onerror="alert(1)" alt="A">')).toBe('<img src="/api/uploads/a.png" alt="A" loading="lazy" decoding="async">');
    expect(clean('<a href="/x" ONMOUSEOVER=alert(1)>x</a>')).toBe('<a href="/x">x</a>');
    expect(clean('<p/onclick=alert(1)>t</p>')).toBe('<p>t</p>');
  });

  it('keeps only safe URLs, whatever their spelling', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="&#x6A;avascript&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="java&Tab;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href=" data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="//evil.test/">x</a>')).toBe('<a>x</a>');
    expect(clean('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img loading="lazy" decoding="async">');
    expect(clean('<a href="https://example.test/?a=1&amp;b=2">x</a>')).toBe('<a href="https://example.test/?a=1&amp;b=2">x</a>');
    expect(clean('<a href="mailto:team@example.test">m</a>')).toBe('<a href="mailto:team@example.test">m</a>');
  });

  it('gives links that open a new tab no access to the opener', () => {
    expect(clean('<a href="https://x.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="/x" target="other">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('removes tags outside the allow-list but keeps their text, and foreign content entirely', () => {
    expect(clean('<div><p>t</p></div>')).toBe('<p>t</p>');
    expect(clean('<iframe src="https://evil.test"></iframe>x')).toBe('x');
    expect(clean('<svg><script>alert(1)</script><svg></svg><p>in</p></svg>out')).toBe('out');
    expect(clean('<svg/><p>after</p>')).toBe('<p>after</p>');
    expect(clean('<math><mi xlink:href="javascript:alert(1)">x</mi></math>y')).toBe('y');
    expect(clean('<form action="/x"><input name="a"><button>go</button></form>')).toBe('go');
    expect(clean('<h1>Top</h1>')).toBe('Top');
  });

  it('escapes text and keeps character references', () => {
    expect(clean('Tom & Jerry < 3 > 2 &amp; &eacute; &#233;')).toBe('Tom &amp; Jerry &lt; 3 &gt; 2 &amp; &eacute; &#233;');
    expect(clean('a < b')).toBe('a &lt; b');
    expect(clean('<p title="a&quot;b<c">t</p>')).toBe('<p>t</p>');
    expect(clean('<a title="&quot;><script>alert(1)</script>" href="/x">t</a>')).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" href="/x">t</a>',
    );
  });

  it('drops comments, doctype and processing instructions', () => {
    expect(clean('<!-- <script>alert(1)</script> -->a<!DOCTYPE html><?xml x?>b<!-- never closed')).toBe('ab');
  });

  it('closes what it opens and never closes what it did not open', () => {
    expect(clean('<p><strong>unclosed')).toBe('<p><strong>unclosed</strong></p>');
    expect(clean('</div></section><p>x</p></main>')).toBe('<p>x</p>');
    expect(clean('<ul><li><em>a</li></ul>')).toBe('<ul><li><em>a</em></li></ul>');
    expect(clean('<a href="/a">one <a href="/b">two</a></a>')).toBe('<a href="/a">one two</a>');
    expect(clean('<p title="cut')).toBe('');
  });

  it('checks numeric attributes', () => {
    expect(clean('<img src="/a.png" width="640" height="x">')).toBe('<img src="/a.png" width="640" loading="lazy" decoding="async">');
    expect(clean('<td colspan="99999">c</td>')).toBe('<td>c</td>');
  });
});
