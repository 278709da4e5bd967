import { API_TOKEN_PREFIX, RIGHT_TYPES, SUPER_ADMIN_ROLE_ID, type ApiTokenCreatedDto, type ApiTokenDto, type Lang, type RightType } from '@cms/contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '../common/auth/auth-context';
import {
  applyFilters,
  applySortAndRange,
  containsFilter,
  intFilter,
  parseListQuery,
  textFilter,
  type ListPage,
  type ListSpec,
  type RawListQuery,
} from '../common/http/list-query';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import { RolesService } from '../roles/roles.service';

/** What a token secret resolves to: the caller, or why it is refused. */
export type TokenResolution = { auth: AuthContext } | { auth: null; reason: string };

type Row = Record<string, unknown>;

interface TokenRow {
  id: number;
  name: string;
  hint: string;
  roleId: string;
  roleName: string;
  userId: number;
  userName: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  expiresAt: Date | string | null;
}

interface ResolvedRow {
  id: number;
  name: string;
  roleId: string;
  creatorRoleId: string;
  expiresAt: Date | string | null;
  lastUsedAt: Date | string | null;
  loginId: number;
  email: string;
  creatorRole: string;
  userId: number;
  userName: string;
  language: Lang | null;
  rights: RightType[] | null;
  creatorRights: RightType[] | null;
}

/** A token's last use is written at most this often, as a session's is. */
const LAST_USED_PRECISION_MS = 60_000;
const SECRET_BYTES = 32;
/** A secret is the prefix and 43 base64url characters: anything else is refused before any read. */
const SECRET_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
const iso = (value: Date | string) => new Date(value).toISOString();

const TOKEN_LIST: ListSpec<Row> = {
  resource: 'tokens',
  sortable: {
    id: '"t"."id"',
    name: 'LOWER("t"."name")',
    role: 'LOWER("r"."name")',
    createdBy: 'LOWER("u"."name")',
    createdAt: '"t"."createdAt"',
    lastUsedAt: '"t"."lastUsedAt"',
    expiresAt: '"t"."expiresAt"',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: intFilter('"t"."id"'),
    roleId: textFilter('"t"."roleId"'),
    q: containsFilter('"t"."name"'),
  },
};

/**
 * One query per request, no cache: a token deleted on one instance is refused by every other at
 * its next request, with no window for a missed or late NOTIFY. The rights are the token role's
 * within its creator's current role's (a role edited since cannot widen a token); a creator whose
 * role changed since the token was made suspends it, and a deleted creator takes it along.
 */
const RESOLVE_SQL = `
  SELECT t.id, t.name, t."roleId", t."creatorRoleId", t."expiresAt", t."lastUsedAt",
         l.id AS "loginId", l.email, l."roleId" AS "creatorRole", u.id AS "userId", u.name AS "userName", u.language,
         (SELECT array_agg(r."rightType"::text) FROM "right" r WHERE r."roleId" = t."roleId") AS rights,
         (SELECT array_agg(r."rightType"::text) FROM "right" r WHERE r."roleId" = l."roleId") AS "creatorRights"
  FROM "api_token" t
  JOIN "login" l ON l.id = t."loginId"
  JOIN "user" u ON u.id = l."userId"
  WHERE t."secretHash" = $1`;

