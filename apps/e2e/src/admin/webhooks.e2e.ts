import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screenshot } from '../support/screenshot';
import { startServer, stopServer, type RunningServer } from '../support/server';
import { api, ownerSession } from './admin-session';

jest.setTimeout(120_000);

/** A receiver on loopback: the server under test runs with WEBHOOK_ALLOW_PRIVATE=true to reach it. */
function startReceiver(): Promise<{ server: http.Server; url: string; calls: { event: string; signature: string }[] }> {
  const calls: { event: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push({ event: String(req.headers['x-webhook-event']), signature: String(req.headers['x-signature']) });
      // The first call fails: the log shows a retry.
      if (calls.length === 1) res.writeHead(503, { 'content-type': 'text/plain' }).end('Busy, try later');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cms-hook`, calls })),
  );
}

const saved = { ...process.env };
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200', WEBHOOK_RETRY_BASE_MS: '500' } });
  Object.assign(process.env, { E2E_BASE_URL: server.baseUrl, E2E_ADMIN_EMAIL: server.adminEmail, E2E_ADMIN_PASSWORD: server.adminPassword });
}, 180_000);
const session = ownerSession();
afterAll(async () => {
  Object.assign(process.env, { E2E_BASE_URL: saved.E2E_BASE_URL, E2E_ADMIN_EMAIL: saved.E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD: saved.E2E_ADMIN_PASSWORD });
  if (server) await stopServer(server);
});

describe('webhooks screen', () => {
  it('adds a webhook from Settings with checkboxes and a generated secret, sends a test, shows the delivery log and sends one again', async () => {
    const receiver = await startReceiver();
    const { page, close } = await session.open('/admin', { timeout: 20_000 });
    try {
      await page.getByTestId('open-webhooks').click();
      await page.getByText('No webhook yet').waitFor();
      await screenshot(page, 'admin-webhooks-empty', { fullPage: false });
      await page.getByRole('link', { name: 'Add a webhook' }).first().click();

      await page.getByLabel('URL').fill(receiver.url);
      await page.getByLabel('Content published').check();
      await page.getByLabel('Content created').check();
      const secret = page.getByTestId('webhook-secret');
      const first = await secret.inputValue();
      expect(first).toMatch(/^whsec_[0-9a-f]{64}$/);
      await page.getByTestId('webhook-generate-secret').click();
      expect(await secret.inputValue()).not.toBe(first);
      await screenshot(page, 'admin-webhooks-create');
      await page.getByRole('button', { name: 'Save' }).click();

      // Saved: the edit screen with its delivery log, and the secret never shown again.
      await page.getByText('Nothing sent yet').waitFor();
      expect(await secret.inputValue()).toBe('');
      expect(await secret.getAttribute('placeholder')).toMatch(/^Leave empty to keep the secret ending in …[0-9a-f]{4}$/);

      await page.getByTestId('webhook-send-test').click();
      // The receiver answers 503 first, then 200: one delivery, two tries.
      await page.locator('[data-testid="webhook-delivery"][data-status="delivered"]').waitFor({ timeout: 30_000 });
      const row = page.getByTestId('webhook-delivery').first();
      expect(await row.innerText()).toContain('{"received":true}');
      expect(receiver.calls.map((call) => call.event)).toEqual(['webhook.test', 'webhook.test']);
      expect(receiver.calls[0].signature).toMatch(/^sha256=[0-9a-f]{64}$/);

      // A content written through the API is announced too.
      const containers = await api<{ id: number }>('/containers', { method: 'POST', token: session.token, body: { title: 'Hooked', fields: [] } });
      const created = await api('/contents', {
        method: 'POST',
        token: session.token,
        body: { title: 'Announced', containerId: containers.body.id, published: true },
      });
      expect(created.status).toBe(201);
      const log = page.getByTestId('webhook-deliveries');
      await log.getByRole('button', { name: 'Refresh' }).click();
      await log.getByText('Content published').waitFor();
      await page.locator('[data-testid="webhook-delivery"][data-status="pending"]').first().waitFor({ state: 'detached', timeout: 30_000 });

      await row.getByRole('button', { name: 'Send again' }).click();
      await page.getByText('Delivery queued again').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="webhook-delivery"]').length === 4);
      await page.locator('[data-testid="webhook-delivery"][data-status="pending"]').first().waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByText('Delivery queued again').waitFor({ state: 'hidden' });
      await log.scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-webhooks-deliveries', { fullPage: false });

      await page.goto(`${server.baseUrl}/admin/webhooks`);
      await page.getByText(receiver.url).waitFor();
      await screenshot(page, 'admin-webhooks-list', { fullPage: false });
    } catch (error) {
      await screenshot(page, 'admin-webhooks-failure');
      throw error;
    } finally {
      await close();
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });
});
