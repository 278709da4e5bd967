import type { AddressInfo } from 'node:net';
import { authenticator } from 'otplib';
import { SMTPServer } from 'smtp-server';
import { screenshot } from '../support/screenshot';
import { startServer, stopServer, type RunningServer } from '../support/server';
import { api, baseUrl, chooseOption, createUserWithRights, ownerSession, newPage, signInThroughForm } from './admin-session';

jest.setTimeout(120_000);

/** A code of the authenticator for `secret`, `steps` time steps (of 30 s) from now: the step that turned it on is spent. */
const codeOf = (secret: string, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

/** A real SMTP server on loopback: the server under test sends its mails there (SMTP_URL). */
async function startMailbox(): Promise<{ server: SMTPServer; port: number; mails: { to: string[]; raw: string }[] }> {
  const mails: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}

/** The first link to `path` in a mail to `to`, once it has arrived (quoted-printable undone). */
async function linkInMail(mailbox: { mails: { to: string[]; raw: string }[] }, to: string, path: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = mailbox.mails.find((m) => m.to.includes(to));
    if (mail) {
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`).exec(text);
      if (!match) throw new Error(`No ${path} link in the mail:\n${text}`);
      return match[0];
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const saved = { ...process.env };
let server: RunningServer;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_POLL_MS: '200' } });
  Object.assign(process.env, { E2E_BASE_URL: server.baseUrl, E2E_ADMIN_EMAIL: server.adminEmail, E2E_ADMIN_PASSWORD: server.adminPassword });
}, 180_000);
const session = ownerSession();
afterAll(async () => {
  Object.assign(process.env, { E2E_BASE_URL: saved.E2E_BASE_URL, E2E_ADMIN_EMAIL: saved.E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD: saved.E2E_ADMIN_PASSWORD });
  if (server) await stopServer(server);
  await new Promise<void>((resolve) => mailbox?.server.close(() => resolve()));
});

describe('accounts that look after themselves', () => {
  it('forgot password: the sign-in page’s link mails a one-time link, which sets a new password that then signs in', async () => {
    const person = await createUserWithRights(session.token, ['VIEW_USER']);
    const { context, page } = await newPage(session.browser);
    try {
      await page.goto(`${baseUrl()}/sign-in`);
      await page.getByLabel('E-mail').fill(person.email);
      await page.getByTestId('forgot-password').click();
      await page.waitForURL('**/admin/forgot-password');
      // The e-mail typed on the sign-in page comes along.
      expect(await page.getByLabel('E-mail').inputValue()).toBe(person.email);
      await screenshot(page, 'issue29-forgot-password', { fullPage: false });
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByTestId('reset-requested').waitFor();
      await screenshot(page, 'issue29-forgot-password-sent', { fullPage: false });

      const link = await linkInMail(mailbox, person.email, '/admin/reset-password');
      expect(link.startsWith(`${server.baseUrl}/admin/reset-password?token=`)).toBe(true);
      await page.goto(link);
      await page.getByLabel('New password').fill('brand-new-password-1');
      await page.getByLabel('Repeat the password').fill('brand-new-password-2');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('The two passwords differ').waitFor();
      await page.getByLabel('Repeat the password').fill('brand-new-password-1');
      await screenshot(page, 'issue29-reset-password', { fullPage: false });
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByTestId('password-reset-done').waitFor();

      // The link works once.
      await page.goto(link);
      await page.getByLabel('New password').fill('third-password-123');
      await page.getByLabel('Repeat the password').fill('third-password-123');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('This link was already used. Ask for a new one.').waitFor();
      await screenshot(page, 'issue29-reset-link-used', { fullPage: false });

      await page.goto(`${baseUrl()}/sign-in`);
      await signInThroughForm(page, person.email, 'brand-new-password-1');
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      expect((await api('/auth/signin', { method: 'POST', body: { email: person.email, password: person.password } })).status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('invitation: the Users screen invites by e-mail and role, lists it as pending, and the link lets the person join', async () => {
    const email = `invited-${Date.now().toString(36)}@example.com`;
    const role = await session.create<{ id: string; name: string }>('/roles', { id: 'e2e-writers', name: 'Writers', rights: ['VIEW_USER', 'VIEW_CONTENT'] });
    const { page, close } = await session.open('/admin/users', { timeout: 20_000 });
    try {
      await page.getByTestId('invite-user').click();
      await page.locator('input[name="inviteEmail"]').fill(email);
      await page.getByRole('dialog').getByLabel('Role').click();
      await chooseOption(page.getByRole('option', { name: role.name }));
      await screenshot(page, 'issue29-invite-dialog', { fullPage: false });
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      await page.getByTestId('pending-invitations').getByText(email).waitFor();
      await screenshot(page, 'issue29-pending-invitations', { fullPage: false });
    } finally {
      await close();
    }

    const link = await linkInMail(mailbox, email, '/admin/accept-invitation');
    const { context, page: invited } = await newPage(session.browser);
    try {
      await invited.goto(link);
      await invited.locator('input[name="email"][disabled]').waitFor();
      expect(await invited.locator('input[name="email"]').inputValue()).toBe(email);
      await invited.getByLabel('Your name').fill('Invited Person');
      await invited.getByLabel('New password').fill('invited-password-1');
      await invited.getByLabel('Repeat the password').fill('invited-password-1');
      await screenshot(invited, 'issue29-accept-invitation', { fullPage: false });
      await invited.getByRole('button', { name: 'Join' }).click();
      await invited.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/accept-invitation'));
      const signedIn = await api<{ token: string }>('/auth/signin', { method: 'POST', body: { email, password: 'invited-password-1' } });
      expect(signedIn.status).toBe(200);
      // The language the acceptance screen was read in is the new account's.
      expect((await api<{ language: string | null }>('/me', { token: signedIn.body.token })).body.language).toBe('en');
      // The link worked once.
      await invited.goto(link);
      await invited.getByText('This invitation link is not valid').waitFor();
    } finally {
      await context.close();
    }
  });

  it('two-factor: turned on from one’s own user screen (QR and secret, a code), then signing in asks for a code', async () => {
    const person = await createUserWithRights(session.token, ['VIEW_USER', 'UPDATE_USER']);
    let secret = '';
    const { context, page } = await newPage(session.browser);
    try {
      await page.goto(`${baseUrl()}/sign-in`);
      await signInThroughForm(page, person.email, person.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      await page.goto(`${baseUrl()}/admin/users/${person.userId}`);
      await page.getByTestId('two-factor-start').click();
      await page.getByTestId('two-factor-qr').waitFor();
      secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel('Code of the authenticator app').fill(codeOf(secret));
      await screenshot(page, 'issue29-two-factor-setup', { fullPage: false });
      await page.getByRole('button', { name: 'Confirm the code' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
      await screenshot(page, 'issue29-two-factor-recovery-codes', { fullPage: false });
    } finally {
      await context.close();
    }

    const { context: next, page: again } = await newPage(session.browser);
    try {
      await again.goto(`${baseUrl()}/sign-in`);
      await signInThroughForm(again, person.email, person.password);
      await again.getByTestId('second-step').waitFor();
      await screenshot(again, 'issue29-two-factor-sign-in', { fullPage: false });
      await again.getByLabel('Code of the authenticator app').fill('000000');
      await again.getByRole('button', { name: 'Verify' }).click();
      await again.getByText('The code is wrong or was already used').waitFor();
      await again.getByLabel('Code of the authenticator app').fill(codeOf(secret, 1));
      await again.getByRole('button', { name: 'Verify' }).click();
      await again.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      expect(await again.evaluate(() => window.localStorage.getItem('token'))).toEqual(expect.any(String));
    } finally {
      await next.close();
    }
  });
});
