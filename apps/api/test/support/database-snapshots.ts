import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { MIGRATION_OPTIONS } from '../../src/database/migration-options';

/**
 * Test databases start from copies instead of from nothing. Starting PGlite runs initdb (about
 * 5 s of CPU in WebAssembly) and then every migration, and the API tests start about ninety
 * databases: each now loads a tarball of a cluster the migrations already ran on (about 1 s).
 * On a PostgreSQL server each test database is created from a migrated template database.
 * The app still runs its migrations at start-up (finding nothing to do), so a copy made before
 * a new migration cannot hide it; the copies are keyed by the migrations' text anyway.
 */

const WORKSPACE = path.join(__dirname, '../../../..');
const MIGRATIONS_DIR = path.join(WORKSPACE, 'apps/api/src/database/migrations');
/** Kept between runs (tmp/ is ignored by git); a copy for other migrations is removed when a new one is written. */
const CACHE_DIR = path.join(WORKSPACE, 'tmp/test-databases');
/** How long a worker waits for another one that is making the copy before making its own. */
const WAIT_FOR_OTHER_MS = 180_000;

let key: string | undefined;
/** The migrations' text and PGlite's version, hashed: what the copies depend on. */
function migrationsKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(WORKSPACE, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  key = hash.digest('hex').slice(0, 12);
  return key;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type SnapshotKind = 'empty' | 'migrated';

/** The tarballs' files for this key: a fresh cluster, as initdb leaves it (a backup's import target), and the same after every committed migration. */
function snapshotFile(kind: SnapshotKind): string {
  return path.join(CACHE_DIR, `pglite-${migrationsKey()}-${kind}.tar`);
}

/**
 * Runs the committed migrations on the database at `url`, as the app does at start-up, without
 * the entities: Jest's globalSetup gets here, where the workspace's libraries do not resolve.
 */
async function runMigrations(url: string): Promise<void> {
  const dataSource = new DataSource({ type: 'postgres', url, ...MIGRATION_OPTIONS, extra: { max: 1 } });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.query('CHECKPOINT');
  } finally {
    await dataSource.destroy();
  }
}

async function makeEmbeddedSnapshots(): Promise<Record<SnapshotKind, Blob>> {
  const embedded = await startEmbeddedPostgres({ password: randomBytes(24).toString('base64url'), maxConnections: 1 });
  try {
    const empty = await embedded.dumpDataDir();
    await runMigrations(embedded.url);
    return { empty, migrated: await embedded.dumpDataDir() };
  } finally {
    await embedded.stop();
  }
}

/** Makes the two tarballs of this key unless a run made them already (one worker makes them, another waits for them). */
export async function ensureEmbeddedSnapshots(): Promise<void> {
  const made = () => fs.existsSync(snapshotFile('empty')) && fs.existsSync(snapshotFile('migrated'));
  if (made()) return;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const lock = path.join(CACHE_DIR, `pglite-${migrationsKey()}.lock`);
  // A lock left by a run that was killed while making them.
  if (fs.existsSync(lock) && Date.now() - fs.statSync(lock).mtimeMs > WAIT_FOR_OTHER_MS) fs.rmSync(lock, { force: true });
  let locked = false;
  try {
    fs.closeSync(fs.openSync(lock, 'wx'));
    locked = true;
  } catch {
    // Another worker is making them: wait for its files.
    for (const deadline = Date.now() + WAIT_FOR_OTHER_MS; Date.now() < deadline; await sleep(250)) {
      if (made()) return;
      if (!fs.existsSync(lock)) break;
    }
  }
  try {
    const snapshots = await makeEmbeddedSnapshots();
    for (const name of fs.readdirSync(CACHE_DIR))
      if (name.startsWith('pglite-') && name.endsWith('.tar') && !name.includes(migrationsKey())) fs.rmSync(path.join(CACHE_DIR, name), { force: true });
    for (const kind of ['empty', 'migrated'] as const) {
      const partial = `${snapshotFile(kind)}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await snapshots[kind].arrayBuffer()));
      fs.renameSync(partial, snapshotFile(kind));
    }
  } finally {
    if (locked) fs.rmSync(lock, { force: true });
  }
}

async function embeddedSnapshot(kind: SnapshotKind): Promise<Blob> {
  await ensureEmbeddedSnapshots();
  return new Blob([fs.readFileSync(snapshotFile(kind))]);
}

/** A tarball of an embedded cluster the migrations ran on (openDatabase's `embeddedSnapshot`). */
export function migratedEmbeddedSnapshot(): Promise<Blob> {
  return embeddedSnapshot('migrated');
}

/** A tarball of a fresh embedded cluster, no migration run (a backup's import target). */
export function emptyEmbeddedSnapshot(): Promise<Blob> {
  return embeddedSnapshot('empty');
}

/** The template database of this test run on the server (globalSetup names the run; globalTeardown drops it). */
export function serverTemplateName(): string {
  return `cms_template_${process.env.CMS_TEST_RUN ?? process.pid}_${migrationsKey()}`;
}

let serverTemplate: Promise<string> | undefined;

/**
 * The name of a database on the server that the committed migrations ran on, made by the first
 * test file that asks (the others wait on an advisory lock): `CREATE DATABASE … TEMPLATE` copies it.
 */
export function migratedServerTemplate(serverUrl: string): Promise<string> {
  serverTemplate ??= (async () => {
    const name = serverTemplateName();
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const [existing] = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows;
      if (!existing) {
        await admin.query(`CREATE DATABASE "${name}"`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        try {
          await runMigrations(url.toString());
        } catch (error) {
          await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          throw error;
        }
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return serverTemplate;
}
