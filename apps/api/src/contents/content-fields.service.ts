import { ContainerFieldType, DEFAULT_LANG, type Lang, type Status } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import type { ContainerField } from '../containers/container-field.entity';
import type { InputErrors } from '../common/http/input-errors';
import { ContentField } from './content-field.entity';
import { checkFieldValue, type FieldItem, type FieldReferences } from './field-values';
import { preparedQuery } from '../database/prepared-query';

/** The setting that holds the named option lists of ZOHOOPTIONS fields (validated by the settings module). */
export const OPTION_LISTS_SETTING = 'optionLists';

/** Changes of a write: per field name, the items to store in the locale, or null to clear it. */
export type FieldChanges = Map<string, FieldItem[] | null>;

const MIME_PREFIX: Partial<Record<ContainerFieldType, string>> = { [ContainerFieldType.IMAGE]: 'image/', [ContainerFieldType.VIDEO]: 'video/' };

/** The items a write stores, with their field's definition and their position in the field. */
function* storedItems(
  definitions: readonly ContainerField[],
  changes: FieldChanges,
): Generator<{ name: string; definition: ContainerField; item: FieldItem; position: number }> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (const [name, items] of changes) {
    if (!items) continue;
    const definition = byName.get(name)!;
    for (const [position, item] of items.entries()) yield { name, definition, item, position };
  }
}

/** The value columns of content_field rows, one array each, for an INSERT … SELECT FROM unnest. */
function fieldColumns() {
  return {
    name: [] as string[],
    type: [] as string[],
    multiple: [] as boolean[],
    position: [] as number[],
    text: [] as (string | null)[],
    number: [] as (number | null)[],
    bool: [] as (boolean | null)[],
    date: [] as (Date | null)[],
    range: [] as (string | null)[],
    media: [] as (number | null)[],
    ref: [] as (number | null)[],
  };
}

function pushFieldColumns(
  columns: ReturnType<typeof fieldColumns>,
  { name, definition, item, position }: { name: string; definition: ContainerField; item: FieldItem; position: number },
): void {
  columns.name.push(name);
  columns.type.push(definition.type);
  columns.multiple.push(definition.multiple);
  columns.position.push(position);
  columns.text.push(item.textValue);
  columns.number.push(item.numberValue);
  columns.bool.push(item.boolValue);
  columns.date.push(item.dateValue);
  columns.range.push(item.timeRange === null ? null : JSON.stringify(item.timeRange));
  columns.media.push(item.mediaId);
  columns.ref.push(item.contentValueId);
}

/** The content fields (content, name, locale) that show the media `mediaId`, at most `limit`, by content. */
export function fieldsShowingMedia(manager: EntityManager, mediaId: number, limit: number): Promise<Pick<ContentField, 'contentId' | 'name' | 'lang'>[]> {
  return manager
    .getRepository(ContentField)
    .createQueryBuilder('field')
    .select(['field.contentId', 'field.name', 'field.lang'])
    .where('field.mediaId = :mediaId', { mediaId })
    .orderBy('field.contentId')
    .limit(limit)
    .getMany();
}

/**
 * Content field values: checked against the container's definitions (type, rules, references
 * that exist), stored as one ContentField row per name, locale and item, and read per locale
 * with a fallback to en field by field.
 */
@Injectable()
export class ContentFieldsService {
  /**
   * Checks `input` (field name → value) against the definitions. Unknown names and wrong values
   * go to `errors` as `fields.<name>`; media, contents and option lists named are checked with
   * one query each, only when some are named.
   */
  async check(manager: EntityManager, definitions: readonly ContainerField[], input: Record<string, unknown>, errors: InputErrors): Promise<FieldChanges> {
    return (await this.checkAll(manager, [{ definitions, input, errors }]))[0];
  }

