import { LANGS, type Lang } from '@cms/contracts';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { parseListQuery, type ListSpec, type RawListQuery } from '../common/http/list-query';
import type { AuthContext } from '../common/auth/auth-context';
import { preparedQuery } from '../database/prepared-query';
import { currentRequest } from './request-context';

/** The kinds of record that keep versions, under their API resource names. */
export const VERSIONED = ['contents', 'containers', 'elements', 'forms', 'layout', 'settings'] as const;
export type VersionedResource = (typeof VERSIONED)[number];

/** What made a version. */
export type VersionAction = 'create' | 'update' | 'draft' | 'publish' | 'unpublish' | 'discard' | 'restore' | 'schedule';

/** The record each resource's versions are of, in messages ("this content"). */
const NOUNS: Record<VersionedResource, string> = {
  contents: 'content',
  containers: 'container',
  elements: 'element',
  forms: 'form',
  layout: 'layout',
  settings: 'setting',
};

export interface NewVersion {
  resource: VersionedResource;
  recordId: number;
  action: VersionAction;
  /** The locales whose values changed (empty: what every locale shares). */
  locales: readonly Lang[];
  /** Whether this version is what visitors see from now on (a publish): kept whatever their number. */
  published?: boolean;
  /**
   * The whole record, in the shape its resource restores from: a value, or JSON text already
   * (`{ json }`); or `stateOf`, an SQL expression of the record's id that builds it, so that the
   * version is read and written by one statement.
   */
  state?: unknown;
  stateOf?: (recordId: string) => string;
}

export interface VersionSummary {
  id: number;
  createdAt: string;
  userId: number | null;
  userName: string;
  action: VersionAction;
  locales: Lang[];
  published: boolean;
}

export interface Version extends VersionSummary {
  state: unknown;
}

interface VersionRow {
  id: number;
  createdAt: Date;
  userId: number | null;
  userName: string;
  action: VersionAction;
  locales: Lang[] | string;
  published: boolean;
  state?: unknown;
}

/** Who wrote a version when no one signed in asked for it (the scheduler, a migration of data). */
export const SYSTEM_NAME = 'system';

/** PostgreSQL answers a lang[] as its text form ('{en,fr}') through some drivers. */
function localesOf(value: Lang[] | string): Lang[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter((lang): lang is Lang => (LANGS as readonly string[]).includes(lang));
}

/** A version's state as the JSON text the INSERT takes. */
function jsonOf(state: unknown): string {
  if (state && typeof state === 'object' && 'json' in state && typeof (state as { json: unknown }).json === 'string') return (state as { json: string }).json;
  return JSON.stringify(state ?? null);
}

function summaryOf(row: VersionRow): VersionSummary {
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    userId: row.userId,
    userName: row.userName,
    action: row.action,
    locales: localesOf(row.locales),
    published: row.published,
  };
}

/** The ETag of a record whose latest version is `versionId` (0: none yet, a record older than versions). */
export function etagOf(versionId: number): string {
  return `"v${versionId}"`;
}

/** Whether an If-Match header names the version (`*`, or one of a list of tags; a weak tag never matches, RFC 9110). */
export function ifMatchAccepts(header: string, versionId: number): boolean {
  if (header.trim() === '*') return true;
  const current = etagOf(versionId);
  return header.split(',').some((tag) => tag.trim() === current);
}

const LIST_SPEC: ListSpec<{ id: number }> = { resource: 'versions', sortable: { id: 'id' }, defaultSort: ['id', 'DESC'], filters: {}, maxPageSize: 200 };

/**
 * Versions of records (record_version): written in the transaction of every saved change, the
 * newest VERSIONS_KEPT of a record kept with every published one, read newest first. A request's
 * If-Match is checked here, against the record's latest version, in the same transaction: a stale
 * one is a 409 naming who changed the record and when, and nothing of the write is kept.
 */
