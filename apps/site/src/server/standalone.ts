/**
 * The public site in its own process, for the scale-out topology (several site instances behind
 * a reverse proxy that sends /api, /admin, /sign-in and /not-found to the API):
 *   PORT=3001 API_ORIGIN=http://api:3000 PUBLIC_URL=https://www.example.com DATABASE_URL=postgres://… node dist/apps/site/server/standalone.mjs
 * Without PUBLIC_URL, ALLOWED_HOSTS (default: HOST, localhost and 127.0.0.1 with PORT) lists the
 * Host values whose pages get absolute canonical links.
 * With DATABASE_URL (the API's database) its page cache is purged as soon as the API changes a
 * page; without it, cached pages live out their lifetime (5 minutes).
 * It loads entry.mjs from beside itself at run time, so the handler is bundled only once.
 */
import { fileURLToPath } from 'node:url';
import type * as Entry from './entry';
import { defaultAllowedHosts, parseAllowedHosts } from '@cms/contracts';
import { publicOriginOf } from './http/request-origin';
import { listenForPurges } from './purge-listener';
import { createStandaloneServer, currentRequestId, requestIdFetch, STANDALONE_HEADERS } from './standalone-server';

/** One JSON line in pino's shape; a line written while a request is answered names it (`reqId`, its X-Request-Id). */
function log(level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  const stream = level === 'error' ? process.stderr : process.stdout;
  const reqId = currentRequestId();
  stream.write(`${JSON.stringify({ level: level === 'error' ? 50 : 30, time: Date.now(), name: 'site', ...(reqId ? { reqId } : {}), msg, ...extra })}\n`);
}

function fail(msg: string): never {
  log('error', msg);
  process.exit(1);
}

function readConfig(env: NodeJS.ProcessEnv) {
  const port = Number(env.PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, got "${env.PORT}"`);
  const apiOrigin = env.API_ORIGIN ?? 'http://127.0.0.1:3000';
  let parsed: URL;
  try {
    parsed = new URL(apiOrigin);
  } catch {
    fail(`API_ORIGIN must be a URL such as http://api:3000, got "${apiOrigin}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail(`API_ORIGIN must be an http(s) URL, got "${apiOrigin}"`);
  let publicUrl: string | undefined;
  try {
    publicUrl = env.PUBLIC_URL ? publicOriginOf(env.PUBLIC_URL) : undefined;
  } catch (error) {
    fail((error as Error).message);
  }
  const host = env.HOST ?? '0.0.0.0';
  const allowedHosts = env.ALLOWED_HOSTS?.trim() ? parseAllowedHosts(env.ALLOWED_HOSTS) : defaultAllowedHosts(host, port);
  if ('problem' in allowedHosts) fail(`ALLOWED_HOSTS must be ${allowedHosts.problem}; got "${env.ALLOWED_HOSTS}"`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) fail("DATABASE_URL must be a postgres:// URL (the API's database)");
  return {
    port,
    databaseUrl,
    host,
    apiOrigin: parsed.origin,
    publicUrl,
    allowedHosts,
    clientDir: env.SITE_CLIENT_DIR ?? fileURLToPath(new URL('../client/', import.meta.url)),
  };
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const { createSiteHandler } = (await import(new URL('./entry.mjs', import.meta.url).href)) as typeof Entry;
  const handler = createSiteHandler({
    clientDir: config.clientDir,
    apiOrigin: config.apiOrigin,
    publicUrl: config.publicUrl,
    // Without PUBLIC_URL, pages link to the Host a request names when it is one of these; X-Forwarded-Proto is believed from loopback.
    allowedHosts: config.allowedHosts,
    fixedHeaders: STANDALONE_HEADERS,
    // The page's reads from the API name its request: the API's log lines for them carry the same id.
    apiFetch: requestIdFetch(),
    logger: {
      error: (obj, msg) => log('error', msg ?? 'Site error', { err: obj instanceof Error ? { type: obj.name, message: obj.message, stack: obj.stack } : obj }),
    },
  });
  const purges = config.databaseUrl ? listenForPurges({ databaseUrl: config.databaseUrl, onPurge: (event) => handler.revalidate(event), log }) : undefined;
  if (!purges) log('info', 'DATABASE_URL is not set: cached pages are not purged when the API changes them, they expire');
  const server = createStandaloneServer(
    handler,
    (msg, reqId) => log('error', msg, { reqId }),
    () => ({ status: 'ok', purges: purges ? 'listening' : 'off' }),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log('info', `${signal} received: finishing requests in flight, then stopping`);
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(() => void (purges?.stop() ?? Promise.resolve()).finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log('info', `Public site listening on http://${config.host}:${port} (API at ${config.apiOrigin})`);
  });
}

main().catch((error: unknown) => fail(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
