import {
  isExternalTarget,
  REDIRECT_IMPORT_MAX_BYTES,
  REDIRECT_IMPORT_MAX_ROWS,
  type RedirectImportResult,
  type RedirectRequest,
  type RedirectStatusCode,
} from '@cms/contracts';
import { BadRequestException, ConflictException, Inject, Injectable, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { booleanFilter, containsFilter, intFilter, listPage, type ListPage, type ListSpec, type RawListQuery } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { InputErrors } from '../common/http/input-errors';
import { receiveUpload } from '../medias/multipart-upload';
import { RevalidationService } from '../revalidation/revalidation.service';
import { ScratchSpace } from '../storage/scratch-space';
import { readCsv } from './csv-records';
import { Redirect } from './redirect.entity';
import type { RedirectDto } from './redirect.dto';
import { checkFrom, checkStatus, checkTo, type IncomingRedirect, planRedirects, splitAddress, type StoredRedirect } from './redirect-rules';
import { contentPageFactsSql } from '../contents/content-sql';

const REDIRECT_LIST: ListSpec<Redirect> = {
  resource: 'redirects',
  sortable: {
    id: 'redirect.id',
    from: 'redirect.from',
    to: 'redirect.to',
    status: 'redirect.status',
    auto: 'redirect.auto',
    hits: 'redirect.hits',
    lastUsedAt: 'redirect.lastUsedAt',
    createdAt: 'redirect.createdAt',
    updatedAt: 'redirect.updatedAt',
  },
  defaultSort: ['from', 'ASC'],
  filters: {
    id: intFilter('redirect.id'),
    status: intFilter('redirect.status'),
    auto: booleanFilter('redirect.auto'),
    q: containsFilter('redirect.from', 'redirect.to'),
  },
};

/** Beyond this many addresses a purge of everything is cheaper than a list. */
const MAX_PURGED_PATHS = 500;

/** Serialises the writes of redirects (the chain rules read then write the set). */
const WRITE_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('cms:redirects'))`;

function toDto(row: Redirect): RedirectDto {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    status: row.status === 302 ? 302 : 301,
    external: isExternalTarget(row.to),
    auto: row.auto,
    hits: row.hits,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A redirect whose fields passed their rules, with the key that names it in errors. */
interface CheckedRedirect<K> extends IncomingRedirect<K> {
  status: RedirectStatusCode;
}

/**
 * What staff do with redirects (the routes of RedirectsController): list, read, write one, delete,
 * import a CSV file. Every write follows the rules of redirect-rules.ts (the same set-wide
 * invariants RedirectsService keeps on renames and moves) and purges the pages of the addresses it
 * changes, so the API's page cache and the site's forget what they answered there.
 */
@Injectable()
export class RedirectsAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revalidation: RevalidationService,
    private readonly scratch: ScratchSpace,
  ) {}

  list(raw: RawListQuery): Promise<ListPage<RedirectDto>> {
    return listPage(this.dataSource.getRepository(Redirect).createQueryBuilder('redirect'), raw, REDIRECT_LIST, 'redirect.id', (rows) => rows.map(toDto));
  }

  async get(id: number): Promise<RedirectDto> {
    return toDto(await this.find(this.dataSource.manager, id));
  }

  private find(manager: EntityManager, id: number, lock = false): Promise<Redirect> {
    return findOr404(manager, Redirect, { id }, `No redirect ${id}`, lock);
  }

  /** The fields of a body checked by their rules; a 400 naming each field that breaks one. */
  private checkBody(body: Partial<RedirectRequest> | undefined): CheckedRedirect<'body'> {
    const errors = new InputErrors();
    const from = checkFrom(body?.from);
    const to = checkTo(body?.to, this.config.publicUrl);
    const status = checkStatus(body?.status);
    if (!from.ok) errors.add('from', from.problem);
    if (!to.ok) errors.add('to', to.problem);
    if (!status.ok) errors.add('status', status.problem);
    errors.throwIfAny();
    if (!from.ok || !to.ok || !status.ok) throw new Error('unreachable');
    if (from.value === to.value) InputErrors.fail('to', 'must not be the address it redirects from');
    return { key: 'body', from: from.value, to: to.value, status: status.value };
  }

  async create(body: RedirectRequest): Promise<RedirectDto> {
    const row = this.checkBody(body);
    const { id, purged } = await this.dataSource.transaction(async (manager) => {
      await manager.query(WRITE_LOCK_SQL);
      const [taken] = await manager.query<{ id: number }[]>(`SELECT id FROM "redirect" WHERE "from" = $1`, [row.from]);
      if (taken) throw new ConflictException(`A redirect from ${row.from} exists already (${taken.id}): edit that one`);
      await this.assertNoPublishedPage(manager, [row]);
      const written = await this.write(manager, [row], null);
      return { id: written.ids.get('body') as number, purged: written.purged };
    });
    this.purge(purged);
    return this.get(id);
  }

  /** A PUT may send some fields only: the others keep their values. */
  async update(id: number, body: Partial<RedirectRequest>): Promise<RedirectDto> {
    const stored = await this.find(this.dataSource.manager, id);
    const row = this.checkBody({ from: body.from ?? stored.from, to: body.to ?? stored.to, status: body.status ?? (stored.status === 302 ? 302 : 301) });
    const purged = await this.dataSource.transaction(async (manager) => {
      await manager.query(WRITE_LOCK_SQL);
      const current = await this.find(manager, id, true);
      const [taken] = await manager.query<{ id: number }[]>(`SELECT id FROM "redirect" WHERE "from" = $1 AND id <> $2`, [row.from, id]);
      if (taken) throw new ConflictException(`A redirect from ${row.from} exists already (${taken.id}): edit that one`);
      if (row.from !== current.from) await this.assertNoPublishedPage(manager, [row]);
      const written = await this.write(manager, [row], current);
      return [...written.purged, current.from];
    });
    this.purge(purged);
    return this.get(id);
  }

  async remove(id: number): Promise<RedirectDto> {
    const removed = await this.dataSource.transaction(async (manager) => {
      await manager.query(WRITE_LOCK_SQL);
      const row = await this.find(manager, id, true);
      await manager.delete(Redirect, { id });
      return row;
    });
    this.purge([removed.from]);
    return toDto(removed);
  }

  /**
   * A CSV file (multipart/form-data in "file", or a text/csv body) with the header `from,to` or
   * `from,to,status`: every row checked by the rules of one redirect and all of them together (no
   * `from` twice, no loop among them or with the stored ones). One bad row and nothing is written:
   * the 400 lists the problems by line. A row whose `from` has a redirect replaces it.
   */
  async import(request: IncomingMessage): Promise<RedirectImportResult> {
    const text = await this.receiveCsv(request);
    const rows = this.checkCsv(text);
    const result = await this.dataSource.transaction(async (manager) => {
      await manager.query(WRITE_LOCK_SQL);
      const errors = new InputErrors();
      const existing = new Set(
        (await manager.query<{ from: string }[]>(`SELECT "from" FROM "redirect" WHERE "from" = ANY($1::varchar[])`, [rows.map((row) => row.from)])).map(
          (row) => row.from,
        ),
      );
      for (const { key, from } of await this.withPublishedPage(manager, rows)) {
        errors.add(`line ${key}`, `from: a published page lives at ${from}; a redirect from there would never be followed`);
      }
      if (!errors.empty) throw this.lineErrors(errors);
      const written = await this.write(manager, rows, null, errors);
      if (!errors.empty) throw this.lineErrors(errors);
      const created = rows.filter((row) => !existing.has(row.from)).length;
      return { created, updated: rows.length - created, purged: written.purged };
    });
    this.purge(result.purged);
    return { created: result.created, updated: result.updated };
  }

  /** The 400 of a bad file: `errors` by line, the message listing them as `line 7: to: ...`. */
  private lineErrors(errors: InputErrors): BadRequestException {
    const response = errors.toException().getResponse() as { errors: Record<string, string[]> };
    const lines = Object.entries(response.errors).flatMap(([line, problems]) => problems.map((problem) => `${line}: ${problem}`));
    const shown = lines.slice(0, 50);
    return new BadRequestException({
      message: `Nothing was imported: ${lines.length} problem${lines.length === 1 ? '' : 's'} in the file. ${shown.join('; ')}${lines.length > shown.length ? '; …' : ''}`,
      code: 'invalid-rows',
      errors: response.errors,
      lines,
    });
  }

  /** The file's text: from the multipart field "file" or a text/csv body, at most REDIRECT_IMPORT_MAX_BYTES. */
  private async receiveCsv(request: IncomingMessage): Promise<string> {
    const type = request.headers['content-type'] ?? '';
    let bytes: Buffer;
    if (/^multipart\/form-data\s*;/i.test(type)) {
      const received = await receiveUpload(request, { maxBytes: REDIRECT_IMPORT_MAX_BYTES, tmpDir: this.scratch.dir, fileField: 'file' }).catch(
        (error: unknown) => {
          throw error instanceof PayloadTooLargeException ? tooLarge() : error;
        },
      );
      try {
        bytes = await fs.readFile(received.tempPath);
      } finally {
        await fs.rm(received.tempPath, { force: true });
      }
    } else if (/^text\/(csv|plain)\s*(;|$)/i.test(type)) {
      bytes = await readBody(request, REDIRECT_IMPORT_MAX_BYTES);
    } else {
      request.resume();
      throw new UnsupportedMediaTypeException('Send the CSV file as multipart/form-data in the field "file", or as a text/csv body');
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new BadRequestException('The file is not UTF-8 text: save the CSV as UTF-8');
    }
    if (text.trim() === '') throw new BadRequestException('The file is empty: it needs the header from,to,status and a row per redirect');
    return text;
  }

  /** The rows of the file checked one by one (and no `from` twice); a 400 listing every bad line. */
  private checkCsv(text: string): CheckedRedirect<number>[] {
    const reading = readCsv(text, REDIRECT_IMPORT_MAX_ROWS + 1);
    if (!reading.ok) {
      if (/more than/.test(reading.problem)) throw new BadRequestException(`The file holds more than ${REDIRECT_IMPORT_MAX_ROWS} redirects: split it`);
      throw new BadRequestException({
        message: `line ${reading.line}: ${reading.problem}`,
        code: 'invalid-rows',
        lines: [`line ${reading.line}: ${reading.problem}`],
      });
    }
    const [header, ...records] = reading.records;
    const names = header.cells.map((cell) => cell.trim().toLowerCase());
    const column = (name: string) => names.indexOf(name);
    const unknown = names.filter((name) => !['from', 'to', 'status'].includes(name));
    if (column('from') < 0 || column('to') < 0 || unknown.length > 0 || new Set(names).size !== names.length) {
      const problem = `the header must name the columns from,to,status (status optional), not ${header.cells.join(',').slice(0, 200)}`;
      throw new BadRequestException({ message: `line ${header.line}: ${problem}`, code: 'invalid-rows', lines: [`line ${header.line}: ${problem}`] });
    }
    if (records.length === 0) throw new BadRequestException('The file has a header but no redirect');
    const errors = new InputErrors();
    const rows: CheckedRedirect<number>[] = [];
    const lineOfFrom = new Map<string, number>();
    for (const { line, cells } of records) {
      const where = `line ${line}`;
      // Cells left out at the end are empty (spreadsheets drop a trailing empty status); more than the header names is a mistake.
      if (cells.length > names.length) {
        errors.add(where, `has ${cells.length} cells where the header names ${names.length}`);
        continue;
      }
      const cell = (name: string) => (column(name) >= 0 ? cells[column(name)] : undefined);
      const from = checkFrom(cell('from'));
      const to = checkTo(cell('to'), this.config.publicUrl);
      const status = checkStatus(cell('status'));
      if (!from.ok) errors.add(where, `from: ${from.problem}`);
      if (!to.ok) errors.add(where, `to: ${to.problem}`);
      if (!status.ok) errors.add(where, `status: ${status.problem}`);
      if (!from.ok || !to.ok || !status.ok) continue;
      if (from.value === to.value) {
        errors.add(where, 'to: must not be the address it redirects from');
        continue;
      }
      const twice = lineOfFrom.get(from.value);
      if (twice !== undefined) {
        errors.add(where, `from: ${from.value} is on line ${twice} already (one redirect per address)`);
        continue;
      }
      lineOfFrom.set(from.value, line);
      rows.push({ key: line, from: from.value, to: to.value, status: status.value });
    }
    if (!errors.empty) throw this.lineErrors(errors);
    return rows;
  }

  /** 409 when a published page lives at the `from` of one of these redirects. */
  private async assertNoPublishedPage(manager: EntityManager, rows: readonly CheckedRedirect<unknown>[]): Promise<void> {
    const [shadowed] = await this.withPublishedPage(manager, rows);
    if (shadowed)
      throw new ConflictException(
        `A published page lives at ${shadowed.from}: a redirect from there would never be followed (move or unpublish the page first)`,
      );
  }

  /**
   * The rows whose `from` is the address of a published page: its path in the `from`'s locale
   * (slug_path). One statement.
   */
  private async withPublishedPage<K>(manager: EntityManager, rows: readonly CheckedRedirect<K>[]): Promise<CheckedRedirect<K>[]> {
    if (rows.length === 0) return [];
    const targets = rows.map((row) => splitAddress(row.from));
    const key = (lang: string, full: string) => `${lang} ${full}`;
    const found: { lang: string; full: string }[] = await manager.query(
      `SELECT p.lang::text AS lang, p."full" FROM unnest($1::lang[], $2::varchar[]) AS q(lang, "full")
       JOIN "slug_path" p ON p.lang = q.lang AND p."full" = q."full"
       JOIN "slug" s ON s.id = p."slugId"
       LEFT JOIN (${contentPageFactsSql}) c ON c.id = s."contentId"
       JOIN "container" k ON k.id = COALESCE(s."containerId", c."containerId")
       WHERE s.published AND (CASE WHEN c.id IS NOT NULL THEN c.published ELSE k.published END)`,
      [targets.map((t) => t.locale), targets.map((t) => t.path.slice(1))],
    );
    const published = new Set(found.map((row) => key(row.lang, row.full)));
    return rows.filter((_row, index) => published.has(key(targets[index].locale, targets[index].path.slice(1))));
  }

  /**
   * Writes `rows` (replacing `replacing`, the redirect a PUT edits) by the plan of planRedirects:
   * chains followed, stored redirects that led to a written `from` re-pointed, loops refused (a
   * 400 on `to` for one redirect; added to `lineErrors` by line for an import). Answers the ids of
   * the written rows by key and the addresses whose answers changed.
   */
  private async write<K>(
    manager: EntityManager,
    rows: readonly CheckedRedirect<K>[],
    replacing: Redirect | null,
    lineErrors?: InputErrors,
  ): Promise<{ ids: Map<K, number>; purged: string[] }> {
    const froms = rows.map((row) => row.from);
    const addresses = [...new Set([...froms, ...rows.map((row) => row.to)])];
    const stored: StoredRedirect[] = (
      await manager.query<StoredRedirect[]>(
        `SELECT id, "from", "to" FROM "redirect" WHERE ("from" = ANY($1::varchar[]) OR "to" = ANY($2::varchar[])) AND id <> $3`,
        [addresses, froms, replacing?.id ?? 0],
      )
    ).filter((row) => row.id !== replacing?.id);
    const plan = planRedirects(stored, rows);
    if (plan.loops.length > 0) {
      const describe = (path: string[]) => `would make a loop (${path.join(' → ')})`;
      if (!lineErrors) InputErrors.fail('to', describe(plan.loops[0].path));
      for (const loop of plan.loops) lineErrors.add(`line ${String(loop.key)}`, `to: ${describe(loop.path)}`);
      return { ids: new Map(), purged: [] };
    }
    const ids = new Map<K, number>();
    if (replacing) {
      const [row] = rows;
      await manager.update(Redirect, { id: replacing.id }, { from: row.from, to: plan.targets.get(row.key) as string, status: row.status, auto: false });
      ids.set(row.key, replacing.id);
    } else {
      // Rows of a file whose `from` has a redirect replace it (it is staff's own from now on).
      const written = await manager.query<{ id: number; from: string }[]>(
        `INSERT INTO "redirect" ("from", "to", "status", "auto")
         SELECT r."from", r."to", r.status, false FROM unnest($1::varchar[], $2::varchar[], $3::smallint[]) AS r("from", "to", status)
         ON CONFLICT ("from") DO UPDATE SET "to" = EXCLUDED."to", "status" = EXCLUDED."status", "auto" = false, "updatedAt" = now()
         RETURNING id, "from"`,
        [froms, rows.map((row) => plan.targets.get(row.key)), rows.map((row) => row.status)],
      );
      const idOf = new Map(written.map((row) => [row.from, row.id]));
      for (const row of rows) ids.set(row.key, idOf.get(row.from) as number);
    }
    if (plan.repointed.length > 0) {
      await manager.query(`UPDATE "redirect" r SET "to" = m."to", "updatedAt" = now() FROM unnest($1::int[], $2::varchar[]) AS m(id, "to") WHERE r.id = m.id`, [
        plan.repointed.map((row) => row.id),
        plan.repointed.map((row) => row.to),
      ]);
    }
    return { ids, purged: [...froms, ...plan.repointed.map((row) => row.from)] };
  }

  /** Purges the pages of these addresses (each in its locale), once the write is committed. */
  private purge(addresses: readonly string[]): void {
    const byLocale = new Map<string, Set<string>>();
    for (const address of new Set(addresses)) {
      const { locale, path } = splitAddress(address);
      if (!byLocale.has(locale)) byLocale.set(locale, new Set());
      byLocale.get(locale)?.add(path);
    }
    if (addresses.length > MAX_PURGED_PATHS) return this.revalidation.emit({ scope: 'all' });
    for (const [locale, paths] of byLocale) this.revalidation.emit({ scope: 'paths', paths: [...paths], locales: [locale] });
  }
}

/** A request body of at most `maxBytes`; a 413 beyond (the rest of the body is read and dropped). */
function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    request.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    request.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    request.on('error', (error) => {
      if (!failed) reject(new BadRequestException(`The file could not be received: ${error.message}`));
      failed = true;
    });
  });
}

function tooLarge(): PayloadTooLargeException {
  return new PayloadTooLargeException(`A redirects file may be at most ${REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024} MB (and ${REDIRECT_IMPORT_MAX_ROWS} rows)`);
}