@Injectable()
export class VersionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Keeps a version of a record that was just written in `manager`'s transaction; its id. */
  async record(manager: EntityManager, version: NewVersion, actor: AuthContext | undefined = currentRequest()?.auth): Promise<number> {
    const request = currentRequest();
    if (request?.ifMatch !== undefined) {
      // Checked once, for the record the request writes (a restore or a PUT), then forgotten.
      const expected = request.ifMatch;
      request.ifMatch = undefined;
      await this.assertCurrent(manager, version.resource, version.recordId, expected);
    }
    const userId = actor && actor.userId > 0 ? actor.userId : null;
    // The newest VERSIONS_KEPT stay (this one and the kept - 1 before it) with every published one.
    // Named on a server: a content's state subquery is planned once per connection, not at each save.
    const [row] = await preparedQuery<{ id: number }>(
      manager,
      `WITH kept AS (
         DELETE FROM "record_version" WHERE resource = $1 AND "recordId" = $2 AND NOT published
           AND id <= (SELECT id FROM "record_version" WHERE resource = $1 AND "recordId" = $2 ORDER BY id DESC OFFSET $8 LIMIT 1)
       )
       INSERT INTO "record_version" (resource, "recordId", "userId", "userName", action, locales, published, state)
       VALUES ($1, $2, $3, $4, $5, $6::lang[], $7, ${version.stateOf ? `${version.stateOf('$2')}::jsonb` : '$9::jsonb'}) RETURNING id`,
      [
        version.resource,
        version.recordId,
        userId,
        actor?.name ?? SYSTEM_NAME,
        version.action,
        [...new Set(version.locales)],
        version.published ?? false,
        Math.max(this.config.versionsKept - 1, 0),
        ...(version.stateOf ? [] : [jsonOf(version.state)]),
      ],
    );
    if (request) request.recorded = { resource: version.resource, recordId: version.recordId, versionId: row.id };
    return row.id;
  }

  /**
   * The first versions of records just created in `manager`'s transaction (a bulk create), in one
   * statement: `statesOf` is an SQL query of `(id, state)` rows for the ids it is given (an int[]
   * expression). Nothing is dropped (new records have no older versions) and no If-Match applies
   * (nothing was there to match).
   */
  async recordCreated(
    manager: EntityManager,
    resource: VersionedResource,
    records: readonly { recordId: number; locales: readonly Lang[]; published: boolean }[],
    statesOf: (ids: string) => string,
    actor: AuthContext | undefined = currentRequest()?.auth,
  ): Promise<void> {
    if (records.length === 0) return;
    await preparedQuery(
      manager,
      `INSERT INTO "record_version" (resource, "recordId", "userId", "userName", action, locales, published, state)
       SELECT $1, r.id, $2, $3, 'create', r.locales::lang[], r.published, st.state
       FROM unnest($4::int[], $5::text[], $6::boolean[]) AS r(id, locales, published) JOIN (${statesOf('$4::int[]')}) st ON st.id = r.id
       ORDER BY r.id`,
      [
        resource,
        actor && actor.userId > 0 ? actor.userId : null,
        actor?.name ?? SYSTEM_NAME,
        records.map((r) => r.recordId),
        records.map((r) => `{${[...new Set(r.locales)].join(',')}}`),
        records.map((r) => r.published),
      ],
    );
  }

  /**
   * Fails with 409 unless `ifMatch` names the record's latest version. Writers of a record are
   * serialised until their transaction ends by the lock they hold on its row (every versioned
   * write locks it first); the layout, which has no row, takes an advisory lock instead.
   */
  async assertCurrent(manager: EntityManager, resource: VersionedResource, recordId: number, ifMatch: string): Promise<void> {
    if (resource === 'layout') await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [`version:${resource}`, recordId]);
    const latest = await this.latest(resource, recordId, manager);
    if (ifMatchAccepts(ifMatch, latest?.id ?? 0)) return;
    const who = latest?.userName ?? SYSTEM_NAME;
    const when = latest?.createdAt ?? new Date().toISOString();
    throw new ConflictException({
      message: `${who} changed this ${NOUNS[resource]} at ${when} since you opened it: see their changes, or save again to keep yours`,
      code: 'changed',
      changedBy: { userId: latest?.userId ?? null, userName: who },
      changedAt: when,
      versionId: latest?.id ?? 0,
    });
  }

  /** The record's latest version (null: none yet). */
  async latest(resource: VersionedResource, recordId: number, manager: EntityManager = this.dataSource.manager): Promise<VersionSummary | null> {
    const [row] = await preparedQuery<VersionRow>(
      manager,
      `SELECT id, "createdAt", "userId", "userName", action, locales, published FROM "record_version"
       WHERE resource = $1 AND "recordId" = $2 ORDER BY id DESC LIMIT 1`,
      [resource, recordId],
    );
    return row ? summaryOf(row) : null;
  }

  /** The ETag a read of the record answers. */
  async etag(resource: VersionedResource, recordId: number, manager?: EntityManager): Promise<string> {
    // A write answers the version it just wrote (committed: the answer is read after the transaction).
    const recorded = currentRequest()?.recorded;
    if (recorded && recorded.resource === resource && recorded.recordId === recordId) return etagOf(recorded.versionId);
    return etagOf((await this.latest(resource, recordId, manager))?.id ?? 0);
  }

  /** A page of the record's versions, newest first (`range` as every list takes it). */
  async list(resource: VersionedResource, recordId: number, raw: RawListQuery): Promise<{ items: VersionSummary[]; total: number; start: number }> {
    const query = parseListQuery(raw, LIST_SPEC);
    const { start, end } = query.range;
    const order = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
    const rows: (VersionRow & { total: number })[] = await this.dataSource.query(
      `SELECT id, "createdAt", "userId", "userName", action, locales, published, count(*) OVER ()::int AS total FROM "record_version"
       WHERE resource = $1 AND "recordId" = $2 ORDER BY id ${order} OFFSET $3 LIMIT $4`,
      [resource, recordId, start, end - start + 1],
    );
    const total =
      rows[0]?.total ??
      (await this.dataSource.query(`SELECT count(*)::int AS total FROM "record_version" WHERE resource = $1 AND "recordId" = $2`, [resource, recordId]))[0]
        .total;
    return { items: rows.map(summaryOf), total, start };
  }

  /** One version with its state (404 when the record has no such version). */
  async one(resource: VersionedResource, recordId: number, versionId: number, manager: EntityManager = this.dataSource.manager): Promise<Version> {
    const [row]: VersionRow[] = await manager.query(
      `SELECT id, "createdAt", "userId", "userName", action, locales, published, state FROM "record_version"
       WHERE resource = $1 AND "recordId" = $2 AND id = $3`,
      [resource, recordId, versionId],
    );
    if (!row) throw new NotFoundException(`No version ${versionId} of ${NOUNS[resource]} ${recordId}`);
    return { ...summaryOf(row), state: row.state };
  }

  /** Drops the versions of a deleted record (in its removal's transaction). */
  async forget(manager: EntityManager, resource: VersionedResource, recordId: number): Promise<void> {
    await manager.query(`DELETE FROM "record_version" WHERE resource = $1 AND "recordId" = $2`, [resource, recordId]);
  }
}

/** The id of whoever makes the current request, for a record's `updatedBy` (null: no one signed in). */
export function updatedByNow(): number | null {
  const userId = currentRequest()?.auth?.userId;
  return userId !== undefined && userId > 0 ? userId : null;
}
