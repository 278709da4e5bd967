import type { Browser } from 'playwright-core';
import { api, baseUrl, launchBrowser, newPage, ownerCredentials, signInViaApi } from '../support';

/**
 * Members-only contents through the site: the server renders (and caches) what the public may
 * read, the sitemap lists no guarded path, and a member writes through a form shown only on the
 * members' page (the form script sends the member's token).
 */

let browser: Browser;
const suffix = `m${Date.now().toString(36)}`;
const MARKER = `minutes-${suffix}`;
const members = { roleId: `readers-${suffix}`, email: `reader-${suffix}@example.com`, password: 'e2e-password-123', token: '' };
const paths = { board: `board-${suffix}`, club: `club-${suffix}` };
let formId = 0;

async function ok<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = ownerCredentials();
  const as = api(await signInViaApi(owner.email, owner.password));
  await ok(as.post('/roles', { id: members.roleId, name: `Readers ${suffix}`, rights: [] }), 'Role');
  await ok(as.post('/users', { name: 'A reader', email: members.email, password: members.password, roleId: members.roleId }), 'User');
  members.token = await signInViaApi(members.email, members.password);

  const form = await ok(
    as.post<{ id: number }>('/forms?locale=en', {
      title: `Club questions ${suffix}`,
      successMessage: 'The club got your question.',
      fields: [
        { name: 'question', type: 'TEXT', label: 'Your question', required: true, line: 0, position: 0 },
        { name: 'send', type: 'BUTTON', label: 'Ask the club', line: 1, position: 0 },
      ],
    }),
    'Form',
  );
  formId = form.id;
  const club = await ok(
    as.post<{ id: number }>('/containers?locale=en', {
      title: 'Club',
      slug: paths.club,
      published: true,
      accesses: [{ roleId: members.roleId }],
      sections: [{ block: 'form', formId, content: { title: 'Ask the club' } }],
    }),
    'Members-only container',
  );
  await ok(as.post('/contents?locale=en', { title: `Board ${MARKER}`, containerId: club.id, slug: 'board-minutes', published: true }), 'Members-only content');
  await ok(
    as.post('/containers?locale=en', {
      title: 'Board',
      slug: paths.board,
      published: true,
      sections: [{ block: 'contents', containerContentId: club.id, content: { title: 'From the club' } }],
    }),
    'Public page listing the club',
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('members-only content on the site', () => {
  it('an anonymous visitor of a public page whose contents block lists members-only posts sees none of them, even after a member read it', async () => {
    // A member reading the page through the API first must not fill any cache the visitor is served from.
    const member = await api(members.token).get<{ sections: { items: { title: string }[] | null }[] }>(
      `/pages?path=${encodeURIComponent(`/${paths.board}`)}&locale=en`,
    );
    expect(member.body.sections.flatMap((s) => s.items ?? []).map((i) => i.title)).toEqual([`Board ${MARKER}`]);
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${baseUrl()}/${paths.board}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('From the club');
      expect(html).not.toContain(MARKER);
      expect(html).not.toContain(`/${paths.club}/board-minutes`);
    }
  });

  it('an anonymous crawler of /sitemap.xml learns no members-only path', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/${paths.board}<`);
    expect(sitemap).not.toContain(paths.club);
  });

  it('a member writes through a form shown only on the members’ page; an anonymous post of the same form is refused', async () => {
    const test = await newPage(browser);
    const { page } = test;
    try {
      await test.context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
      await page.goto(`${baseUrl()}/not-found`);
      await page.evaluate((token) => window.localStorage.setItem('token', token), members.token);
      await page.goto(`${baseUrl()}/${paths.club}`);
      await page.getByLabel('Your question').fill('When is the next meeting?');
      await page.getByRole('button', { name: 'Ask the club' }).click();
      await page.locator('[role="status"] .cms-form__message--success').waitFor();
      expect(await page.locator('[role="status"]').textContent()).toBe('The club got your question.');
    } finally {
      await test.close();
    }
    const anonymous = await api().post(`/forms/${formId}/messages`, { values: { question: 'Let me in?' } });
    expect(anonymous.status).toBe(401);
  });
});
