import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, apiSignIn, baseUrl, chooseOption, createUserWithRights, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(120_000);

const session = ownerSession();

async function fillField(page: Page, index: number, name: string, type: string, label: string) {
  await page.getByRole('button', { name: 'Add' }).first().click();
  await page.locator(`input[name="fields.${index}.name"]`).fill(name);
  await page.locator('.RaSimpleFormIterator-line').nth(index).getByRole('combobox', { name: /Type/ }).click();
  await chooseOption(page.getByRole('option', { name: type, exact: true }));
  await page.locator(`input[name="fields.${index}.label"]`).fill(label);
}

describe('forms and messages screens', () => {
  it('creates a form, then shows a message sent through the public API as text, marks it read and exports it', async () => {
    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, session.token);
    try {
      await page.goto(`${baseUrl()}/admin/forms`);
      await page.getByRole('link', { name: 'Create a form' }).click();
      await page.waitForURL('**/admin/forms/create');
      const title = unique('Contact');
      await page.locator('input[name="title"]').fill(title);
      await page.locator('input[name="successMessage"]').fill('Thank you!');
      await fillField(page, 0, 'fullName', 'TEXT', 'Your name');
      await page.locator('input[name="fields.0.required"]').check();
      await fillField(page, 1, 'note', 'PARAGRAPH', 'Your message');
      await screenshot(page, 'admin-form-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/admin\/forms\/\d+$/);
      const formId = Number(page.url().split('/').pop());
      await page.getByText('Form created').waitFor();

      const { body: form } = await api<{ fields: { name: string; type: string; required: boolean }[] }>(`/forms/${formId}`, { token: session.token });
      expect(form.fields.map((field) => [field.name, field.type, field.required])).toEqual([
        ['fullName', 'TEXT', true],
        ['note', 'PARAGRAPH', false],
      ]);

      // fr has no fields yet: en's are shown as a starting point.
      await page.getByRole('button', { name: 'Locale fr' }).click();
      await page.getByTestId('fields-fallback').waitFor();

      const html = '<b>bold</b><img src=x onerror="window.__xss=1">';
      const sent = await api(`/forms/${formId}/messages`, { method: 'POST', body: { values: { fullName: 'Ann', note: html } } });
      expect(sent.status).toBe(201);

      await page.goto(`${baseUrl()}/admin/messages`);
      await page.getByRole('combobox', { name: 'Form' }).click();
      await chooseOption(page.getByRole('option', { name: title }));
      // The list keeps the unfiltered rows (other tests' messages) until the filtered page arrives:
      // this form has one message.
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
      const value = page.getByTestId('message-value-note').first();
      await value.waitFor();
      expect(await value.textContent()).toBe(html);
      expect(await page.locator('b', { hasText: 'bold' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await page.getByText('Unread').first().waitFor();
      await page.getByRole('button', { name: 'Mark read' }).click();
      await page.getByRole('button', { name: 'Mark unread' }).waitFor();
      await screenshot(page, 'admin-messages');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`form-${formId}-messages.csv`);
      const file = await download.path();
      const csv = fs.readFileSync(file, 'utf8');
      expect(csv).toContain('Ann');

      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Message deleted').waitFor();
    } catch (error) {
      await screenshot(page, 'admin-forms-failure');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('lets a reader of messages alone pick the form, export it and not delete, as the API rules (one rights table)', async () => {
    const title = unique('Inbox');
    const form = await api<{ id: number }>('/forms', { method: 'POST', token: session.token, body: { title, fields: [{ name: 'note', type: 'TEXT' }] } });
    expect(form.status).toBe(201);
    expect((await api(`/forms/${form.body.id}/messages`, { method: 'POST', body: { values: { note: 'Hello from a visitor' } } })).status).toBe(201);
    const reader = await createUserWithRights(session.token, ['VIEW_MESSAGE']);
    const { context, page } = await newPage(session.browser);
    page.setDefaultTimeout(15_000);
    await storeToken(page, await apiSignIn(reader.email, reader.password));
    try {
      await page.goto(`${baseUrl()}/admin/messages`);
      // The form filter lists the forms messages came from, without VIEW_FORM.
      await page.getByRole('combobox', { name: 'Form' }).click();
      await chooseOption(page.getByRole('option', { name: title }));
      await page.getByTestId('message-value-note').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(fs.readFileSync(await download.path(), 'utf8')).toContain('Hello from a visitor');
      // Deleting takes DELETE_FORM too: the screen shows no Delete button the API would refuse.
      await page.getByRole('button', { name: 'Mark read' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    } catch (error) {
      await screenshot(page, 'admin-messages-reader-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});
