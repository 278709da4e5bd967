/**
 * SVG uploads are parsed and written anew from allow-lists, so what is stored holds only known
 * SVG elements and attributes, escaped by construction. Active content is refused rather than
 * quietly removed, so the person uploading learns why their file changed nothing on the page:
 * scripts, event handlers (on…), <foreignObject>, javascript: URLs, references to anything
 * outside the file (href, url(), @import, xml-stylesheet) and DTDs that declare entities.
 * Editor clutter (Inkscape and Illustrator namespaces, metadata, comments) is dropped.
 */

export class SvgRefusedError extends Error {}

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'switch',
  'view',
  'a',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'image',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
  'animateTransform',
  'animateMotion',
  'mpath',
]);

/** Elements whose mere presence refuses the file (compared in lower case). */
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'set', 'animate']);

const ATTRIBUTES = new Set(
  `id class style lang tabindex xml:space xml:lang href
  x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points pathLength transform viewBox preserveAspectRatio version
  alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation color-interpolation-filters
  color-rendering direction display dominant-baseline fill fill-opacity fill-rule filter flood-color flood-opacity
  font-family font-size font-size-adjust font-stretch font-style font-variant font-weight image-rendering letter-spacing
  lighting-color marker-start marker-mid marker-end mask opacity overflow paint-order pointer-events shape-rendering
  stop-color stop-opacity stroke stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-opacity stroke-width text-anchor text-decoration text-rendering transform-origin unicode-bidi vector-effect
  visibility word-spacing writing-mode mix-blend-mode isolation
  gradientUnits gradientTransform spreadMethod offset patternUnits patternContentUnits patternTransform clipPathUnits
  maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient
  filterUnits primitiveUnits in in2 result stdDeviation dx dy mode type values tableValues slope intercept amplitude
  exponent operator k1 k2 k3 k4 order kernelMatrix divisor bias targetX targetY edgeMode preserveAlpha surfaceScale
  diffuseConstant specularConstant specularExponent kernelUnitLength scale xChannelSelector yChannelSelector azimuth
  elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle baseFrequency numOctaves seed stitchTiles radius
  textLength lengthAdjust startOffset method spacing rotate side
  attributeName attributeType begin dur end repeatCount repeatDur calcMode keyTimes keySplines keyPoints from to by
  additive accumulate restart min max path`.split(/\s+/),
);

/** What animateTransform may animate (anything else, such as href, could swap in a script URL). */
const ANIMATABLE = new Set(['transform', 'gradientTransform', 'patternTransform']);

const MAX_DEPTH = 200;
const MAX_ELEMENTS = 100_000;
const NAME = /^[A-Za-z_][\w.:-]*/;
const RASTER_DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;

const refuse = (reason: string): never => {
  throw new SvgRefusedError(`This SVG is refused: ${reason}`);
};