  /**
   * `check` for many writes at once (a bulk create): each input against its definitions into its
   * own errors, then the media, contents and option lists all of them name with one query per
   * kind, so a batch of 500 costs what one create does.
   */
  async checkAll(
    manager: EntityManager,
    inputs: readonly { definitions: readonly ContainerField[]; input: Record<string, unknown>; errors: InputErrors }[],
  ): Promise<FieldChanges[]> {
    const checked = inputs.map(({ definitions, input, errors }) => {
      const byName = new Map(definitions.map((d) => [d.name, d]));
      const refs: FieldReferences = { media: [], contents: [], optionLists: [] };
      const changes: FieldChanges = new Map();
      for (const [name, value] of Object.entries(input)) {
        const definition = byName.get(name);
        if (!definition) {
          errors.add(`fields.${name}`, `is not a field of this container (its fields: ${[...byName.keys()].join(', ') || 'none'})`);
          continue;
        }
        const items = checkFieldValue(definition, value, `fields.${name}`, errors, refs);
        if (items !== undefined) changes.set(name, items);
      }
      return { changes, refs, errors };
    });
    await this.checkReferences(manager, checked);
    return checked.map((one) => one.changes);
  }

  private async checkReferences(manager: EntityManager, checked: readonly { refs: FieldReferences; errors: InputErrors }[]): Promise<void> {
    const media = checked.flatMap(({ refs, errors }) => refs.media.map((ref) => ({ ref, errors })));
    if (media.length) {
      const rows: { id: number; mimeType: string }[] = await manager.query(`SELECT id, "mimeType" FROM "media" WHERE id = ANY($1::int[])`, [
        [...new Set(media.map(({ ref }) => ref.id))],
      ]);
      const mime = new Map(rows.map((r) => [r.id, r.mimeType]));
      for (const { ref, errors } of media) {
        const type = mime.get(ref.id);
        const prefix = MIME_PREFIX[ref.type];
        if (type === undefined) errors.add(ref.path, `media ${ref.id} does not exist`);
        else if (prefix && !type.startsWith(prefix)) errors.add(ref.path, `media ${ref.id} is ${type}, not ${prefix}*`);
      }
    }
    const contents = checked.flatMap(({ refs, errors }) => refs.contents.map((ref) => ({ ref, errors })));
    if (contents.length) {
      const rows: { id: number; containerId: number }[] = await manager.query(`SELECT id, "containerId" FROM "content" WHERE id = ANY($1::int[])`, [
        [...new Set(contents.map(({ ref }) => ref.id))],
      ]);
      const container = new Map(rows.map((r) => [r.id, r.containerId]));
      for (const { ref, errors } of contents) {
        const containerId = container.get(ref.id);
        if (containerId === undefined) errors.add(ref.path, `content ${ref.id} does not exist`);
        else if (ref.linkedContainerId !== null && containerId !== ref.linkedContainerId)
          errors.add(ref.path, `content ${ref.id} is not in container ${ref.linkedContainerId}`);
      }
    }
    const optionLists = checked.flatMap(({ refs, errors }) => refs.optionLists.map((ref) => ({ ref, errors })));
    if (optionLists.length) {
      const rows: { value: unknown }[] = await manager.query(`SELECT value FROM "setting" WHERE name = $1`, [OPTION_LISTS_SETTING]);
      const lists = rows[0]?.value;
      for (const { ref, errors } of optionLists) {
        const list =
          lists && typeof lists === 'object' && Object.prototype.hasOwnProperty.call(lists, ref.key) ? (lists as Record<string, unknown>)[ref.key] : undefined;
        if (!Array.isArray(list)) errors.add(ref.path, `the option list "${ref.key}" does not exist in the ${OPTION_LISTS_SETTING} setting`);
        else if (!list.includes(ref.value))
          errors.add(ref.path, `must be one of the "${ref.key}" options: ${list.slice(0, 20).join(', ')}${list.length > 20 ? '…' : ''}`);
      }
    }
  }

  /**
   * Required fields must have a value once the write is applied: in en for en, and in the locale
   * or else en for another locale (it falls back). `present` lists, per locale, the names that
   * have values before the write.
   */
  checkRequired(definitions: readonly ContainerField[], lang: Lang, present: Map<Lang, Set<string>>, changes: FieldChanges, errors: InputErrors): void {
    const has = (l: Lang, name: string) => (l === lang && changes.has(name) ? changes.get(name) !== null : (present.get(l)?.has(name) ?? false));
    for (const definition of definitions) {
      if (!definition.required) continue;
      if (has(lang, definition.name) || (lang !== DEFAULT_LANG && has(DEFAULT_LANG, definition.name))) continue;
      errors.add(`fields.${definition.name}`, lang === DEFAULT_LANG ? 'is required' : 'is required (in this locale or in en)');
    }
  }

