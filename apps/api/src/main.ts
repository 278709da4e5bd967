import 'reflect-metadata';
import { createApp } from './bootstrap';
import { collectGarbage } from './common/memory/collect-garbage';
import { reduceMemoryWhenIdle } from './common/memory/idle-memory-reducer';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { resolveJwtSecret } from './config/jwt-secret';
import { openDatabase } from './database/database';
import { seedDemoSite } from './demo/demo-site';
import { ensureFirstOwner } from './owner/create-admin';
import { announceFirstOwner } from './owner/first-owner-notice';

function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}) {
  // Before Nest's logger exists, write the same JSON shape pino does.
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), msg, ...extra })}\n`);
}

/** 2 s without a request in flight, after V8's old generation grew by 8 MB (V8's own smallest step). */
const IDLE_MEMORY_REDUCER = { quietMs: 2000, minGrowthBytes: 8 * 1024 * 1024 };

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  const database = await openDatabase(config);
  log('info', `Database ready: ${database.description}`);
  const owner = await ensureFirstOwner(database.dataSource, { email: config.adminEmail, password: config.adminPassword });
  if (owner) announceFirstOwner(owner, config.dataDir, log);
  const app = await createApp({ ...config, jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir) }, database);
  const ownerPassword = owner?.generatedPassword ?? config.adminPassword;
  if (owner?.created && config.demo && ownerPassword) {
    // The demo is written through the API, so routes must be ready before the server listens.
    await app.init();
    try {
      await seedDemoSite(app, { email: owner.email, password: ownerPassword });
      log('info', 'Demo site created in five languages (CMS_DEMO=false starts empty); edit or delete it from /admin.');
    } catch (error) {
      log('error', `The demo site could not be created: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log('info', `${signal} received: finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen(config.port, config.host);
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  log('info', `CMS ready in ${Date.now() - started} ms on http://${shown}:${config.port} (site /, back office /admin, API /api, docs /api/docs)`);
  // What start-up left behind, collected now rather than after V8's next half-minute of quiet.
  collectGarbage();
  // And what a burst of requests leaves, once the server is quiet again.
  reduceMemoryWhenIdle(app.getHttpServer(), IDLE_MEMORY_REDUCER);
}

main().catch((error: unknown) => {
  log('error', `Start-up failed: ${error instanceof Error ? error.message : String(error)}`, { stack: error instanceof Error ? error.stack : undefined });
  process.exit(1);
});
