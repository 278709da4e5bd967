import { stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__CMS_E2E_SERVER__;
  globalThis.__CMS_E2E_SERVER__ = undefined;
  if (server) await stopServer(server);
}
