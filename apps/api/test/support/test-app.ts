import type { RightType } from '@cms/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { openDatabase, type Database } from '../../src/database/database';
import { ensureFirstOwner } from '../../src/owner/create-admin';
import { RevalidationService, type RevalidationEvent } from '../../src/revalidation/revalidation.service';
import { migratedEmbeddedSnapshot } from './database-snapshots';
import { createTestDatabase, type TestDatabase } from './test-database';

export const OWNER = { email: 'owner@test.local', password: 'owner-password-1' };

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<typeof request>;
  dataSource: DataSource;
  config: AppConfig;
  ownerToken: string;
  signIn(email: string, password: string): Promise<string>;
  /** POSTs `body` to `url` as the owner; answers the created record, or throws unless the answer is 201. */
  ownerCreates<T = Record<string, unknown> & { id: number }>(url: string, body: object): Promise<T>;
  /** PUTs `body` to `url` as the owner; answers the updated record, or throws unless the answer is 200. */
  ownerUpdates<T = Record<string, unknown>>(url: string, body: object): Promise<T>;
  /** Creates a role holding these rights and a user with it; answers the user's id and token. */
  userWithRights(rights: RightType[], name?: string): Promise<{ id: number; roleId: string; email: string; password: string; token: string }>;
  close(): Promise<void>;
}

export interface TestAppExtras {
  /** Where the app's log lines go (with LOG_LEVEL in env): a test reads them. */
  logStream?: { write(line: string): void };
}

/**
 * The real application (every module, guard, pipe and filter) on a real PostgreSQL: a fresh
 * database per test file. Nothing is mocked.
 */
export async function createTestApp(env: Record<string, string> = {}, extras: TestAppExtras = {}): Promise<TestApp> {
  // A second app on the database of a first one (to test what crosses instances) passes its URL.
  const testDb: TestDatabase = env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => undefined } : await createTestDatabase({ migrated: true });
  let database: Database | undefined;
  // Everything after the database exists is inside the try, a refused configuration included:
  // a test that expects a start-up to fail must not leave its database on the server.
  try {
    const config = loadConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SERVE: 'api',
      DATA_DIR: path.join(os.tmpdir(), `cms-test-${randomBytes(4).toString('hex')}`),
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
      ...env,
    });
    // The embedded database starts from a migrated copy (the migrations then find nothing to do).
    database = await openDatabase(config, { inMemory: true, embeddedSnapshot: config.databaseUrl ? undefined : await migratedEmbeddedSnapshot() });
    await ensureFirstOwner(database.dataSource, OWNER);
    // The owner may exist already (a second app on the same database); sign-in below checks it.
    const app = await createApp({ ...config, jwtSecret: 'test-secret-that-is-long-enough-to-pass-validation' }, database, { logStream: extras.logStream });
    await app.init();
    // Nest buffers its Logger's lines until listen(), which tests never call: written from here on.
    app.flushLogs();
    await app.getHttpAdapter().getInstance().ready();
    const http = request(app.getHttpServer());
    const signIn = async (email: string, password: string) => {
      const res = await http.post('/api/auth/signin').send({ email, password });
      if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    };
    const ownerToken = await signIn(OWNER.email, OWNER.password);
    let counter = 0;
    const db = database;
    return {
      app,
      http,
      dataSource: database.dataSource,
      config,
      ownerToken,
      signIn,
      async ownerCreates(url, body) {
        const res = await http.post(url).set('token', ownerToken).send(body);
        if (res.status !== 201) throw new Error(`POST ${url} as the owner: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
      async ownerUpdates(url, body) {
        const res = await http.put(url).set('token', ownerToken).send(body);
        if (res.status !== 200) throw new Error(`PUT ${url} as the owner: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
      async userWithRights(rights, name) {
        counter += 1;
        const roleId = `role-${counter}-${randomBytes(3).toString('hex')}`;
        const role = await http
          .post('/api/roles')
          .set('token', ownerToken)
          .send({ id: roleId, name: `Role ${counter}`, rights });
        if (role.status !== 201) throw new Error(`Role creation failed: ${JSON.stringify(role.body)}`);
        const email = `user${counter}-${randomBytes(3).toString('hex')}@test.local`;
        const password = `password-${counter}-xyz`;
        const user = await http
          .post('/api/users')
          .set('token', ownerToken)
          .send({ name: name ?? `User ${counter}`, email, password, roleId });
        if (user.status !== 201) throw new Error(`User creation failed: ${JSON.stringify(user.body)}`);
        return { id: user.body.id, roleId, email, password, token: await signIn(email, password) };
      },
      async close() {
        await app.close();
        await db.close();
        await testDb.drop();
      },
    };
  } catch (error) {
    await database?.close();
    await testDb.drop();
    throw error;
  }
}

export interface UsedTestApp extends TestApp {
  /** Every revalidation event the app published since the file's app started, in order. */
  events: RevalidationEvent[];
}

/**
 * A describe block's app: started in beforeAll and closed in afterAll. The object is returned at
 * once and filled when the app has started, so `const t = useTestApp()` reads like a plain value
 * inside the tests (and `contentModel(t)` may be made beside it).
 */
export function useTestApp(env: Record<string, string> = {}, extras: TestAppExtras = {}): UsedTestApp {
  const used = { events: [] } as unknown as UsedTestApp;
  beforeAll(async () => {
    Object.assign(used, await createTestApp(env, extras));
    used.app.get(RevalidationService).subscribe((event) => used.events.push(event));
  });
  afterAll(() => used.close?.());
  return used;
}

/**
 * Two instances on one database (to test what crosses instances), started in beforeAll and closed
 * in afterAll. The embedded database serves one process only: describe them with `onServer`.
 */
export function useTwoInstances(): { first: UsedTestApp; second: UsedTestApp } {
  const first = { events: [] } as unknown as UsedTestApp;
  const second = { events: [] } as unknown as UsedTestApp;
  beforeAll(async () => {
    Object.assign(first, await createTestApp());
    Object.assign(second, await createTestApp({ DATABASE_URL: first.config.databaseUrl! }));
  });
  afterAll(async () => {
    await second.close?.();
    await first.close?.();
  });
  return { first, second };
}

/** describe where DATABASE_URL names a PostgreSQL server (CI's second run), else skipped. */
export const onServer: jest.Describe = process.env.DATABASE_URL ? describe : describe.skip;
