import { DEFAULT_LANG, fieldCell, guardedCell, LANGS, type ContentFieldValue, type ExportedContent, type Lang, type Status } from '@cms/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource } from 'typeorm';
import { ContentsService } from './contents.service';

export type ExportFormat = 'csv' | 'json';

/** Contents read per query while exporting: memory stays flat whatever the container's size. */
const EXPORT_BATCH = 500;

interface ExportRow {
  id: number;
  title: string;
  published: boolean;
  status: Status;
  slug: string | null;
  documents: Partial<Record<Lang, Record<string, ContentFieldValue>>> | null;
}

/** The CSV columns of a content's own columns; the fields follow as `fields.<name>` (en) and `locales.<locale>.fields.<name>`. */
const CONTENT_COLUMNS = ['id', 'title', 'slug', 'published', 'status'] as const;

/**
 * A container's contents for another system or for the Import screen: every content (its live
 * version) with its own values in every locale, read in batches by id while the answer streams.
 * JSON is a list of bulk items (POST /api/contents/bulk takes each back, `id` aside); CSV is one
 * row per content, one column per field and locale named by its path in such an item.
 */
@Injectable()
export class ContentsExportService {
  private readonly logger = new Logger(ContentsExportService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contents: ContentsService,
  ) {}

  /** The export of a container (400 naming containerId when there is none); the container is read before anything streams. */
  async open(containerId: number, format: ExportFormat): Promise<{ stream: Readable; filename: string }> {
    const { container, definitions } = await this.dataSource.transaction((manager) => this.contents.containerOf(manager, containerId, 'containerId'));
    const rows = this.rows(containerId);
    const slugOfTitle =
      container.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'contents';
    const filename = `${slugOfTitle}-${new Date().toISOString().slice(0, 10)}.${format}`;
    if (format === 'json') return { stream: Readable.from(jsonText(containerId, rows)), filename };

    const names = definitions.map((d) => d.name);
    const locales = await this.localesWithValues(containerId);
    const header = [
      ...CONTENT_COLUMNS,
      ...names.map((name) => `fields.${name}`),
      ...locales.flatMap((lang) => names.map((name) => `locales.${lang}.fields.${name}`)),
    ];
    async function* records() {
      yield header;
      for await (const row of rows) {
        const en = row.documents?.[DEFAULT_LANG] ?? {};
        yield [
          String(row.id),
          guardedCell(row.title),
          row.slug ?? '',
          String(row.published),
          row.status,
          ...names.map((name) => fieldCell(en[name])),
          ...locales.flatMap((lang) => names.map((name) => fieldCell(row.documents?.[lang]?.[name]))),
        ];
      }
    }
    const csv = stringify({ bom: true });
    // A failure destroys the stream, which cuts the download short; a client that went away is not an error.
    pipeline(Readable.from(records()), csv).catch((error: { code?: string; message?: string }) => {
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.error(`CSV export of container ${containerId} failed: ${error.message}`);
    });
    return { stream: csv, filename };
  }

  /** The locales other than en in which some content of the container has values of its own (their CSV columns). */
  private async localesWithValues(containerId: number): Promise<Lang[]> {
    const rows: { lang: Lang }[] = await this.dataSource.query(
      `SELECT DISTINCT d.lang FROM "content_document" d JOIN "content" c ON c.id = d."contentId" WHERE c."containerId" = $1 AND d.lang <> $2`,
      [containerId, DEFAULT_LANG],
    );
    const found = new Set(rows.map((row) => row.lang));
    return LANGS.filter((lang) => found.has(lang));
  }

  /** The container's contents by id, EXPORT_BATCH at a time, each with its own field values per locale (content_document). */
  private async *rows(containerId: number): AsyncGenerator<ExportRow> {
    let after = 0;
    for (;;) {
      const batch: ExportRow[] = await this.dataSource.query(
        `SELECT c.id, c.title, c.published, c.status, s.basic AS slug,
           (SELECT json_object_agg(d.lang, d.fields) FROM "content_document" d WHERE d."contentId" = c.id) AS documents
         FROM "content" c LEFT JOIN "slug" s ON s."contentId" = c.id
         WHERE c."containerId" = $1 AND c.id > $2 ORDER BY c.id LIMIT $3`,
        [containerId, after, EXPORT_BATCH],
      );
      for (const row of batch) yield row;
      if (batch.length < EXPORT_BATCH) return;
      after = batch[batch.length - 1].id;
    }
  }
}

/** The JSON export: a list of ExportedContent, written one content at a time. */
async function* jsonText(containerId: number, rows: AsyncGenerator<ExportRow>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    const { [DEFAULT_LANG]: en, ...others } = row.documents ?? {};
    const item: ExportedContent = {
      id: row.id,
      containerId,
      title: row.title,
      slug: row.slug,
      published: row.published,
      status: row.status,
      fields: en ?? {},
      locales: Object.fromEntries(
        LANGS.filter((lang) => others[lang as Exclude<Lang, typeof DEFAULT_LANG>]).map((lang) => [lang, { fields: others[lang as keyof typeof others]! }]),
      ),
    };
    yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
