import { looksLikeSvg, sanitizeSvg, SvgRefusedError } from './svg-sanitizer';

const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${inner}</svg>`;

describe('SVG sanitiser', () => {
  it('keeps drawing elements and attributes as they were', () => {
    const source = svg(
      '<g transform="translate(1 2)"><path d="M0 0L10 10" stroke="#000" stroke-width="2"/><circle cx="5" cy="5" r="3" fill="url(#grad)"/></g><defs><linearGradient id="grad"><stop offset="0" stop-color="red"/></linearGradient></defs>',
      ' viewBox="0 0 10 10"',
    );
    expect(sanitizeSvg(source)).toBe(source);
  });

  it('drops editor clutter: comments, metadata, foreign namespaces, unknown attributes, the XML declaration', () => {
    const source = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="x" data-x="1" width="4" height="4"><sodipodi:namedview pagecolor="#fff"/><metadata><rdf:RDF><cc:Work/></rdf:RDF></metadata><rect inkscape:label="bg" width="4" height="4"/></svg>`;
    expect(sanitizeSvg(source)).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
  });

  it('rewrites xlink:href to href and keeps references inside the file', () => {
    expect(sanitizeSvg(svg('<use xlink:href="#a"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'))).toBe(svg('<use href="#a"/>'));
    expect(sanitizeSvg(svg('<image href="data:image/png;base64,iVBORw0KGgo="/>'))).toBe(svg('<image href="data:image/png;base64,iVBORw0KGgo="/>'));
  });

  it('writes text and attribute values escaped, whatever the source did', () => {
    expect(sanitizeSvg(svg('<text>a &lt; b &amp; c &#62; d &#x41;</text>'))).toBe(svg('<text>a &lt; b &amp; c &gt; d A</text>'));
    expect(sanitizeSvg(svg('<text font-family=\'"Open Sans"\'>x</text>'))).toBe(svg('<text font-family="&quot;Open Sans&quot;">x</text>'));
    expect(sanitizeSvg(svg('<style><![CDATA[rect > g { fill: red }]]></style>'))).toBe(svg('<style>rect &gt; g { fill: red }</style>'));
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), /<script>/],
    ['a script in upper case', svg('<SCRIPT>alert(1)</SCRIPT>'), /<SCRIPT>/],
    ['a script hidden in dropped metadata', svg('<metadata><script>alert(1)</script></metadata>'), /<script>/],
    ['an event handler', svg('<rect onclick="x()"/>'), /event handler onclick/],
    ['an event handler on a dropped element', svg('<sodipodi:x onmouseover="x()"/>'), /onmouseover/],
    ['foreignObject', svg('<foreignObject><p>x</p></foreignObject>'), /foreignObject/],
    ['an animation that sets href', svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'), /<set>/],
    ['animateTransform aimed at href', svg('<animateTransform attributeName="href"/>'), /animates "href"/],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>'), /script URL/],
    ['a javascript: link written with entities', svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>'), /script URL/],
    ['an external use', svg('<use href="https://evil.example/sprite.svg#a"/>'), /outside the file/],
    ['an external image', svg('<image href="//evil.example/x.png"/>'), /outside the file/],
    ['an SVG data URI image', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), /outside the file/],
    ['a url() to a server', svg('<rect fill="url(https://evil.example/#g)"/>'), /refers to/],
    ['a url() in a style attribute', svg('<rect style="fill: url( \'http://x/y\' )"/>'), /refers to/],
    ['@import', svg('<style>@import "https://evil.example/x.css";</style>'), /loads or runs/],
    ['CSS escapes', svg('<style>rect { fill: \\75 rl(http://x) }</style>'), /escapes/],
    ['an xml-stylesheet', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`, /xml-stylesheet/],
    ['declared entities', `<!DOCTYPE svg [<!ENTITY lol "lol">]>${svg('<text>&lol;</text>')}`, /declares entities/],
    ['an unknown entity', svg('<text>&nbsp;</text>'), /entity &nbsp;/],
    ['a bare ampersand', svg('<text>a & b</text>'), /bare "&"/],
    ['another root', '<html><svg/></html>', /root element is <html>/],
    ['mismatched tags', svg('<g><rect></g></rect>'), /does not close/],
    ['an unclosed element', '<svg xmlns="http://www.w3.org/2000/svg"><g>', /never closed/],
    ['an unquoted attribute', svg('<rect width=4/>'), /no quoted value/],
    ['a duplicated attribute', svg('<rect width="1" width="2"/>'), /twice/],
    ['text after the root', `${svg('')}<script>alert(1)</script>`, /after its <svg>|<script>/],
    ['deep nesting', svg('<g>'.repeat(300) + '</g>'.repeat(300)), /nest more than/],
  ])('refuses %s', (_label, source, message) => {
    expect(() => sanitizeSvg(source)).toThrow(SvgRefusedError);
    expect(() => sanitizeSvg(source)).toThrow(message);
  });

  it('recognises SVG documents by their first bytes', () => {
    expect(looksLikeSvg('\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg width="1">')).toBe(true);
    expect(looksLikeSvg('<!DOCTYPE svg [<!ENTITY a "b">]><svg>')).toBe(true);
    expect(looksLikeSvg('<svg/>')).toBe(true);
    expect(looksLikeSvg('<!doctype html><html>')).toBe(false);
    expect(looksLikeSvg('<svgfoo>')).toBe(false);
  });
});
