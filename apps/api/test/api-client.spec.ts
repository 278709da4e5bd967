/**
 * The typed client (issue 28): libs/api-client's types are what openapi-typescript makes of the
 * live /api/docs-json (a stale copy fails here: run `npm run api-client`), an integrator's program
 * written against them type-checks (the API's type check), and it runs against the API: sign in, create, list with
 * Content-Range, read a page, and get a 304 for it with If-None-Match. The contract spec
 * (openapi-contract.spec.ts) checks that every answer fits the document the types come from.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrate } from './support/integrator';
import { OWNER, useTestApp } from './support/test-app';

jest.setTimeout(300_000);

const root = join(__dirname, '../../..');
const work = join(root, 'tmp', `api-client-check-${process.pid}`);

describe('the typed client generated from /api/docs-json', () => {
  const t = useTestApp();
  let baseUrl: string;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    mkdirSync(join(work, 'src'), { recursive: true });
    writeFileSync(join(work, 'doc.json'), JSON.stringify((await t.http.get('/api/docs-json')).body));
    execFileSync(process.execPath, [join(root, 'tools/api-client.mjs'), '--from', join(work, 'doc.json'), '--out', join(work, 'src/schema.ts')], {
      stdio: 'pipe',
    });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('commits the types the live document generates', () => {
    const fresh = readFileSync(join(work, 'src/schema.ts'), 'utf8');
    const committed = readFileSync(join(root, 'libs/api-client/src/schema.ts'), 'utf8');
    // The fresh copy stays in tmp/ to be compared when they differ.
    if (fresh !== committed) writeFileSync(join(root, 'tmp/api-client-schema.fresh.ts'), fresh);
    expect({ upToDate: fresh === committed, fix: 'npm run api-client' }).toEqual({ upToDate: true, fix: 'npm run api-client' });
  });

  // The integrator's program (support/integrator.ts) is type-checked against the committed types
  // by the API's own type check (apps/api/tsconfig.spec.json takes test/**), part of `npm test`;
  // the test above holds the committed types to what the live document generates.

  it('runs the program against the API: sign in, create, list with its total, read the page, and a 304 with If-None-Match', async () => {
    expect(await integrate(baseUrl, OWNER)).toEqual({
      contentId: expect.any(Number),
      listed: ['A lamp'],
      total: 1,
      pageTitle: 'A lamp',
      pagePrice: 12.5,
      notModified: 304,
    });
  });
});