  /**
   * Values follow their container's new field definitions: `dropped` fields (removed, or whose type
   * changed) lose theirs, `single` ones (no longer multiple) keep their first item, `moved` ones
   * (renamed, or multiple changed) keep theirs under the new name.
   */
  async followDefinitions(
    manager: EntityManager,
    containerId: number,
    change: { dropped: string[]; single: string[]; moved: { from: string; to: string; multiple: boolean }[] },
  ): Promise<void> {
    const contents = `SELECT id FROM "content" WHERE "containerId" = $1`;
    if (change.dropped.length)
      await manager.query(`DELETE FROM "content_field" WHERE "contentId" IN (${contents}) AND name = ANY($2::varchar[])`, [containerId, change.dropped]);
    if (change.single.length)
      await manager.query(`DELETE FROM "content_field" WHERE "contentId" IN (${contents}) AND name = ANY($2::varchar[]) AND position > 0`, [
        containerId,
        change.single,
      ]);
    if (change.moved.length) {
      await manager.query(
        `UPDATE "content_field" cf SET name = m.new, multiple = m.multiple
         FROM unnest($2::varchar[], $3::varchar[], $4::boolean[]) AS m(old, new, multiple)
         WHERE cf.name = m.old AND cf."contentId" IN (${contents})`,
        [containerId, change.moved.map((m) => m.from), change.moved.map((m) => m.to), change.moved.map((m) => m.multiple)],
      );
    }
  }

  /** Per locale (the asked one and en), the names of the fields a content has values for. One query. */
  async presentNames(manager: EntityManager, contentId: number, lang: Lang): Promise<Map<Lang, Set<string>>> {
    const rows: { lang: Lang; name: string }[] = await manager.query(
      `SELECT DISTINCT lang, name FROM "content_field" WHERE "contentId" = $1 AND lang = ANY($2::lang[])`,
      [contentId, [...new Set([lang, DEFAULT_LANG])]],
    );
    const present = new Map<Lang, Set<string>>();
    for (const row of rows) {
      if (!present.has(row.lang)) present.set(row.lang, new Set());
      present.get(row.lang)!.add(row.name);
    }
    return present;
  }

  /**
   * Applies checked changes to a stored content: the named fields of the locale are replaced, in
   * two statements at most. A new content's fields go in with its row (insertWithContent).
   */
  async write(manager: EntityManager, contentId: number, lang: Lang, definitions: readonly ContainerField[], changes: FieldChanges): Promise<void> {
    if (changes.size === 0) return;
    await manager.query(`DELETE FROM "content_field" WHERE "contentId" = $1 AND lang = $2 AND name = ANY($3::varchar[])`, [
      contentId,
      lang,
      [...changes.keys()],
    ]);
    const rows: QueryDeepPartialEntity<ContentField>[] = [];
    for (const { name, definition, item, position } of storedItems(definitions, changes))
      rows.push({ ...item, contentId, lang, name, type: definition.type, multiple: definition.multiple, position });
    if (rows.length) await manager.getRepository(ContentField).insert(rows);
  }

