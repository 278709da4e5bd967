import type { FormValue } from '@cms/contracts';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { listPage, type ListPage, type ListSpec, type RawListQuery, intFilter, booleanFilter, containsFilter } from '../common/http/list-query';
import { FormsService } from '../forms/forms.service';
import { MailService } from '../mail/mail.service';
import { CHOICES_LIMIT, type ChoiceDto } from '../common/http/choices';
import { csvCell } from './csv-cells';
import type { MessageDto } from './dto/message.dto';
import { Message } from './message.entity';

const MESSAGE_LIST: ListSpec<Message> = {
  resource: 'messages',
  sortable: { id: 'message.id', createdAt: 'message.createdAt', read: 'message.read', formId: 'message.formId' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: intFilter('message.id'),
    formId: intFilter('message.formId'),
    read: booleanFilter('message.read'),
    q: containsFilter('message.value::text'),
  },
};

/** Rows fetched per query while exporting: memory stays flat however many messages a form has. */
const EXPORT_BATCH = 500;

/** The messages forms received: listed, marked read or unread, deleted, exported as CSV. */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly forms: FormsService,
    private readonly mail: MailService,
  ) {}

  private query(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Message).createQueryBuilder('message').innerJoin('message.form', 'form').addSelect(['form.id', 'form.title']);
  }

  private async toDtos(messages: Message[]): Promise<MessageDto[]> {
    const mail = await this.mail.statusOf(messages.map((m) => m.id));
    return messages.map((m) => ({
      id: m.id,
      formId: m.formId,
      formTitle: m.form?.title ?? '',
      read: m.read,
      value: m.value as Record<string, FormValue>,
      createdAt: m.createdAt.toISOString(),
      mailStatus: mail.get(m.id) ?? null,
    }));
  }

  /**
   * The forms that received messages, by title: a reader of messages chooses the form to filter
   * or export by without VIEW_FORM (only the titles its messages already show).
   */
  async formChoices(): Promise<ChoiceDto[]> {
    const rows = await this.dataSource
      .getRepository(Message)
      .createQueryBuilder('message')
      .innerJoin('message.form', 'form')
      .select('form.id', 'id')
      .addSelect('form.title', 'title')
      .distinct(true)
      .orderBy('title', 'ASC')
      .addOrderBy('id', 'ASC')
      .limit(CHOICES_LIMIT)
      .getRawMany<{ id: number; title: string }>();
    return rows.map((row) => ({ id: row.id, title: row.title }));
  }

  list(raw: RawListQuery): Promise<ListPage<MessageDto>> {
    return listPage(this.query(), raw, MESSAGE_LIST, 'message.id', (rows) => this.toDtos(rows));
  }

  async get(id: number): Promise<MessageDto> {
    return (await this.toDtos([await this.find(id)]))[0];
  }

  async setRead(id: number, read: boolean): Promise<MessageDto> {
    const { affected } = await this.dataSource.getRepository(Message).update({ id }, { read });
    if (!affected) throw new NotFoundException(`No message ${id}`);
    return this.get(id);
  }

  async remove(id: number): Promise<MessageDto> {
    const dto = await this.get(id);
    // Its queued e-mail, if any, goes with it (ON DELETE CASCADE).
    await this.dataSource.getRepository(Message).delete({ id });
    return dto;
  }

  /**
   * The CSV columns of a form's messages: id, createdAt, read, then every field name of the form
   * (en's order first), then names found only in older messages. 404 when the form does not exist.
   */
  async exportColumns(formId: number): Promise<string[]> {
    const names = await this.forms.fieldNames(formId);
    const stored: { key: string }[] = await this.dataSource.query(
      `SELECT DISTINCT k AS "key" FROM "message" m, jsonb_object_keys(m."value") k WHERE m."formId" = $1 ORDER BY 1`,
      [formId],
    );
    const known = new Set(names);
    return ['id', 'createdAt', 'read', ...names, ...stored.map((r) => r.key).filter((k) => !known.has(k) && !['id', 'createdAt', 'read'].includes(k))];
  }

  /** The form's messages as a CSV stream, oldest first, read from the database in batches while it is sent. */
  csvStream(formId: number, columns: string[]): Readable {
    const fields = columns.slice(3);
    const dataSource = this.dataSource;
    async function* rows() {
      yield columns.map(csvCell);
      let after = 0;
      for (;;) {
        const batch: { id: number; createdAt: Date; read: boolean; value: Record<string, FormValue> }[] = await dataSource.query(
          `SELECT "id", "createdAt", "read", "value" FROM "message" WHERE "formId" = $1 AND "id" > $2 ORDER BY "id" LIMIT $3`,
          [formId, after, EXPORT_BATCH],
        );
        for (const row of batch) {
          yield [
            String(row.id),
            new Date(row.createdAt).toISOString(),
            row.read ? 'true' : 'false',
            ...fields.map((name) => csvCell(row.value && Object.hasOwn(row.value, name) ? row.value[name] : undefined)),
          ];
        }
        if (batch.length < EXPORT_BATCH) return;
        after = batch[batch.length - 1].id;
      }
    }
    const csv = stringify({ bom: true });
    // A failure destroys the stream, which cuts the download short; a client that went away is not an error.
    pipeline(Readable.from(rows()), csv).catch((error: { code?: string; message?: string }) => {
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.error(`CSV export of form ${formId} failed: ${error.message}`);
    });
    return csv;
  }

  private async find(id: number): Promise<Message> {
    const message = await this.query().where('message.id = :id', { id }).getOne();
    if (!message) throw new NotFoundException(`No message ${id}`);
    return message;
  }
}
