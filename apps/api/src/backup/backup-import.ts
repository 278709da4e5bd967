import { createReadStream, createWriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import * as tar from 'tar';
import { isDeepStrictEqual } from 'node:util';
import { BLOCKS, isBlockName } from '@cms/contracts';
import type { DataSource, QueryRunner } from 'typeorm';
import { InputErrors } from '../common/http/input-errors';
import { compareSchemaVersion, LATEST_MIGRATION, migrateInTransaction } from '../database/migration-runner';
import { MEDIA_KEY, variantPrefix } from '../medias/media-types';
import { checkBlockContent } from '../sections/block-content';
import { isStored, type StorageDriver } from '../storage/storage-driver';
import {
  applicationTables,
  dropApplicationObjects,
  exportedTables,
  foreignKeyOrder,
  quoteIdent,
  readCatalog,
  SEEDED_ROWS,
  SKIPPED_TABLES,
  type Catalog,
} from './catalog';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, BackupError, type Manifest, type ManifestTable, type Progress, type UploadEntry } from './manifest';

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

/** Largest manifest.json read (a site of a million uploads lists them in uploads.jsonl, not here). */
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;
/** Largest line of uploads.jsonl (a key, a size and a type). */
const UPLOAD_LINE_MAX_BYTES = 1024;
/** Rows of archives written before table files had a declared size are taken up to this size each. */
const ROW_MAX_BYTES = 1024 * 1024;
/** Sane ceilings whatever the manifest says: entries, and unpacked bytes (further bounded by the free disk space). */
const MAX_ENTRIES = 1_000_000;
const MAX_UNPACKED_BYTES = 1024 ** 4;
/** Tar headers, padding and the end blocks on top of the entries' bytes. */
const TAR_OVERHEAD = (entries: number) => (entries + 4) * 1024 + 64 * 1024;
const FOLDERS = new Set(['tables/', 'uploads/']);