  /**
   * New contents and their field values in every locale given, with two statements whatever their
   * number (a bulk create): their ids are taken from the sequence first, so that each item's field
   * rows name their content without relying on the order INSERT … RETURNING answers in; then one
   * INSERT of the contents and their fields, each passed as one array per column. Answers the ids
   * in the order of `contents`.
   */
  async insertMany(
    manager: EntityManager,
    contents: readonly {
      title: string;
      containerId: number;
      published: boolean;
      status: Status;
      updatedBy: number | null;
      publishAt: Date | null;
      unpublishAt: Date | null;
      definitions: readonly ContainerField[];
      locales: readonly { lang: Lang; changes: FieldChanges }[];
    }[],
  ): Promise<number[]> {
    if (contents.length === 0) return [];
    const ids = (
      await preparedQuery<{ id: number }>(manager, `SELECT nextval(pg_get_serial_sequence('"content"', 'id'))::int AS id FROM generate_series(1, $1)`, [
        contents.length,
      ])
    ).map((row) => row.id);
    const columns = {
      contentId: [] as number[],
      lang: [] as Lang[],
      ...fieldColumns(),
    };
    for (const [at, content] of contents.entries()) {
      for (const { lang, changes } of content.locales) {
        for (const stored of storedItems(content.definitions, changes)) {
          columns.contentId.push(ids[at]);
          columns.lang.push(lang);
          pushFieldColumns(columns, stored);
        }
      }
    }
    await preparedQuery(
      manager,
      // Both inserts run in one statement: the fields' foreign key is checked at its end, once the contents are in.
      `WITH created AS (
         INSERT INTO "content" (id, title, "containerId", published, status, "updatedBy", "publishedAt", "publishAt", "unpublishAt")
         SELECT c.id, c.title, c.container, c.published, c.status::status, c.editor, CASE WHEN c.published THEN now() END, c.publish, c.unpublish
         FROM unnest($1::int[], $2::varchar[], $3::int[], $4::boolean[], $5::text[], $6::int[], $7::timestamptz[], $8::timestamptz[])
           AS c(id, title, container, published, status, editor, publish, unpublish)
         RETURNING id
       )
       INSERT INTO "content_field" ("contentId", lang, name, type, multiple, position, "textValue", "numberValue", "boolValue", "dateValue", "timeRange", "mediaId", "contentValueId")
       SELECT v.content, v.lang, v.name, v.type::container_field_type, v.multiple, v.position, v.text, v.number, v.bool, v.date, v.range, v.media, v.ref
       FROM unnest($9::int[], $10::lang[], $11::varchar[], $12::text[], $13::boolean[], $14::int[], $15::text[], $16::float8[], $17::boolean[], $18::timestamptz[], $19::jsonb[], $20::int[], $21::int[])
         AS v(content, lang, name, type, multiple, position, text, number, bool, date, range, media, ref)`,
      [
        ids,
        contents.map((c) => c.title),
        contents.map((c) => c.containerId),
        contents.map((c) => c.published),
        contents.map((c) => c.status),
        contents.map((c) => c.updatedBy),
        contents.map((c) => c.publishAt),
        contents.map((c) => c.unpublishAt),
        columns.contentId,
        columns.lang,
        columns.name,
        columns.type,
        columns.multiple,
        columns.position,
        columns.text,
        columns.number,
        columns.bool,
        columns.date,
        columns.range,
        columns.media,
        columns.ref,
      ],
    );
    return ids;
  }

  /**
   * A new content and its field values in one statement (a data-modifying CTE): a create is a
   * round trip to the database less, and its rows are passed as one array per column instead of
   * 13 parameters per row. Answers the new content's id.
   */
  async insertWithContent(
    manager: EntityManager,
    content: { title: string; containerId: number; published: boolean; status: Status; updatedBy: number | null },
    lang: Lang,
    definitions: readonly ContainerField[],
    changes: FieldChanges,
  ): Promise<number> {
    const columns = fieldColumns();
    for (const stored of storedItems(definitions, changes)) pushFieldColumns(columns, stored);
    const [{ id }] = await preparedQuery<{ id: number }>(
      manager,
      `WITH created AS (
         INSERT INTO "content" (title, "containerId", published, status, "updatedBy") VALUES ($1, $2, $3, $4::status, $17) RETURNING id
       ), fields AS (
         INSERT INTO "content_field" ("contentId", lang, name, type, multiple, position, "textValue", "numberValue", "boolValue", "dateValue", "timeRange", "mediaId", "contentValueId")
         SELECT created.id, $5::lang, v.name, v.type::container_field_type, v.multiple, v.position, v.text, v.number, v.bool, v.date, v.range, v.media, v.ref
         FROM created, unnest($6::varchar[], $7::text[], $8::boolean[], $9::int[], $10::text[], $11::float8[], $12::boolean[], $13::timestamptz[], $14::jsonb[], $15::int[], $16::int[])
           AS v(name, type, multiple, position, text, number, bool, date, range, media, ref)
       )
       SELECT id FROM created`,
      [
        content.title,
        content.containerId,
        content.published,
        content.status,
        lang,
        columns.name,
        columns.type,
        columns.multiple,
        columns.position,
        columns.text,
        columns.number,
        columns.bool,
        columns.date,
        columns.range,
        columns.media,
        columns.ref,
        content.updatedBy,
      ],
    );
    return id;
  }
}
