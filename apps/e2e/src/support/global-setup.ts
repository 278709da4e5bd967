import { startServer, type RunningServer } from './server';

declare global {
  var __CMS_E2E_SERVER__: RunningServer | undefined;
}

export default async function globalSetup(): Promise<void> {
  const server = await startServer();
  globalThis.__CMS_E2E_SERVER__ = server;
  // If Jest dies without running globalTeardown, the server must not outlive it.
  process.once('exit', () => {
    if (server.process.exitCode === null && server.process.pid) {
      try {
        process.kill(-server.process.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_ADMIN_EMAIL = server.adminEmail;
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
}
