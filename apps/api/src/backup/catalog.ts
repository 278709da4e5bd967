import type { DataSource, QueryRunner } from 'typeorm';

/**
 * What a backup leaves out, and why. Everything else in the public schema is exported, so a table
 * a later migration adds is backed up without anyone remembering to list it.
 */
export const SKIPPED_TABLES: Record<string, string> = {
  migrations: 'the manifest records the schema version instead',
  typeorm_metadata: 'TypeORM bookkeeping',
  session: 'sessions are not exported: everyone signs in again',
  sign_in_limit: 'rate-limit windows last an hour at most; addresses known to an account are learnt again at their next sign-in',
  form_submission_limit: 'rate-limit windows last minutes',
  // Read models kept by triggers: the triggers rebuild them as the rows they derive from go in.
  content_count: 'kept by triggers on content',
  content_document: 'kept by triggers on content_field',
  cache_version: 'moved by triggers on every write',
  edit_presence: 'who has an edit screen open lasts two minutes',
  webhook_delivery: 'the outbox and log of webhook calls: a restored site must not call them again',
  password_reset: 'reset links last an hour: a restored site must not honour links sent before the backup',
  invitation: 'pending invitations are links mailed by this site: after a restore, invite again',
};

/**
 * Tables the migrations create beside the entities' own. With the entities' tables they are this
 * application's tables: the only ones a backup reads or an import replaces, so that other
 * applications' tables in a shared schema are left alone. (backup.spec.ts checks that nothing of a
 * migrated database is left once these, APP_FUNCTIONS and their enums are dropped.)
 */
const MIGRATION_TABLES = [
  'migrations',
  'audit_entry',
  'typeorm_metadata',
  'sign_in_limit',
  'form_submission_limit',
  'content_count',
  'content_document',
  'content_draft',
  'content_read',
  'container_draft',
  'cache_version',
  'record_version',
  'edit_presence',
  'redirect',
  'slug_path',
  'api_token',
  'webhook',
  'webhook_delivery',
  'password_reset',
  'invitation',
];

/** Functions the migrations create (triggers' and the read models' helpers). */
const APP_FUNCTIONS = [
  'audit_entry_written_once',
  'content_count_added',
  'content_count_changed',
  'content_count_moved',
  'content_count_removed',
  'content_document_changed',
  'content_document_refresh',
  'content_field_item',
  'content_list_changed',
  'content_list_changed_at_commit',
];

/** This application's tables: its entities' and its migrations' (see MIGRATION_TABLES). */
export function applicationTables(dataSource: DataSource): Set<string> {
  return new Set([...dataSource.entityMetadatas.map((entity) => entity.tableName), ...MIGRATION_TABLES]);
}

/** Tables a backup writes: this application's, but those it leaves out on purpose. */
export function exportedTables(dataSource: DataSource): Set<string> {
  return new Set([...applicationTables(dataSource)].filter((name) => !(name in SKIPPED_TABLES)));
}

/**
 * Drops this application's tables, functions and the enum types its tables use, and nothing else
 * of the schema (no CASCADE: an object of another application that depends on one of them makes
 * the drop fail rather than vanish with it).
 */
export async function dropApplicationObjects(runner: QueryRunner, dataSource: DataSource): Promise<void> {
  const tables: { name: string }[] = await runner.query(
    `SELECT c.relname::text AS "name" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[]) ORDER BY 1`,
    [[...applicationTables(dataSource)]],
  );
  const enums: { name: string }[] = await runner.query(
    `SELECT DISTINCT t.typname::text AS "name" FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_type t ON t.oid = a.atttypid OR t.typarray = a.atttypid
     JOIN pg_namespace tn ON tn.oid = t.typnamespace
     WHERE n.nspname = 'public' AND tn.nspname = 'public' AND t.typtype = 'e' AND c.relname = ANY($1::text[]) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1`,
    [tables.map((table) => table.name)],
  );
  // Triggers, then functions (some take a table's row type), then the tables, then their types.
  const triggers: { table: string; name: string }[] = await runner.query(
    `SELECT c.relname::text AS "table", t.tgname::text AS "name" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal AND c.relname = ANY($1::text[])`,
    [tables.map((table) => table.name)],
  );
  for (const trigger of triggers) await runner.query(`DROP TRIGGER ${quoteIdent(trigger.name)} ON "public".${quoteIdent(trigger.table)}`);
  for (const name of APP_FUNCTIONS) await runner.query(`DROP FUNCTION IF EXISTS "public".${quoteIdent(name)}`);
  if (tables.length) await runner.query(`DROP TABLE ${tables.map((table) => `"public".${quoteIdent(table.name)}`).join(', ')}`);
  if (enums.length) await runner.query(`DROP TYPE ${enums.map((type) => `"public".${quoteIdent(type.name)}`).join(', ')}`);
}

