/**
 * The security headers every HTTP answer of the CMS carries, whichever process sends it (the API
 * process with the back office and the site, or a standalone site process). They are the values
 * helmet 8 computes for this app's options (a test of the API compares them), kept here as data so
 * that a process without helmet, or a browser bundle that only needs a constant, can share them.
 */

/**
 * Who may show a page in a frame. Public pages may be embedded anywhere (the spec marks the body
 * of an embedded page); the back office only by itself, so that another site cannot overlay it and
 * steer a signed-in user's clicks.
 */
export type FramePolicy = 'anyone' | 'same-origin';

const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['base-uri', "'self'"],
  ['font-src', "'self' data:"],
  ['form-action', "'self'"],
  ['frame-ancestors', ''],
  ['img-src', "'self' data: blob:"],
  ['object-src', "'none'"],
  ['script-src', "'self'"],
  ['script-src-attr', "'none'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['connect-src', "'self'"],
];

const FRAME_ANCESTORS: Record<FramePolicy, string> = { anyone: '*', 'same-origin': "'self'" };

const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export function contentSecurityPolicy(framing: FramePolicy): string {
  return CSP_DIRECTIVES.map(([name, value]) => `${name} ${name === 'frame-ancestors' ? FRAME_ANCESTORS[framing] : value}`).join(';');
}

/** Header names in lower case, as Node and Fastify keep them. */
export function securityHeaders(framing: FramePolicy): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(framing),
    ...COMMON_HEADERS,
    // Browsers that predate frame-ancestors read this one instead.
    ...(framing === 'same-origin' ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
  };
}
