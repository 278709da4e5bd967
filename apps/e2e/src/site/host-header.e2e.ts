import { request } from 'node:http';
import { baseUrl } from '../support';

/** A GET with a Host header of the caller's choosing (fetch does not let one pick it). */
function getWithHost(path: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The server runs with PUBLIC_URL set to its own address (support/server.ts), as in production.
describe('host header attacks on the running server', () => {
  it('never puts a Host header an attacker picked in canonical links, the sitemap or robots.txt', async () => {
    const page = await getWithHost('/fr', 'evil.example');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="${baseUrl()}/fr"/>`);
    const sitemap = await getWithHost('/sitemap.xml', 'evil.example');
    expect(sitemap.text).toContain(`<loc>${baseUrl()}/fr</loc>`);
    const robots = await getWithHost('/robots.txt', 'evil.example');
    expect(robots.text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    for (const answer of [page, sitemap, robots]) expect(answer.text).not.toContain('evil.example');
  });

  it('serves the page it cached to every Host rather than keeping a copy per Host', async () => {
    await getWithHost('/es', new URL(baseUrl()).host);
    for (let i = 0; i < 5; i += 1) {
      const answer = await getWithHost('/es', `flood-${i}.evil.example`);
      expect(answer.headers['x-cache']).toBe('HIT');
    }
  });
});
