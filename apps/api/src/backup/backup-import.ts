import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import type { DataSource, QueryRunner } from 'typeorm';
import { compareSchemaVersion, LATEST_MIGRATION, migrateInTransaction } from '../database/migration-runner';
import { variantPrefix } from '../medias/media-types';
import { assertStorageKey, isStored, type StorageDriver } from '../storage/storage-driver';
import { foreignKeyOrder, quoteIdent, readCatalog, SEEDED_ROWS, SKIPPED_TABLES, type Catalog } from './catalog';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, BackupError, type Manifest, type Progress, type UploadEntry } from './manifest';

const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const TABLE_FILE = /^tables\/\d{3}-[a-z_][a-z0-9_]{0,62}\.jsonl$/;

interface ImportResult {
  manifest: Manifest;
  /** Migrations run after the rows went in (the archive came from an older schema). */
  migrated: string[];
}

async function* lines(file: string): AsyncGenerator<string> {
  const reader = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of reader) if (line !== '') yield line;
}

/** Unpacks regular files and folders only (no links, devices...); node-tar already keeps every path inside `dir`. */
async function unpack(file: string, dir: string): Promise<void> {
  try {
    await tar.x({ file, cwd: dir, strict: true, filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
  } catch (error) {
    throw new BackupError(`${file} is not a CMS backup archive (${(error as Error).message})`);
  }
}

async function readManifest(dir: string, file: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not a CMS backup archive (it holds no readable manifest.json)`);
  }
  if (manifest?.format !== ARCHIVE_FORMAT || typeof manifest.schemaVersion !== 'string' || !Array.isArray(manifest.tables) || typeof manifest.uploads !== 'object') {
    throw new BackupError(`${file} is not a CMS backup archive (its manifest.json is not one)`);
  }
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(`${file} was written by a newer version of the CMS (archive format ${manifest.formatVersion}; this one reads up to ${ARCHIVE_FORMAT_VERSION}): update the CMS first`);
  }
  const known = compareSchemaVersion(manifest.schemaVersion);
  if (known === 'newer') {
    throw new BackupError(
      `${file} comes from a newer version of the CMS (schema ${manifest.schemaVersion}, app ${manifest.appVersion}); this one knows the schema up to ${LATEST_MIGRATION}: update the CMS first`,
    );
  }
  if (known === 'unknown') throw new BackupError(`${file} has a schema version this CMS does not know: ${manifest.schemaVersion}`);
  for (const table of manifest.tables) {
    if (!TABLE_NAME.test(table?.name ?? '') || !TABLE_FILE.test(table.file ?? '') || !Number.isInteger(table.rows)) {
      throw new BackupError(`${file} has a damaged manifest (table entry ${JSON.stringify(table).slice(0, 200)})`);
    }
  }
  return manifest;
}

async function readUploads(dir: string, manifest: Manifest, file: string): Promise<UploadEntry[]> {
  const entries: UploadEntry[] = [];
  try {
    for await (const line of lines(path.join(dir, 'uploads.jsonl'))) entries.push(JSON.parse(line) as UploadEntry);
  } catch (error) {
    throw new BackupError(`${file} has a damaged uploads.jsonl (${(error as Error).message})`);
  }
  if (entries.length !== manifest.uploads.count) throw new BackupError(`${file} lists ${entries.length} uploads where its manifest says ${manifest.uploads.count}`);
  for (const entry of entries) {
    try {
      assertStorageKey(entry.key);
    } catch {
      throw new BackupError(`${file} holds an upload with an invalid name: ${JSON.stringify(String(entry.key).slice(0, 200))}`);
    }
    const stat = await fs.stat(path.join(dir, 'uploads', ...entry.key.split('/'))).catch(() => null);
    if (!stat?.isFile() || stat.size !== entry.size) throw new BackupError(`${file} is incomplete: the upload ${entry.key} is missing or truncated`);
  }
  return entries;
}

/** Tables of the target that hold data (beyond the rows migrations insert themselves). */
async function tablesWithData(runner: QueryRunner, catalog: Catalog): Promise<string[]> {
  const found: string[] = [];
  for (const name of [...catalog.tables.keys()].sort()) {
    if (name in SKIPPED_TABLES) continue;
    const where = SEEDED_ROWS[name] ? ` WHERE ${SEEDED_ROWS[name]}` : '';
    const [{ present }] = await runner.query(`SELECT EXISTS (SELECT 1 FROM ${quoteIdent(name)}${where}) AS "present"`);
    if (present) found.push(name);
  }
  return found;
}

/** Inserts a table's rows in batches; jsonb_populate_recordset turns each JSON object back into a row of the table's own types. */
async function restoreTable(runner: QueryRunner, catalog: Catalog, dir: string, table: Manifest['tables'][number], progress: Progress): Promise<void> {
  const info = catalog.tables.get(table.name);
  if (!info) throw new BackupError(`The archive holds rows of a table "${table.name}" that its schema version does not have: it is damaged`);
  const columns = info.columns.map(quoteIdent).join(', ');
  const sql = `INSERT INTO ${quoteIdent(table.name)} (${columns})${info.hasIdentityAlways ? ' OVERRIDING SYSTEM VALUE' : ''} SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quoteIdent(table.name)}, $1::jsonb)`;
  // Whatever migrations or triggers put there already is replaced by the archive's rows.
  await runner.query(`DELETE FROM ${quoteIdent(table.name)}`);
  let batch: string[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await runner.query(sql, [`[${batch.join(',')}]`]);
    } catch (error) {
      throw new BackupError(`Could not restore the rows ${count + 1}–${count + batch.length} of ${table.name}: ${(error as Error).message}`);
    }
    count += batch.length;
    batch = [];
    bytes = 0;
    progress({ step: `table ${table.name}`, done: count, total: table.rows, unit: 'rows' });
  };
  for await (const line of lines(path.join(dir, table.file))) {
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  if (count !== table.rows) throw new BackupError(`The archive is incomplete: ${table.name} has ${count} rows where its manifest says ${table.rows}`);
  for (const { column, sequence } of info.sequences) {
    const archived = table.sequences?.[column] ?? 0;
    await runner.query(
      `SELECT setval($1, GREATEST(COALESCE(MAX(${quoteIdent(column)}), 0), $2, 1), GREATEST(COALESCE(MAX(${quoteIdent(column)}), 0), $2) > 0) FROM ${quoteIdent(table.name)}`,
      [sequence, archived],
    );
  }
}

/**
 * Restores an archive of exportArchive: the files go into the storage first, then in ONE
 * transaction the schema is rebuilt at the archive's version, its rows go in, the sequences are
 * moved past them and the newer migrations run. Any failure rolls the database back and removes
 * the files this import added, so the target is as it was. An empty target is required unless
 * `force`: then the old schema and rows are dropped (in the same transaction) and, once committed,
 * the old files that the archive does not hold.
 */
export async function importArchive(options: { dataSource: DataSource; storage: StorageDriver; file: string; force?: boolean; progress?: Progress }): Promise<ImportResult> {
  const progress = options.progress ?? (() => undefined);
  const source = path.resolve(options.file);
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new BackupError(`No such file: ${source}`);
  if (!stat.isFile()) throw new BackupError(`${source} is not a file`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cms-import-'));
  try {
    await unpack(source, dir);
    const manifest = await readManifest(dir, source);
    const uploads = await readUploads(dir, manifest, source);
    const { storage, dataSource } = options;

    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      const before = await readCatalog(runner);
      const filled = await tablesWithData(runner, before);
      const newKeys = new Set(uploads.map((entry) => entry.key));
      let oldKeys: string[] = [];
      if (!options.force) {
        if (filled.length) throw new BackupError(`The database already holds data (tables ${filled.join(', ')}): import into an empty one, or add --force to replace it`);
        for (const entry of uploads) {
          if (await isStored(storage, entry.key)) throw new BackupError(`The ${storage.description} already holds ${entry.key}: import into empty storage, or add --force to replace it`);
        }
      } else if (before.tables.has('media')) {
        oldKeys = (await runner.query(`SELECT "uri" FROM "media"`)).map((row: { uri: string }) => row.uri);
      }
      const [{ version: oldVersion }] = before.tables.has('cache_version')
        ? await runner.query(`SELECT COALESCE(MAX("version"), 0)::text AS "version" FROM "cache_version"`)
        : [{ version: '0' }];

      // Files first: until the rows commit, nothing points at them.
      const added: string[] = [];
      let done = 0;
      try {
        for (const entry of uploads) {
          if (!(await isStored(storage, entry.key))) added.push(entry.key);
          await storage.put(entry.key, createReadStream(path.join(dir, 'uploads', ...entry.key.split('/'))), { contentType: entry.contentType, size: entry.size });
          progress({ step: 'uploads', done: ++done, total: uploads.length, unit: 'files' });
        }
        const migrated = await restoreDatabase(runner, dataSource, dir, manifest, before, oldVersion, progress);
        // Committed: the old site's files the archive does not hold go, and every old variant
        // (made again from the restored files when asked for).
        for (const key of oldKeys) {
          if (!newKeys.has(key)) await storage.delete(key).catch(() => undefined);
          const hex = /^([0-9a-f]{32})\.[a-z0-9]+$/.exec(key)?.[1];
          if (hex) await storage.deletePrefix(variantPrefix(hex)).catch(() => undefined);
        }
        return { manifest, migrated };
      } catch (error) {
        for (const key of added) await storage.delete(key).catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  } finally {
    // A failed unpack may still be closing files it wrote: rm retries until the folder is done.
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

async function restoreDatabase(
  runner: QueryRunner,
  dataSource: DataSource,
  dir: string,
  manifest: Manifest,
  before: Catalog,
  oldVersion: string,
  progress: Progress,
): Promise<string[]> {
  await runner.startTransaction();
  try {
    if (before.tables.size > 0) {
      await runner.query(`DROP SCHEMA "public" CASCADE`);
      await runner.query(`CREATE SCHEMA "public"`);
    }
    await migrateInTransaction(dataSource, runner, manifest.schemaVersion);
    const catalog = await readCatalog(runner);
    const names = manifest.tables.map((table) => table.name);
    const { unordered } = foreignKeyOrder(names, catalog.foreignKeys);
    // References a table makes to itself (a slug's parent) hold once every row is in.
    for (const key of unordered) await runner.query(`ALTER TABLE ${quoteIdent(key.table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
    for (const table of manifest.tables) await restoreTable(runner, catalog, dir, table, progress);
    // The read-model triggers that run at commit (constraint triggers, migration
    // ContentHotRowsAtCommit) fire now: PostgreSQL alters no table that has trigger events pending.
    await runner.query(`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const key of unordered) {
      try {
        await runner.query(`ALTER TABLE ${quoteIdent(key.table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`);
      } catch (error) {
        throw new BackupError(`The archive's rows of ${key.table} break the reference ${key.name}: ${(error as Error).message}`);
      }
    }
    const migrated = await migrateInTransaction(dataSource, runner);
    // Kept lists of contents are tagged with this version: it must not come back to a number a
    // running instance has already seen for other rows.
    const [{ present }] = await runner.query(`SELECT to_regclass('public.cache_version') IS NOT NULL AS "present"`);
    if (present) await runner.query(`UPDATE "cache_version" SET "version" = GREATEST("version", $1::bigint) + 1`, [oldVersion]);
    await runner.commitTransaction();
    return migrated;
  } catch (error) {
    await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  }
}