/** Creates, lists, renames and revokes API tokens, and resolves a secret to its caller for the access guard. */
@Injectable()
export class ApiTokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadPool,
    private readonly roles: RolesService,
  ) {}

  /** Whether a presented token is an API token (by its prefix) rather than a session's JWT. */
  static isApiToken(token: string): boolean {
    return token.startsWith(API_TOKEN_PREFIX);
  }

  async resolve(secret: string): Promise<TokenResolution> {
    const unknown = { auth: null, reason: 'This API token is unknown or was revoked' } as const;
    if (!SECRET_PATTERN.test(secret)) return unknown;
    const [row] = await preparedQuery<ResolvedRow>(this.reads, RESOLVE_SQL, [digest(secret)]);
    if (!row) return unknown;
    const now = Date.now();
    if (row.expiresAt && new Date(row.expiresAt).getTime() <= now) {
      return { auth: null, reason: `This API token expired on ${iso(row.expiresAt)}` };
    }
    if (row.creatorRole !== row.creatorRoleId) {
      return { auth: null, reason: `This API token is suspended: the role of its creator, ${row.userName}, changed since it was made. Make a new one` };
    }
    if (!row.lastUsedAt || now - new Date(row.lastUsedAt).getTime() >= LAST_USED_PRECISION_MS) {
      // Conditional, so that concurrent first requests of a minute write once.
      await this.dataSource.query(
        `UPDATE "api_token" SET "lastUsedAt" = now() WHERE "id" = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= now() - interval '1 minute')`,
        [row.id],
      );
    }
    const own = (roleId: string, rights: RightType[] | null) => (roleId === SUPER_ADMIN_ROLE_ID ? [...RIGHT_TYPES] : (rights ?? []));
    const creatorRights = new Set(own(row.creatorRole, row.creatorRights));
    return {
      auth: {
        userId: row.userId,
        loginId: row.loginId,
        sessionId: '',
        name: `${row.userName} (via token "${row.name}")`,
        email: row.email,
        role: row.roleId,
        rights: own(row.roleId, row.rights).filter((right) => creatorRights.has(right)),
        language: row.language,
        apiToken: { id: row.id, name: row.name },
      },
    };
  }

  private query(): SelectQueryBuilder<Row> {
    return this.dataSource
      .createQueryBuilder()
      .from('api_token', 't')
      .innerJoin('role', 'r', '"r"."id" = "t"."roleId"')
      .innerJoin('login', 'l', '"l"."id" = "t"."loginId"')
      .innerJoin('user', 'u', '"u"."id" = "l"."userId"')
      .select([
        '"t"."id" AS "id"',
        '"t"."name" AS "name"',
        '"t"."hint" AS "hint"',
        '"t"."roleId" AS "roleId"',
        '"r"."name" AS "roleName"',
        '"u"."id" AS "userId"',
        '"u"."name" AS "userName"',
        '"t"."createdAt" AS "createdAt"',
        '"t"."lastUsedAt" AS "lastUsedAt"',
        '"t"."expiresAt" AS "expiresAt"',
      ]);
  }

  private static toDto(row: TokenRow): ApiTokenDto {
    return {
      id: row.id,
      name: row.name,
      role: { id: row.roleId, name: row.roleName },
      createdBy: { userId: row.userId, userName: row.userName },
      hint: row.hint,
      createdAt: iso(row.createdAt),
      lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
      expiresAt: row.expiresAt ? iso(row.expiresAt) : null,
    };
  }

  async list(raw: RawListQuery): Promise<ListPage<ApiTokenDto>> {
    const query = parseListQuery(raw, TOKEN_LIST);
    const filtered = applyFilters(this.query(), query, TOKEN_LIST);
    const [rows, count] = await Promise.all([
      applySortAndRange(filtered.clone(), query, '"t"."id"').getRawMany<TokenRow>(),
      filtered.clone().select('COUNT(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { items: rows.map(ApiTokensService.toDto), total: count?.total ?? 0, start: query.range.start };
  }

  async get(id: number): Promise<ApiTokenDto> {
    const row = await this.query().where('"t"."id" = :id', { id }).getRawOne<TokenRow>();
    if (!row) throw new NotFoundException(`No API token ${id}`);
    return ApiTokensService.toDto(row);
  }

  /**
   * A new token of `roleId`, which `actor` must be able to give a user (RolesService.assertCanAssign:
   * its rights within the actor's and no members-only page the actor's role does not read).
   */
  async create(actor: AuthContext, dto: { name: string; roleId: string; expiresAt?: string | null }): Promise<ApiTokenCreatedDto> {
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new BadRequestException({ message: 'Invalid input. expiresAt: must be in the future', errors: { expiresAt: ['must be in the future'] } });
    }
    await this.roles.assertCanAssign(actor, dto.roleId);
    const secret = API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
    const [{ id }]: { id: number }[] = await this.dataSource.query(
      `INSERT INTO "api_token" ("name", "secretHash", "hint", "roleId", "loginId", "creatorRoleId", "expiresAt")
       SELECT $1, $2, $3, $4, l.id, l."roleId", $6 FROM "login" l WHERE l.id = $5
       RETURNING "id"`,
      [dto.name.trim(), digest(secret), secret.slice(0, HINT_LENGTH), dto.roleId, actor.loginId, expiresAt],
    );
    return { ...(await this.get(id)), secret };
  }

  async rename(id: number, name: string): Promise<ApiTokenDto> {
    const [, affected] = (await this.dataSource.query(`UPDATE "api_token" SET "name" = $2 WHERE "id" = $1`, [id, name.trim()])) as [unknown, number];
    if (!affected) throw new NotFoundException(`No API token ${id}`);
    return this.get(id);
  }

  /** Deletes the token: it is refused at the next request on every instance, since nothing keeps it. */
  async revoke(id: number): Promise<ApiTokenDto> {
    const token = await this.get(id);
    await this.dataSource.query(`DELETE FROM "api_token" WHERE "id" = $1`, [id]);
    return token;
  }
}