/** Rows that migrations themselves insert: a database holding only these is still empty. */
export const SEEDED_ROWS: Record<string, string> = {
  role: `"id" <> 'super-admin'`,
};

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface ForeignKey {
  table: string;
  references: string;
  name: string;
  definition: string;
}

export interface TableInfo {
  name: string;
  /** Columns an INSERT may set (generated columns excluded). */
  columns: string[];
  primaryKey: string[];
  hasIdentityAlways: boolean;
  /** Columns fed by a sequence (serial), with its qualified name. */
  sequences: { column: string; sequence: string }[];
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  foreignKeys: ForeignKey[];
}

/**
 * The tables of the public schema as the database describes them (whatever the schema version);
 * with `only`, those tables alone (this application's, not another's in a shared schema).
 */
export async function readCatalog(runner: QueryRunner, only?: Set<string>): Promise<Catalog> {
  const tables = new Map<string, TableInfo>();
  const columns: { table: string; column: string; generated: string; identity: string; sequence: string | null }[] = await runner.query(
    `SELECT c.relname::text AS "table", a.attname::text AS "column", a.attgenerated::text AS "generated", a.attidentity::text AS "identity",
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS "sequence"
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
  );
  for (const row of columns) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], primaryKey: [], hasIdentityAlways: false, sequences: [] };
      tables.set(row.table, table);
    }
    if (row.generated === '') table.columns.push(row.column);
    if (row.identity === 'a') table.hasIdentityAlways = true;
    if (row.sequence) table.sequences.push({ column: row.column, sequence: row.sequence });
  }
  const keys: { table: string; columns: string[] }[] = await runner.query(
    `SELECT c.relname::text AS "table", array_agg(a.attname::text ORDER BY k.ord) AS "columns"
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE i.indisprimary AND n.nspname = 'public'
     GROUP BY c.relname`,
  );
  for (const key of keys) {
    const table = tables.get(key.table);
    if (table) table.primaryKey = key.columns;
  }
  const foreignKeys: ForeignKey[] = await runner.query(
    `SELECT a.relname::text AS "table", b.relname::text AS "references", con.conname::text AS "name", pg_get_constraintdef(con.oid) AS "definition"
     FROM pg_constraint con JOIN pg_class a ON a.oid = con.conrelid JOIN pg_class b ON b.oid = con.confrelid
     JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE con.contype = 'f' AND n.nspname = 'public'
     ORDER BY a.relname, con.conname`,
  );
  if (!only) return { tables, foreignKeys };
  for (const name of tables.keys()) if (!only.has(name)) tables.delete(name);
  return { tables, foreignKeys: foreignKeys.filter((key) => only.has(key.table) && only.has(key.references)) };
}

/**
 * Tables in an order where every table comes after those it references (names break ties, so the
 * order is stable). References of a table to itself, or within a cycle, cannot be satisfied by
 * order alone: they are answered apart, for the import to lift while it inserts.
 */
export function foreignKeyOrder(names: string[], foreignKeys: ForeignKey[]): { order: string[]; unordered: ForeignKey[] } {
  const wanted = new Set(names);
  const pending = new Map(names.map((name) => [name, new Set<string>()]));
  for (const key of foreignKeys) {
    if (key.table !== key.references && wanted.has(key.table) && wanted.has(key.references)) pending.get(key.table)!.add(key.references);
  }
  const order: string[] = [];
  for (;;) {
    const ready = [...pending.keys()].filter((name) => pending.get(name)!.size === 0).sort();
    if (ready.length === 0) break;
    for (const name of ready) {
      order.push(name);
      pending.delete(name);
      for (const deps of pending.values()) deps.delete(name);
    }
  }
  const cyclic = new Set(pending.keys());
  order.push(...[...cyclic].sort());
  const unordered = foreignKeys.filter(
    (key) => wanted.has(key.table) && (key.table === key.references || (cyclic.has(key.table) && cyclic.has(key.references))),
  );
  return { order, unordered };
}
