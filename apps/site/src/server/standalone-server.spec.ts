import { securityHeaders } from '@cms/contracts';
import * as fs from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSiteHandler } from './site-handler';
import { createStandaloneServer } from './standalone-server';

function get(port: number, target: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('standalone site server', () => {
  let port: number;
  let server: ReturnType<typeof createStandaloneServer>;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-standalone-'));
    // The real handler, with an API that does not answer: pages are 503s, robots.txt needs no API.
    const handler = createSiteHandler({ clientDir, apiOrigin: 'http://127.0.0.1:9', logger: { error: () => undefined }, pageTimeoutMs: 500 });
    server = createStandaloneServer(handler, () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/robots.txt', '/', '/fr/some/page', '/_site/missing.js'])('sends the same security headers as the in-process site on %s', async (target) => {
    const { headers } = await get(port, target);
    for (const [name, value] of Object.entries(securityHeaders('anyone'))) expect(headers[name]).toBe(value);
  });

  it('keeps public pages embeddable anywhere', async () => {
    const { headers } = await get(port, '/robots.txt');
    expect(headers['content-security-policy']).toContain('frame-ancestors *');
    expect(headers['x-frame-options']).toBeUndefined();
  });
});