function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s<]{0,12});?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) refuse('it has a bare "&" (write &amp;)');
    switch (body) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const numeric = /^#(x[0-9a-fA-F]{1,6}|[0-9]{1,7})$/.exec(body);
    if (!numeric) return refuse(`it uses the entity &${body.slice(0, 12)}; (entities other than XML's five are not accepted)`);
    const code = numeric[1].startsWith('x') ? parseInt(numeric[1].slice(1), 16) : Number(numeric[1]);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) refuse(`it uses the invalid character reference &${body};`);
    return String.fromCodePoint(code);
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** CSS may only point inside the file (url(#id)); escapes could hide anything, so none are accepted. */
function checkCss(css: string, where: string): void {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').toLowerCase();
  if (plain.includes('\\')) refuse(`the CSS of ${where} uses escapes`);
  if (/@import|expression\s*\(|javascript:|-moz-binding|behavior\s*:/.test(plain)) refuse(`the CSS of ${where} loads or runs something`);
  for (const match of plain.matchAll(/url\s*\(\s*(['"]?)\s*([^'")\s]*)/g)) {
    if (!match[2].startsWith('#')) refuse(`the CSS of ${where} refers to ${match[2] ? `"${match[2].slice(0, 60)}"` : 'an external resource'}`);
  }
}

function checkAttribute(element: string, name: string, value: string): void {
  const where = `<${element} ${name}>`;
  if (/javascript:|vbscript:/i.test(value.replace(/[\s\u0000-\u001f]/g, ''))) refuse(`${where} holds a script URL`);
  if (name === 'href') {
    if (value.startsWith('#')) return;
    if ((element === 'image' || element === 'feImage') && RASTER_DATA_URI.test(value)) return;
    refuse(`${where} refers to "${value.slice(0, 60)}" outside the file`);
  }
  if (name === 'attributeName' && !ANIMATABLE.has(value)) refuse(`${where} animates "${value.slice(0, 40)}"`);
  if (name === 'style' || /url\s*\(/i.test(value)) checkCss(value, where);
}

interface Open {
  name: string;
  kept: boolean;
}

/** Answers the SVG rebuilt from what is allowed, or throws SvgRefusedError saying why it is refused. */
export function sanitizeSvg(source: string): string {
  const out: string[] = [];
  const stack: Open[] = [];
  let pos = 0;
  let elements = 0;
  let rootSeen = false;
  let rootClosed = false;

  const text = (raw: string) => {
    const top = stack.at(-1);
    if (!top) {
      if (raw.trim()) refuse('it has text outside its <svg> element');
      return;
    }
    if (!top.kept) return;
    if (top.name === 'style') checkCss(raw, '<style>');
    out.push(escapeText(raw));
  };

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    if (lt === -1) {
      text(decodeEntities(source.slice(pos)));
      break;
    }
    if (lt > pos) text(decodeEntities(source.slice(pos, lt)));
    pos = lt;

    if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos + 4);
      if (end === -1) refuse('a comment is never closed');
      pos = end + 3;
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos + 9);
      if (end === -1) refuse('a CDATA section is never closed');
      text(source.slice(pos + 9, end));
      pos = end + 3;
    } else if (source.startsWith('<!', pos)) {
      if (!/^<!DOCTYPE\s/i.test(source.slice(pos, pos + 10)) || rootSeen) refuse('it has a declaration XML does not allow there');
      const end = source.indexOf('>', pos);
      if (end === -1) refuse('its DOCTYPE is never closed');
      if (source.slice(pos, end).includes('[')) refuse('its DOCTYPE declares entities');
      pos = end + 1;
    } else if (source.startsWith('<?', pos)) {
      const end = source.indexOf('?>', pos + 2);
      if (end === -1) refuse('a processing instruction is never closed');
      if (/^<\?xml-stylesheet/i.test(source.slice(pos, pos + 20))) refuse('it loads a stylesheet (xml-stylesheet)');
      pos = end + 2;
    } else if (source.startsWith('</', pos)) {
      const end = source.indexOf('>', pos);
      const name = end === -1 ? '' : source.slice(pos + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) refuse(`</${name.slice(0, 40)}> does not close the element open there`);
      if (open!.kept) out.push(`</${name}>`);
      if (stack.length === 0) rootClosed = true;
      pos = end + 1;
    } else {
      const name = NAME.exec(source.slice(pos + 1, pos + 200))?.[0];
      if (!name) refuse('it has a "<" that starts no element (write &lt;)');
      if (rootClosed) refuse('it has elements after its <svg> element');
      if (++elements > MAX_ELEMENTS) refuse(`it has more than ${MAX_ELEMENTS} elements`);
      if (stack.length >= MAX_DEPTH) refuse(`its elements nest more than ${MAX_DEPTH} deep`);
      if (ACTIVE_ELEMENTS.has(name!.toLowerCase())) refuse(`it contains <${name}>`);
      if (!rootSeen && name !== 'svg') refuse(`its root element is <${name}>, not <svg>`);
      pos += 1 + name!.length;

      const attributes: [string, string][] = [];
      const seen = new Set<string>();
      let selfClosing = false;
      for (;;) {
        const ws = /^\s*/.exec(source.slice(pos, pos + 10_000))![0].length;
        const hadSpace = ws > 0;
        pos += ws;
        if (source.startsWith('/>', pos)) {
          selfClosing = true;
          pos += 2;
          break;
        }
        if (source.startsWith('>', pos)) {
          pos += 1;
          break;
        }
        const attribute = NAME.exec(source.slice(pos, pos + 200))?.[0];
        if (!attribute || !hadSpace) refuse(`the element <${name}> is malformed`);
        if (seen.has(attribute!)) refuse(`<${name}> has the attribute ${attribute} twice`);
        seen.add(attribute!);
        pos += attribute!.length;
        const eq = /^\s*=\s*(["'])/.exec(source.slice(pos, pos + 200));
        if (!eq) refuse(`the attribute ${attribute} of <${name}> has no quoted value`);
        pos += eq![0].length;
        const close = source.indexOf(eq![1], pos);
        if (close === -1) refuse(`the attribute ${attribute} of <${name}> is never closed`);
        const raw = source.slice(pos, close);
        if (raw.includes('<')) refuse(`the attribute ${attribute} of <${name}> holds a "<"`);
        pos = close + 1;
        if (/^on/i.test(attribute!)) refuse(`<${name}> has the event handler ${attribute}`);
        attributes.push([attribute!, decodeEntities(raw)]);
      }

      const parentKept = stack.length === 0 || stack.at(-1)!.kept;
      const kept = parentKept && ELEMENTS.has(name!);
      rootSeen = true;
      if (kept) {
        const parts = [name!];
        if (stack.length === 0) parts.push('xmlns="http://www.w3.org/2000/svg"');
        for (const [attribute, value] of attributes) {
          const canonical = attribute === 'xlink:href' ? 'href' : attribute;
          if (!ATTRIBUTES.has(canonical)) continue;
          checkAttribute(name!, canonical, value);
          if (canonical === 'href' && seen.has('href') && attribute === 'xlink:href') continue;
          parts.push(`${canonical}="${escapeAttribute(value)}"`);
        }
        out.push(`<${parts.join(' ')}${selfClosing ? '/>' : '>'}`);
      }
      if (!selfClosing) stack.push({ name: name!, kept });
      else if (stack.length === 0) rootClosed = true;
    }
  }
  if (!rootSeen) refuse('it has no <svg> element');
  if (stack.length) refuse(`<${stack.at(-1)!.name}> is never closed`);
  return out.join('');
}

/** Whether the first bytes of a file look like an SVG document (the type sniffer cannot tell text formats apart). */
export function looksLikeSvg(head: string): boolean {
  const start = head.replace(/^\uFEFF/, '').replace(/^(\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>/]/.test(start);
}
