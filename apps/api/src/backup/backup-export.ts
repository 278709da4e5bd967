import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { DataSource, QueryRunner } from 'typeorm';
import type { StorageDriver } from '../storage/storage-driver';
import { exportedTables, foreignKeyOrder, quoteIdent, readCatalog } from './catalog';
import {
  appVersion,
  ARCHIVE_ENTRIES,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  BackupError,
  type Manifest,
  type ManifestTable,
  type Progress,
  type UploadEntry,
} from './manifest';

const FETCH_ROWS = 1000;
const PARALLEL_DOWNLOADS = 4;

async function writeLine(out: WriteStream, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

async function closeStream(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

/** Rows of one table through a cursor, FETCH_ROWS at a time: memory stays flat whatever its size. */
async function dumpTable(runner: QueryRunner, table: string, primaryKey: string[], file: string, total: number, progress: Progress): Promise<number> {
  const order = primaryKey.length ? ` ORDER BY ${primaryKey.map((c) => `t.${quoteIdent(c)}`).join(', ')}` : '';
  await runner.query(`DECLARE "backup_rows" NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS "row" FROM ${quoteIdent(table)} t${order}`);
  const out = createWriteStream(file, { flags: 'wx' });
  let count = 0;
  try {
    for (;;) {
      const rows: { row: string }[] = await runner.query(`FETCH ${FETCH_ROWS} FROM "backup_rows"`);
      for (const { row } of rows) await writeLine(out, row);
      count += rows.length;
      progress({ step: `table ${table}`, done: count, total, unit: 'rows' });
      if (rows.length < FETCH_ROWS) break;
    }
  } finally {
    await closeStream(out);
    await runner.query(`CLOSE "backup_rows"`);
  }
  return count;
}

async function lastSequenceValue(runner: QueryRunner, sequence: string): Promise<number> {
  const [row] = await runner.query(`SELECT last_value::text AS "value", is_called AS "called" FROM ${sequence}`);
  return Number(row.value) - (row.called ? 0 : 1);
}

/** Runs `work` on every item with at most `limit` running at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/**
 * Writes one gzipped tar archive of the whole site: every table's rows from one consistent
 * snapshot (REPEATABLE READ), and the stored file of every media row. The rows and files are first
 * streamed to a folder beside the target, then packed to `<file>.partial` and renamed into place:
 * a failed export leaves no archive that looks whole.
 */
export async function exportArchive(options: { dataSource: DataSource; storage: StorageDriver; file: string; progress?: Progress }): Promise<Manifest> {
  const progress = options.progress ?? (() => undefined);
  const target = path.resolve(options.file);
  const targetDir = path.dirname(target);
  await fs.access(targetDir).catch(() => {
    throw new BackupError(`Cannot write ${target}: the folder ${targetDir} does not exist`);
  });
  const work = await fs.mkdtemp(path.join(targetDir, '.cms-export-'));
  const partial = `${target}.partial`;
  let ownsPartial = false;
  try {
    await fs.mkdir(path.join(work, 'tables'));
    await fs.mkdir(path.join(work, 'uploads'));
    const runner = options.dataSource.createQueryRunner();
    let schemaVersion: string;
    const tables: ManifestTable[] = [];
    const media: { uri: string; mimeType: string }[] = [];
    try {
      await runner.connect();
      await runner.startTransaction('REPEATABLE READ');
      const exported = exportedTables(options.dataSource);
      const catalog = await readCatalog(runner);
      if (!catalog.tables.has('migrations')) throw new BackupError('The database has no schema yet: there is nothing to export');
      const [last] = await runner.query(`SELECT "name" FROM "migrations" ORDER BY "timestamp" DESC, "id" DESC LIMIT 1`);
      if (!last) throw new BackupError('The database has no schema yet: there is nothing to export');
      schemaVersion = last.name;
      // This application's tables only: another application's in a shared schema are not ours to copy.
      const names = [...catalog.tables.keys()].filter((name) => exported.has(name));
      const { order } = foreignKeyOrder(names, catalog.foreignKeys);
      for (const [index, name] of order.entries()) {
        const info = catalog.tables.get(name)!;
        const [{ count }] = await runner.query(`SELECT count(*)::int AS "count" FROM ${quoteIdent(name)}`);
        const file = `tables/${String(index + 1).padStart(3, '0')}-${name}.jsonl`;
        const rows = await dumpTable(runner, name, info.primaryKey, path.join(work, file), count, progress);
        const sequences: Record<string, number> = {};
        for (const { column, sequence } of info.sequences) sequences[column] = await lastSequenceValue(runner, sequence);
        tables.push({ name, file, rows, bytes: (await fs.stat(path.join(work, file))).size, sequences });
      }
      if (catalog.tables.has('media')) media.push(...(await runner.query(`SELECT "uri", "mimeType" FROM "media" ORDER BY "id"`)));
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }

    // Resized variants are left out: they are made again from these files when first asked for.
    const uploads: UploadEntry[] = [];
    const missing: string[] = [];
    let done = 0;
    await eachLimited(media, PARALLEL_DOWNLOADS, async ({ uri, mimeType }) => {
      const stored = await options.storage.get(uri);
      if (!stored) {
        missing.push(uri);
        process.emitWarning(`The file ${uri} of a media row is missing from the ${options.storage.description}: the archive goes without it`);
      } else {
        const dest = path.join(work, 'uploads', ...uri.split('/'));
        await fs.mkdir(path.dirname(dest), { recursive: true });
        await pipeline(stored.body, createWriteStream(dest, { flags: 'wx' }));
        uploads.push({ key: uri, size: (await fs.stat(dest)).size, contentType: mimeType });
      }
      progress({ step: 'uploads', done: ++done, total: media.length, unit: 'files' });
    });
    uploads.sort((a, b) => a.key.localeCompare(b.key));
    const list = createWriteStream(path.join(work, 'uploads.jsonl'), { flags: 'wx' });
    for (const entry of uploads) await writeLine(list, JSON.stringify(entry));
    await closeStream(list);

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      schemaVersion,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      tables,
      uploads: { count: uploads.length, bytes: uploads.reduce((sum, entry) => sum + entry.size, 0), missing: missing.sort() },
    };
    await fs.writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The archive holds password hashes and every file: readable by its owner only. `wx` refuses
    // to write through a file (or a link) someone placed at the partial's name.
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    await once(out, 'open').catch((error: NodeJS.ErrnoException) => {
      throw new BackupError(
        error.code === 'EEXIST' ? `${partial} already exists: another export may be running; remove it if not` : `Cannot write ${partial}: ${error.message}`,
      );
    });
    ownsPartial = true;
    // The manifest is the first entry: an import reads it before anything else (ARCHIVE_ENTRIES).
    const pack = tar.c({ gzip: true, cwd: work, portable: true }, ARCHIVE_ENTRIES);
    await new Promise<void>((resolve, reject) => {
      pack.on('error', reject);
      out.on('error', reject);
      out.on('close', resolve);
      pack.pipe(out);
    });
    await fs.rename(partial, target);
    return manifest;
  } finally {
    if (ownsPartial) await fs.rm(partial, { force: true });
    await fs.rm(work, { recursive: true, force: true });
  }
}