function parseManifest(text: string, file: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`${file} is not a CMS backup archive (its manifest.json is not JSON)`);
  }
  if (
    manifest?.format !== ARCHIVE_FORMAT ||
    typeof manifest.schemaVersion !== 'string' ||
    !Array.isArray(manifest.tables) ||
    typeof manifest.uploads !== 'object' ||
    !manifest.uploads
  ) {
    throw new BackupError(`${file} is not a CMS backup archive (its manifest.json is not one)`);
  }
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer version of the CMS (archive format ${manifest.formatVersion}; this one reads up to ${ARCHIVE_FORMAT_VERSION}): update the CMS first`,
    );
  }
  const known = compareSchemaVersion(manifest.schemaVersion);
  if (known === 'newer') {
    throw new BackupError(
      `${file} comes from a newer version of the CMS (schema ${manifest.schemaVersion}, app ${manifest.appVersion}); this one knows the schema up to ${LATEST_MIGRATION}: update the CMS first`,
    );
  }
  if (known === 'unknown') throw new BackupError(`${file} has a schema version this CMS does not know: ${manifest.schemaVersion}`);
  const names = new Set<string>();
  const files = new Set<string>();
  for (const table of manifest.tables) {
    const sized = table?.bytes === undefined || (Number.isSafeInteger(table.bytes) && table.bytes >= 0);
    if (!TABLE_NAME.test(table?.name ?? '') || !TABLE_FILE.test(table.file ?? '') || !Number.isSafeInteger(table.rows) || table.rows < 0 || !sized) {
      throw new BackupError(`${file} has a damaged manifest (table entry ${JSON.stringify(table).slice(0, 200)})`);
    }
    if (names.has(table.name) || files.has(table.file)) throw new BackupError(`${file} has a damaged manifest (${table.name} is listed twice)`);
    names.add(table.name);
    files.add(table.file);
  }
  const { count, bytes } = manifest.uploads;
  if (!Number.isSafeInteger(count) || count < 0 || !Number.isSafeInteger(bytes) || bytes < 0)
    throw new BackupError(`${file} has a damaged manifest (uploads ${JSON.stringify(manifest.uploads).slice(0, 200)})`);
  return manifest;
}

/** Tables an export never writes (sessions, sign-in limits, read models...) or this application does not have are refused by name. */
function refuseUnexportedTables(manifest: Manifest, exported: Set<string>, file: string): void {
  for (const table of manifest.tables) {
    if (table.name in SKIPPED_TABLES)
      throw new BackupError(
        `${file} holds rows of ${table.name}, a table a backup never holds (${SKIPPED_TABLES[table.name]}): it was not written by an export`,
      );
    if (!exported.has(table.name)) throw new BackupError(`${file} holds rows of ${table.name}, which is not a table of this CMS`);
  }
}

interface Unpacked {
  manifest: Manifest;
  uploads: UploadEntry[];
}

/**
 * Streams the archive into `dir`, the manifest first: every later entry must be one it lists (a
 * table file, uploads.jsonl, a file uploads.jsonl lists), no larger than it says, once; the
 * number of entries and the unpacked bytes are bounded by what it declares (and by a ceiling and
 * the free disk space), so a tar bomb stops at the first byte too many.
 */
async function unpack(file: string, dir: string, exported: Set<string>): Promise<Unpacked> {
  const damaged = (why: string) => new BackupError(`${file} is not a CMS backup archive (${why})`);
  const refused = (why: string) => new BackupError(`${file} is refused: ${why}`);
  const free = await fs
    .statfs(dir)
    .then((stats) => stats.bavail * stats.bsize)
    .catch(() => MAX_UNPACKED_BYTES);
  let manifest: Manifest | undefined;
  let limitBytes = MANIFEST_MAX_BYTES + TAR_OVERHEAD(1);
  let limitEntries = 1;
  let inflated = 0;
  let entries = 0;
  const tableFiles = new Map<string, ManifestTable>();
  const seen = new Set<string>();
  let uploads: Map<string, UploadEntry> | undefined;
  const writes: Promise<void>[] = [];

  await new Promise<void>((resolve, reject) => {
    const input = createReadStream(file);
    const gunzip = zlib.createGunzip();
    const parser = new tar.Parser({ strict: true });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      input.destroy();
      gunzip.destroy();
      parser.abort(error);
      reject(error);
    };
    const accept = (entry: tar.ReadEntry) => {
      const name = entry.path;
      // Unlisted names are refused by name; this bounds what the manifest lets through (folders repeated...).
      const counted = () => {
        if (entries++ >= limitEntries) throw refused(`it holds more entries than its manifest lists`);
      };
      if (!manifest) {
        counted();
        if (name !== 'manifest.json' || entry.type !== 'File') throw damaged('its first entry is not manifest.json');
        if (entry.size > MANIFEST_MAX_BYTES) throw refused(`its manifest.json is larger than ${MANIFEST_MAX_BYTES} bytes`);
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          try {
            manifest = parseManifest(Buffer.concat(chunks).toString('utf8'), file);
            refuseUnexportedTables(manifest, exported, file);
            for (const table of manifest.tables) tableFiles.set(table.file, table);
            const tableBytes = manifest.tables.reduce((sum, table) => sum + (table.bytes ?? table.rows * ROW_MAX_BYTES), 0);
            const declared = MANIFEST_MAX_BYTES + tableBytes + (manifest.uploads.count + 1) * UPLOAD_LINE_MAX_BYTES + manifest.uploads.bytes;
            limitEntries = 1 + manifest.tables.length + 1 + manifest.uploads.count + FOLDERS.size;
            if (limitEntries > MAX_ENTRIES) throw refused(`its manifest lists ${limitEntries} entries, more than the ${MAX_ENTRIES} an import takes`);
            if (declared > Math.min(MAX_UNPACKED_BYTES, free))
              throw refused(`its manifest declares ${declared} bytes, more than the ${Math.min(MAX_UNPACKED_BYTES, free)} this import can unpack here`);
            limitBytes = declared + TAR_OVERHEAD(limitEntries);
          } catch (error) {
            fail(error as Error);
          }
        });
        return;
      }
      if (entry.type === 'Directory') {
        if (!FOLDERS.has(name.endsWith('/') ? name : `${name}/`))
          throw refused(`it holds a folder its manifest does not list: ${JSON.stringify(name.slice(0, 200))}`);
        counted();
        entry.resume();
        return;
      }
      if (entry.type !== 'File') throw refused(`it holds an entry that is not a file: ${JSON.stringify(name.slice(0, 200))} (${entry.type})`);
      if (seen.has(name)) throw refused(`it holds ${JSON.stringify(name.slice(0, 200))} twice`);
      seen.add(name);
      const size = entry.size ?? 0;
      const table = tableFiles.get(name);
      let allowed: number;
      if (table) {
        allowed = table.bytes ?? table.rows * ROW_MAX_BYTES;
        if (table.bytes !== undefined ? size !== table.bytes : size > allowed)
          throw refused(`its entry ${name} holds ${size} bytes where its manifest says ${allowed}`);
      } else if (name === 'uploads.jsonl') {
        allowed = (manifest.uploads.count + 1) * UPLOAD_LINE_MAX_BYTES;
        if (size > allowed) throw refused(`its uploads.jsonl is larger than ${manifest.uploads.count} uploads take`);
        counted();
        uploads = new Map();
        const list = uploads;
        let rest = '';
        const line = (text: string) => {
          if (text === '') return;
          let upload: UploadEntry;
          try {
            upload = JSON.parse(text) as UploadEntry;
          } catch (error) {
            throw new BackupError(`${file} has a damaged uploads.jsonl (${(error as Error).message})`);
          }
          if (
            typeof upload?.key !== 'string' ||
            !MEDIA_KEY.test(upload.key) ||
            !Number.isSafeInteger(upload.size) ||
            upload.size < 0 ||
            typeof upload.contentType !== 'string'
          ) {
            throw new BackupError(`${file} holds an upload with an invalid name or size: ${text.slice(0, 200)}`);
          }
          if (list.has(upload.key)) throw refused(`its uploads.jsonl lists ${upload.key} twice`);
          list.set(upload.key, upload);
          if (list.size > manifest!.uploads.count) throw new BackupError(`${file} lists more uploads than its manifest says (${manifest!.uploads.count})`);
        };
        entry.on('data', (chunk: Buffer) => {
          try {
            const parts = (rest + chunk.toString('utf8')).split('\n');
            rest = parts.pop()!;
            if (rest.length > UPLOAD_LINE_MAX_BYTES)
              throw new BackupError(`${file} has a damaged uploads.jsonl (a line longer than ${UPLOAD_LINE_MAX_BYTES} bytes)`);
            parts.forEach(line);
          } catch (error) {
            fail(error as Error);
          }
        });
        entry.on('end', () => {
          try {
            line(rest);
            if (list.size !== manifest!.uploads.count)
              throw new BackupError(`${file} lists ${list.size} uploads where its manifest says ${manifest!.uploads.count}`);
          } catch (error) {
            fail(error as Error);
          }
        });
        return;
      } else if (name.startsWith('uploads/')) {
        const upload = uploads?.get(name.slice('uploads/'.length));
        if (!upload) throw refused(`it holds ${JSON.stringify(name.slice(0, 200))}, which its uploads.jsonl does not list`);
        if (size !== upload.size) throw refused(`its entry ${name} holds ${size} bytes where its uploads.jsonl says ${upload.size}`);
      } else {
        throw refused(`it holds ${JSON.stringify(name.slice(0, 200))}, which its manifest does not list`);
      }
      counted();
      const dest = path.join(dir, ...name.split('/'));
      writes.push(
        (async () => {
          await fs.mkdir(path.dirname(dest), { recursive: true });
          const out = createWriteStream(dest, { flags: 'wx' });
          await new Promise<void>((done, failed) => {
            out.on('error', failed);
            out.on('close', done);
            entry.pipe(out);
          });
        })().catch((error: Error) => fail(error)),
      );
    };
    parser.on('entry', (entry: tar.ReadEntry) => {
      try {
        accept(entry);
      } catch (error) {
        entry.resume();
        fail(error as Error);
      }
    });
    parser.on('error', (error: Error) => fail(error instanceof BackupError ? error : damaged(error.message)));
    parser.on('end', () => {
      if (failed) return;
      Promise.all(writes).then(() => (failed ? undefined : resolve()), fail);
    });
    input.on('error', (error) => fail(damaged(error.message)));
    gunzip.on('error', (error) => fail(damaged(error.message)));
    gunzip.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > limitBytes) return fail(refused(`it unpacks to more than the ${limitBytes} bytes its manifest declares (a tar bomb?)`));
      if (!parser.write(chunk)) gunzip.pause();
    });
    parser.on('drain', () => gunzip.resume());
    gunzip.on('end', () => parser.end());
    input.pipe(gunzip);
  });

  if (!manifest) throw damaged('it holds no manifest.json');
  for (const table of manifest.tables) if (!seen.has(table.file)) throw new BackupError(`${file} is incomplete: ${table.file} is missing`);
  if (!uploads) throw new BackupError(`${file} is incomplete: uploads.jsonl is missing`);
  for (const key of uploads.keys()) if (!seen.has(`uploads/${key}`)) throw new BackupError(`${file} is incomplete: the upload ${key} is missing or truncated`);
  return { manifest, uploads: [...uploads.values()] };
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
export async function importArchive(options: {
  dataSource: DataSource;
  storage: StorageDriver;
  file: string;
  force?: boolean;
  progress?: Progress;
}): Promise<ImportResult> {
  const progress = options.progress ?? (() => undefined);
  const source = path.resolve(options.file);
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new BackupError(`No such file: ${source}`);
  if (!stat.isFile()) throw new BackupError(`${source} is not a file`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cms-import-'));
  try {
    const { storage, dataSource } = options;
    const { manifest, uploads } = await unpack(source, dir, exportedTables(dataSource));

    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      const before = await readCatalog(runner, applicationTables(dataSource));
      const filled = await tablesWithData(runner, before);
      const newKeys = new Set(uploads.map((entry) => entry.key));
      let oldKeys: string[] = [];
      if (!options.force) {
        if (filled.length)
          throw new BackupError(`The database already holds data (tables ${filled.join(', ')}): import into an empty one, or add --force to replace it`);
        for (const entry of uploads) {
          if (await isStored(storage, entry.key))
            throw new BackupError(`The ${storage.description} already holds ${entry.key}: import into empty storage, or add --force to replace it`);
        }
      } else if (before.tables.has('media')) {
        oldKeys = (await runner.query(`SELECT "uri" FROM "media"`)).map((row: { uri: string }) => row.uri);
      }
      const [{ version: oldVersion }] = before.tables.has('cache_version')
        ? await runner.query(`SELECT COALESCE(MAX("version"), 0)::text AS "version" FROM "cache_version"`)
        : [{ version: '0' }];

      // Files first: until the rows commit, nothing points at them. A file the import overwrites
      // is kept aside first, to be put back if the import fails.
      const added: string[] = [];
      const replaced: { key: string; file: string; contentType: string; size: number }[] = [];
      await fs.mkdir(path.join(dir, 'replaced'));
      let done = 0;
      try {
        for (const entry of uploads) {
          const old = await storage.get(entry.key);
          if (!old) added.push(entry.key);
          else {
            const kept = path.join(dir, 'replaced', entry.key);
            await pipeline(old.body, createWriteStream(kept, { flags: 'wx' }));
            replaced.push({ key: entry.key, file: kept, contentType: entry.contentType, size: (await fs.stat(kept)).size });
          }
          await storage.put(entry.key, createReadStream(path.join(dir, 'uploads', ...entry.key.split('/'))), {
            contentType: entry.contentType,
            size: entry.size,
          });
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
        for (const old of replaced) {
          await storage.put(old.key, createReadStream(old.file), { contentType: old.contentType, size: old.size }).catch((failure: Error) => {
            process.emitWarning(`Could not put back ${old.key} in the ${storage.description} after the failed import: ${failure.message}`);
          });
        }
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
    // This application's tables, functions and types only: a shared schema's other tables stay.
    if (before.tables.size > 0) await dropApplicationObjects(runner, dataSource);
    await migrateInTransaction(dataSource, runner, manifest.schemaVersion);
    const catalog = await readCatalog(runner, applicationTables(dataSource));
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
    await resetTranslationSources(runner);
    await recheckBlockContents(runner);
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

/**
 * The translation sources (content_document.source, migration ContentTranslationSources) are part
 * of the read model, which an archive does not carry: the triggers rebuilt them row batch by row
 * batch, a locale's before or after en's, so they would say nothing true. They start again, as on
 * the migration's day one, at en's current values: after a restore nothing is outdated.
 */
async function resetTranslationSources(runner: QueryRunner): Promise<void> {
  const [{ present }] = await runner.query(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'content_document' AND column_name = 'source') AS "present"`,
  );
  if (!present) return;
  await runner.query(
    `UPDATE "content_document" d SET "source" = (SELECT coalesce(jsonb_object_agg(k, md5(coalesce(e."fields" -> k, 'null'::jsonb)::text)), '{}'::jsonb) FROM jsonb_object_keys(d."fields") k)
     FROM "content_document" d2 LEFT JOIN "content_document" e ON e."contentId" = d2."contentId" AND e."lang" = 'en'
     WHERE d2."contentId" = d."contentId" AND d2."lang" = d."lang" AND d."lang" <> 'en'`,
  );
}

