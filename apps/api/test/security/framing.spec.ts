import { securityHeaders } from '@cms/contracts';
import helmet from 'helmet';
import * as fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestApp, type TestApp } from '../support/test-app';

/** What helmet answers for the options this app has always used, but for frame-ancestors. */
function helmetHeaders(frameAncestors: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      (headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors,
        upgradeInsecureRequests: null,
      },
    },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

// Clickjacking: another site frames the back office and lures a signed-in user into clicks there.
describe('framing (clickjacking of the back office)', () => {
  let t: TestApp;
  let dirs: string[];

  beforeAll(async () => {
    const adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-admin-'));
    fs.writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><title>Back office</title>');
    fs.mkdirSync(path.join(adminDir, 'assets'));
    // No site build here: the public routes answer "not built", which still passes every hook.
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-site-'));
    dirs = [adminDir, siteDir];
    t = await createTestApp({ SERVE: 'all', ADMIN_DIR: adminDir, SITE_DIR: siteDir });
  });

  afterAll(async () => {
    await t.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/admin', '/admin/', '/admin/users', '/admin/users/roles?x=1', '/sign-in', '/sign-in?redirect=%2Fadmin', '/not-found', '/admin/assets/missing.js'])(
    'lets only this origin frame %s',
    async (target) => {
      const res = await t.http.get(target);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).not.toContain('frame-ancestors *');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  // Issue 24: the headers were chosen from the raw URL while the router decodes it, so an encoded,
  // cased or doubled spelling of a back-office route could be framed by anyone.
  it.each([
    '/%61dmin',
    '/%61dmin/users',
    '/%41dmin/users',
    '/adm%69n/users/roles',
    '/admin%2Fusers',
    '/%2561dmin/users',
    '/ADMIN/users',
    '/Admin',
    '//admin/users',
    '/admin//users',
    '/./admin/users',
    '/x/../admin/users',
    '/x/%2e%2e/admin/users',
    '/sign%2Din',
    '/%73ign-in',
    '/SIGN-IN',
    '//sign-in',
    '/not%2Dfound',
    '/NOT-FOUND',
    '//not-found',
    '/%61dmin/assets/missing.js',
  ])('attack: framing the back office through the encoded, cased or doubled spelling %s', async (target) => {
    const res = await t.http.get(target);
    expect({ target, csp: res.headers['content-security-policy'] }).toEqual({ target, csp: expect.stringContaining("frame-ancestors 'self'") });
    expect(res.headers['content-security-policy']).not.toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the back office under the encoded spellings the router decodes, with its headers', async () => {
    for (const target of ['/%61dmin/users', '/sign%2Din']) {
      const res = await t.http.get(target);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Back office');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('keeps the rest of the policy on the back office', async () => {
    const res = await t.http.get('/sign-in');
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(securityHeaders('same-origin'))) expect(res.headers[name]).toBe(value);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('lets only this origin frame a refused method on a back-office path', async () => {
    const res = await t.http.post('/sign-in');
    expect(res.status).toBe(405);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it.each(['/', '/fr/offers', '/administration', '/sign-in-help', '/blog/admin', '/fr/sign-in'])(
    'keeps the public page %s embeddable anywhere',
    async (target) => {
      const res = await t.http.get(target);
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(res.headers['x-frame-options']).toBeUndefined();
      for (const [name, value] of Object.entries(securityHeaders('anyone'))) expect(res.headers[name]).toBe(value);
    },
  );

  it('shares the header table with the standalone site, and it is what helmet computes', () => {
    expect(securityHeaders('anyone')).toEqual(helmetHeaders(['*']));
    const { 'x-frame-options': frameOptions, ...backOffice } = securityHeaders('same-origin');
    expect(frameOptions).toBe('SAMEORIGIN');
    expect(backOffice).toEqual(helmetHeaders(["'self'"]));
  });
});
