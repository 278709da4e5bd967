import type { AuditEntryDto } from '@cms/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { CHOICES_LIMIT, type ChoiceDto } from '../common/http/choices';
import {
  applyFilters,
  applySortAndRange,
  containsFilter,
  intFilter,
  parseListQuery,
  textFilter,
  timeBoundFilter,
  type ListPage,
  type ListSpec,
  type RawListQuery,
} from '../common/http/list-query';
import { csvCell } from '../messages/csv-cells';

/** What is written: the caller, where from, what was done to what, in a line a person reads. */
export interface AuditRecord {
  userId: number | null;
  userName: string;
  address: string;
  action: string;
  resource: string;
  resourceId: string | null;
  summary: string;
}

interface AuditRow extends AuditRecord {
  id: string;
  at: Date;
}

type Row = Record<string, unknown>;

const AUDIT_LIST: ListSpec<Row> = {
  resource: 'audit',
  sortable: {
    id: '"entry"."id"',
    at: '"entry"."at"',
    userName: '"entry"."userName"',
    action: '"entry"."action"',
    resource: '"entry"."resource"',
  },
  defaultSort: ['at', 'DESC'],
  filters: {
    userId: intFilter('"entry"."userId"'),
    action: textFilter('"entry"."action"'),
    resource: textFilter('"entry"."resource"'),
    resourceId: textFilter('"entry"."resourceId"'),
    from: timeBoundFilter('"entry"."at"', '>='),
    to: timeBoundFilter('"entry"."at"', '<='),
    q: containsFilter('"entry"."summary"'),
  },
};

const COLUMNS = ['id', 'at', 'userId', 'userName', 'address', 'action', 'resource', 'resourceId', 'summary'] as const;

/** Rows read per query while exporting: memory stays flat however long the log is. */
const EXPORT_BATCH = 1000;

const MAX_TEXT = 2000;

/**
 * The audit log: entries are added (one INSERT, never a read first) and read; nothing here changes
 * or deletes one, and the database refuses it anyway (migration AuditEntries).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds an entry. It never fails the caller's request: a failure is logged and forgotten. The user
   * is linked only while it exists (a user deleted meanwhile keeps their name in the entry).
   */
  async record(entry: AuditRecord): Promise<void> {
    try {
      await this.dataSource.query(
        `INSERT INTO "audit_entry" ("userId", "userName", "address", "action", "resource", "resourceId", "summary")
         VALUES ((SELECT "id" FROM "user" WHERE "id" = $1), $2, $3, $4, $5, $6, $7)`,
        [
          entry.userId,
          entry.userName.slice(0, 200),
          entry.address.slice(0, 100),
          entry.action.slice(0, 50),
          entry.resource.slice(0, 50),
          entry.resourceId?.slice(0, 200) ?? null,
          entry.summary.slice(0, MAX_TEXT),
        ],
      );
    } catch (error) {
      this.logger.error(`Could not record the audit entry "${entry.action} ${entry.resource} ${entry.resourceId ?? ''}": ${(error as Error).message}`);
    }
  }

  private query(): SelectQueryBuilder<Row> {
    return this.dataSource
      .createQueryBuilder()
      .from('audit_entry', 'entry')
      .select(COLUMNS.map((column) => `"entry"."${column}" AS "${column}"`));
  }

  private static toDto(row: AuditRow): AuditEntryDto {
    return {
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      userId: row.userId,
      userName: row.userName,
      address: row.address,
      action: row.action,
      resource: row.resource,
      resourceId: row.resourceId,
      summary: row.summary,
    };
  }

  async list(raw: RawListQuery): Promise<ListPage<AuditEntryDto>> {
    const query = parseListQuery(raw, AUDIT_LIST);
    const filtered = applyFilters(this.query(), query, AUDIT_LIST);
    const [rows, count] = await Promise.all([
      applySortAndRange(filtered.clone(), query, '"entry"."id"').getRawMany<AuditRow>(),
      filtered.clone().select('COUNT(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { items: rows.map(AuditService.toDto), total: count?.total ?? 0, start: query.range.start };
  }

  /** The users entries name, by name: the screen's user filter (ACCESS_SETTINGS need not mean VIEW_USER). */
  async userChoices(): Promise<ChoiceDto[]> {
    const rows: { id: number; title: string }[] = await this.dataSource.query(
      `SELECT u."id", u."name" AS "title" FROM "user" u WHERE EXISTS (SELECT 1 FROM "audit_entry" a WHERE a."userId" = u."id")
       ORDER BY LOWER(u."name"), u."id" LIMIT $1`,
      [CHOICES_LIMIT],
    );
    return rows.map((row) => ({ id: row.id, title: row.title }));
  }

  /**
   * The entries `raw`'s filter selects (its sort and range do not apply), newest first, as a CSV
   * stream read in batches while it is sent. A bad filter throws here, before anything is sent.
   */
  csvStream(raw: RawListQuery): Readable {
    const query = parseListQuery({ filter: raw.filter }, AUDIT_LIST);
    const filtered = applyFilters(this.query(), query, AUDIT_LIST);
    async function* rows() {
      yield [...COLUMNS];
      let before: string | null = null;
      for (;;) {
        const batch = filtered.clone().orderBy('"entry"."id"', 'DESC').limit(EXPORT_BATCH);
        if (before !== null) batch.andWhere('"entry"."id" < :before', { before });
        const found = await batch.getRawMany<AuditRow>();
        for (const row of found) {
          const dto = AuditService.toDto(row);
          yield [
            String(dto.id),
            dto.at,
            dto.userId === null ? '' : String(dto.userId),
            csvCell(dto.userName),
            csvCell(dto.address),
            csvCell(dto.action),
            csvCell(dto.resource),
            csvCell(dto.resourceId),
            csvCell(dto.summary),
          ];
        }
        if (found.length < EXPORT_BATCH) return;
        before = found[found.length - 1].id;
      }
    }
    const csv = stringify({ bom: true });
    // A failure destroys the stream, which cuts the download short; a client that went away is not an error.
    pipeline(Readable.from(rows()), csv).catch((error: { code?: string; message?: string }) => {
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.error(`CSV export of the audit log failed: ${error.message}`);
    });
    return csv;
  }
}
