import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { openDatabase } from '../../src/database/database';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

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

interface EmbeddedSnapshots {
  /** A fresh cluster, as initdb leaves it (a backup's import target). */
  empty: Blob;
  /** The same after every committed migration. */
  migrated: Blob;
}

async function makeEmbeddedSnapshots(): Promise<{ empty: Blob; migrated: Blob }> {
  const embedded = await startEmbeddedPostgres({ password: randomBytes(24).toString('base64url'), maxConnections: 1 });
  try {
    const empty = await embedded.dumpDataDir();
    const dataSource = new DataSource(dataSourceOptions(embedded.url, 1));
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      await dataSource.query('CHECKPOINT');
    } finally {
      await dataSource.destroy();
    }
    return { empty, migrated: await embedded.dumpDataDir() };
  } finally {
    await embedded.stop();
  }
}

/** Reads the two tarballs of this key, making them first if no run made them yet (one worker makes them, the other waits). */
async function loadEmbeddedSnapshots(): Promise<EmbeddedSnapshots> {
  const files = {
    empty: path.join(CACHE_DIR, `pglite-${migrationsKey()}-empty.tar`),
    migrated: path.join(CACHE_DIR, `pglite-${migrationsKey()}-migrated.tar`),
  };
  const read = (): EmbeddedSnapshots | undefined =>
    fs.existsSync(files.empty) && fs.existsSync(files.migrated)
      ? { empty: new Blob([fs.readFileSync(files.empty)]), migrated: new Blob([fs.readFileSync(files.migrated)]) }
      : undefined;
  const ready = read();
  if (ready) return ready;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const lock = path.join(CACHE_DIR, `pglite-${migrationsKey()}.lock`);
  let locked = false;
  // A lock left by a run that was killed while making them.
  if (fs.existsSync(lock) && Date.now() - fs.statSync(lock).mtimeMs > WAIT_FOR_OTHER_MS) fs.rmSync(lock, { force: true });
  try {
    fs.closeSync(fs.openSync(lock, 'wx'));
    locked = true;
  } catch {
    // Another worker is making them: wait for its files.
    for (const deadline = Date.now() + WAIT_FOR_OTHER_MS; Date.now() < deadline; await sleep(250)) {
      const made = read();
      if (made) return made;
      if (!fs.existsSync(lock)) break;
    }
  }
  try {
    const made = await makeEmbeddedSnapshots();
    for (const name of fs.readdirSync(CACHE_DIR))
      if (name.startsWith('pglite-') && name.endsWith('.tar') && !name.includes(migrationsKey())) fs.rmSync(path.join(CACHE_DIR, name), { force: true });
    for (const kind of ['empty', 'migrated'] as const) {
      const partial = `${files[kind]}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await made[kind].arrayBuffer()));
      fs.renameSync(partial, files[kind]);
    }
    return made;
  } finally {
    if (locked) fs.rmSync(lock, { force: true });
  }
}

let embeddedSnapshots: Promise<EmbeddedSnapshots> | undefined;

/** A tarball of an embedded cluster the migrations ran on (openDatabase's `embeddedSnapshot`). */
export async function migratedEmbeddedSnapshot(): Promise<Blob> {
  embeddedSnapshots ??= loadEmbeddedSnapshots();
  return (await embeddedSnapshots).migrated;
}

/** A tarball of a fresh embedded cluster, no migration run (a backup's import target). */
export async function emptyEmbeddedSnapshot(): Promise<Blob> {
  embeddedSnapshots ??= loadEmbeddedSnapshots();
  return (await embeddedSnapshots).empty;
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
          const db = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), databasePoolSize: 2 });
          await db.close();
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
