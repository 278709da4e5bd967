import * as fs from 'node:fs';
import * as path from 'node:path';
import { startServer, stopServer, type RunningServer } from '../support/server';

/**
 * Attack: reading the first owner's generated password in kept start logs (a log collector, a
 * shared terminal scroll-back, a support bundle). A fresh clone's first start must say where the
 * password is without printing it, and keep it in a file only this user can read.
 */
describe('attack: the generated owner password read from the start logs', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ generatedOwnerPassword: true });
  }, 180_000);

  afterAll(async () => {
    if (server) await stopServer(server);
  });

  it('keeps the password out of every log line, in DATA_DIR/owner-password readable by the owner only, and it signs in', async () => {
    const file = path.join(server.dataDir, 'owner-password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(server.output.filter((line) => line.includes(password))).toEqual([]);
    // The start log says where to look.
    expect(server.output.some((line) => line.includes('First owner created') && line.includes(file))).toBe(true);
    const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.adminEmail, password }),
    });
    expect(signIn.status).toBe(200);
  });
});
