import type { Page } from 'playwright-core';
import { api } from '../support/api';
import { screenshot } from '../support/screenshot';
import { baseUrl, ownerSession, unique } from './admin-session';

jest.setTimeout(300_000);

const session = ownerSession();

/** The text of the live page at `path`, as a visitor's browser gets it. */
async function liveText(page: Page, path: string): Promise<string> {
  await page.goto(`${baseUrl()}${path}`);
  return page.locator('main').innerText();
}

/**
 * `YYYY-MM-DDTHH:mm` of the first whole minute at least 30 s from now (time enough to save the schedule
 * before it passes), in the browser's zone (the e2e browser runs in the machine's).
 */
function aMinuteAhead(): { input: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { input: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`, at };
}

describe('drafts, as an editor', () => {
  it('changes a published post, previews it beside the form, publishes it; a scheduled one appears on time', async () => {
    const slug = unique('journal').toLowerCase();
    const container = await session.create<{ id: number }>('/containers', {
      title: unique('Journal'),
      slug,
      published: true,
      drafts: true,
      fields: [{ label: 'Body', name: 'body', type: 'STRING' }],
    });
    const post = await session.create<{ id: number }>('/contents', {
      containerId: container.id,
      title: 'Spring',
      slug: 'spring',
      published: true,
      fields: { body: 'Live words' },
    });
    const later = await session.create<{ id: number }>('/contents', {
      containerId: container.id,
      title: 'Summer',
      slug: 'summer',
      published: true,
      fields: { body: 'Old summer' },
    });

    const { context, page, close } = await session.open(`/admin/contents/${later.id}`);
    page.setDefaultTimeout(20_000);
    const visitor = await context.newPage();
    try {
      // Schedule the second post for the next minute: change it, save the draft, pick the time.
      await page.getByLabel('Body').fill('Summer is here');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('Draft saved').waitFor();
      await page.getByText('Changed since publishing').first().waitFor();
      await page.getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule publishing' });
      const { input, at } = aMinuteAhead();
      await dialog.getByLabel('Publish at', { exact: true }).fill(input);
      // The dialog fades in (MUI's transition): the picture waits for it.
      await page.waitForTimeout(500);
      await screenshot(page, 'drafts-schedule-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Save the schedule' }).click();
      await page.getByText('Schedule saved').waitFor();
      await page
        .getByText(/Scheduled for/)
        .first()
        .waitFor();
      // Before its time, the live site still shows what was published. Read at once: the steps
      // below take longer than the schedule's lead on a loaded machine (a CI run read it after the
      // post had gone live).
      expect(Date.now()).toBeLessThan(at.getTime());
      expect(await liveText(visitor, `/${slug}/summer`)).toContain('Old summer');

      // Change the first post and look at the draft beside the form.
      await page.goto(`${baseUrl()}/admin/contents/${post.id}`);
      await page.getByLabel('Body').fill('Draft words');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('Draft saved').waitFor();
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.frameLocator('iframe[title="Preview (en)"]');
      await preview.getByText('Draft words').waitFor();
      await preview.getByText('Preview, not live').waitFor();
      await screenshot(page, 'drafts-preview-panel', { fullPage: false });

      // The live site, in another tab, still shows what was published.
      expect(await liveText(visitor, `/${slug}/spring`)).toContain('Live words');
      expect(await liveText(visitor, `/${slug}/spring`)).not.toContain('Draft words');

      await page.getByRole('button', { name: 'Publish changes' }).click();
      await page.getByText('Published: the page is live').waitFor();
      await page.getByText('Published', { exact: true }).first().waitFor();
      await screenshot(page, 'drafts-edit-screen', { fullPage: false });
      expect(await liveText(visitor, `/${slug}/spring`)).toContain('Draft words');

      // The contents list says where each stands.
      await page.goto(`${baseUrl()}/admin/contents?filter=${encodeURIComponent(JSON.stringify({ containerId: container.id }))}`);
      await page
        .getByText(/Scheduled for/)
        .first()
        .waitFor();
      await screenshot(page, 'drafts-list', { fullPage: false });

      // The scheduled post goes live within the scheduler's 15 s of its time, untouched by anyone.
      // The screen takes whole minutes: the time moves to a few seconds from now (as another editor
      // could), so that the test waits for the scheduler, not for the next minute.
      const soon = new Date(Date.now() + 3_000);
      expect((await api(session.token).put(`/contents/${later.id}`, { publishAt: soon.toISOString() })).status).toBe(200);
      const deadline = soon.getTime() + 45_000;
      let text = '';
      while (Date.now() < deadline && !text.includes('Summer is here')) {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        text = await liveText(visitor, `/${slug}/summer`);
      }
      expect(text).toContain('Summer is here');
    } catch (error) {
      await screenshot(page, 'drafts-failure');
      throw error;
    } finally {
      await close();
    }
  });

  it("drafts a container page's sections: the live page keeps its own until Publish page changes", async () => {
    const slug = unique('landing').toLowerCase();
    const container = await session.create<{ id: number }>('/containers', { title: unique('Landing'), slug, published: true, drafts: true });
    const { context, page, close } = await session.open(`/admin/containers/${container.id}`);
    page.setDefaultTimeout(20_000);
    const visitor = await context.newPage();
    try {
      await page.getByText('Drafts are on').waitFor();
      await page.getByRole('button', { name: 'Add a section' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rich text' }).click();
      await page.getByRole('region', { name: 'Section 1: Rich text' }).locator('.ProseMirror').click();
      await page.keyboard.type('Opening soon');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText("Saved: the page's sections and metadata wait as a draft").waitFor();
      await page.getByText('Changed since publishing').waitFor();
      expect(await liveText(visitor, `/${slug}`)).not.toContain('Opening soon');

      await page.getByRole('button', { name: 'Preview' }).click();
      await page.frameLocator('iframe[title="Preview (en)"]').getByText('Opening soon').waitFor();
      await page.mouse.move(5, 300);
      await page.waitForTimeout(400);
      await screenshot(page, 'drafts-container-page', { fullPage: false });

      await page.getByRole('button', { name: 'Publish page changes' }).click();
      await page.getByText('Page published: its sections and metadata are live').waitFor();
      expect(await liveText(visitor, `/${slug}`)).toContain('Opening soon');
    } catch (error) {
      await screenshot(page, 'drafts-container-failure');
      throw error;
    } finally {
      await close();
    }
  });
});