const RECHECK_ROWS = 500;

/**
 * Sections and reusable elements as the API would have stored them: what the site renders from
 * them (links, rich text) passes the same block checks as a write, so a row changed in the archive
 * cannot carry a `javascript:` link or unsanitised HTML past them. A row the checks refuse stops
 * the import; rich text the sanitiser changes is stored sanitised.
 */
async function recheckBlockContents(runner: QueryRunner): Promise<void> {
  for (const table of ['section', 'element']) {
    let after = 0;
    for (;;) {
      const rows: { id: number; block: string; content: unknown }[] = await runner.query(
        `SELECT "id", "block", "content" FROM ${quoteIdent(table)} WHERE "id" > $1 ORDER BY "id" LIMIT ${RECHECK_ROWS}`,
        [after],
      );
      for (const row of rows) {
        after = row.id;
        if (!isBlockName(row.block))
          throw new BackupError(`The archive's ${table} ${row.id} is an unknown block "${String(row.block).slice(0, 50)}": it was not written by the CMS`);
        const errors = new InputErrors();
        const checked = checkBlockContent(BLOCKS[row.block], row.content, 'content', errors, { mediaIds: [] });
        if (!errors.empty) {
          const { message } = errors.toException().getResponse() as { message: string };
          throw new BackupError(`The archive's ${table} ${row.id} does not pass the API's checks (${message.slice(0, 300)}): it was not written by the CMS`);
        }
        if (!isDeepStrictEqual(checked, row.content))
          await runner.query(`UPDATE ${quoteIdent(table)} SET "content" = $2::jsonb WHERE "id" = $1`, [row.id, JSON.stringify(checked)]);
      }
      if (rows.length < RECHECK_ROWS) break;
    }
  }
}
