import { RIGHT_TYPES, SUPER_ADMIN_ROLE_ID, type Lang, type RightType } from '@cms/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, In, Not, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AuthContext } from '../common/auth/auth-context';
import { preparedQuery } from '../database/prepared-query';
import { ReadPool } from '../database/read-pool';
import { InstanceEventsService } from '../instance-events/instance-events.service';
import { Session } from './session.entity';
import { KeptValues } from '@cms/cache';

interface SessionClaims {
  sid: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

interface ResolvedRow {
  sessionId: string;
  token: string;
  expiresAt: Date;
  lastUsedAt: Date;
  loginId: number;
  email: string;
  roleId: string;
  userId: number;
  name: string;
  language: Lang | null;
  rights: RightType[] | null;
}

const VERIFIED_TOKENS_KEPT = 10_000;
const RESOLVED_SESSIONS_KEPT = 10_000;
/** A safety net only: every write that changes who a session is invalidates at once (see below). */
const RESOLVED_TTL_MS = 60_000;
const AUTH_CHANGED = 'auth-changed';
/** A session's last use is written at most this often: a write per request would cost more than the cached read it follows. */
const LAST_USED_PRECISION_MS = 60_000;

const RESOLVE_SQL = `
  SELECT s.id AS "sessionId", s.token, s."expiresAt", s."lastUsedAt", l.id AS "loginId", l.email, l."roleId", u.id AS "userId", u.name, u.language,
         (SELECT array_agg(r."rightType"::text) FROM "right" r WHERE r."roleId" = l."roleId") AS rights
  FROM "session" s
  JOIN "login" l ON l.id = s."loginId"
  JOIN "user" u ON u.id = l."userId"
  WHERE s.id = $1`;

/** Issues, resolves and revokes session tokens: JWTs that name a Session row. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadPool,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: InstanceEventsService,
  ) {
    this.events.subscribe(AUTH_CHANGED, () => this.forgetResolved());
    this.events.onResync(() => this.forgetResolved());
  }

  private readonly verified = new Map<string, { sid: string; expiresAt: number }>();
  /**
   * Sessions resolved lately, by token: reading the session, login, user and rights at every
   * request cost a third of the CPU of a cheap API call. Every write that changes what a session
   * resolves to (sign-out, revocation, a user's name, language, e-mail, role or removal, a role's rights)
   * calls `authChanged()`, which empties this map on every instance before the write answers here,
   * and within milliseconds elsewhere; nothing is kept while other instances' events may be missed.
   */
  private readonly resolved = new KeptValues<{ auth: AuthContext; sessionExpiresAt: number; lastUsedAt: number }>({
    name: 'sessions',
    max: RESOLVED_SESSIONS_KEPT,
    ttlMs: RESOLVED_TTL_MS,
  });

  /** Whoever holds a session may now resolve to something else: every instance forgets what it kept. */
  authChanged(): void {
    this.events.publish(AUTH_CHANGED, {}, {});
  }

  private forgetResolved(): void {
    this.resolved.clear();
  }

  async create(loginId: number): Promise<string> {
    const id = randomUUID();
    const ttl = this.config.sessionTtlSeconds;
    const token = await this.jwt.signAsync({ sid: id } satisfies SessionClaims, { expiresIn: ttl });
    await this.dataSource.getRepository(Session).insert({ id, loginId, token: digest(token), expiresAt: new Date(Date.now() + ttl * 1000) });
    return token;
  }

  /**
   * The caller behind a token, or null for a missing, forged, expired, idle or revoked one. At
   * most one query, and a write of the session's last use at most once a minute.
   */
  async resolve(token: string): Promise<AuthContext | null> {
    const now = Date.now();
    const known = this.resolved.get(token);
    if (known) {
      if (known.sessionExpiresAt > now && !this.idle(known.lastUsedAt, now)) {
        if (now - known.lastUsedAt >= LAST_USED_PRECISION_MS) {
          known.lastUsedAt = now;
          await this.touch(known.auth.sessionId);
        }
        return known.auth;
      }
      this.resolved.forget(token);
    }
    const sid = await this.sessionIdOf(token);
    if (!sid) return null;
    const generation = this.resolved.generation;
    const rows = await preparedQuery<ResolvedRow>(this.reads, RESOLVE_SQL, [sid]);
    const row = rows[0];
    if (!row || row.token !== digest(token) || new Date(row.expiresAt).getTime() <= Date.now()) return null;
    let lastUsedAt = new Date(row.lastUsedAt).getTime();
    if (this.idle(lastUsedAt, Date.now())) return null;
    if (Date.now() - lastUsedAt >= LAST_USED_PRECISION_MS) {
      lastUsedAt = Date.now();
      await this.touch(row.sessionId);
    }
    const rights = row.roleId === SUPER_ADMIN_ROLE_ID ? [...RIGHT_TYPES] : (row.rights ?? []);
    const auth: AuthContext = {
      sessionId: row.sessionId,
      loginId: row.loginId,
      userId: row.userId,
      name: row.name,
      email: row.email,
      role: row.roleId,
      rights,
      language: row.language,
    };
    // A change that committed while this row was read has emptied the map since: keep nothing then.
    if (this.events.reliable()) this.resolved.set(token, { auth, sessionExpiresAt: new Date(row.expiresAt).getTime(), lastUsedAt }, generation);
    return auth;
  }

  /** Nobody used the session for SESSION_IDLE. Its last use is known to within a minute, so it ends at most a minute late. */
  private idle(lastUsedAt: number, now: number): boolean {
    return now - lastUsedAt > this.config.sessionIdleSeconds * 1000;
  }

  private async touch(sessionId: string): Promise<void> {
    await this.dataSource.query(`UPDATE "session" SET "lastUsedAt" = now() WHERE "id" = $1`, [sessionId]);
  }

  /**
   * The session id a token names, once its signature checks out. Checking an HS256 signature is
   * cheap, but jsonwebtoken rebuilds a key object at every call, which cost more than the
   * database lookup; a verified token is remembered until it expires. Revocation is unaffected:
   * the session row is still read at every request.
   */
  private async sessionIdOf(token: string): Promise<string | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.sid;
      this.verified.delete(token);
      return null;
    }
    let claims: SessionClaims & { exp?: number };
    try {
      claims = await this.jwt.verifyAsync<SessionClaims & { exp?: number }>(token);
    } catch {
      return null;
    }
    if (typeof claims.sid !== 'string' || !/^[0-9a-f-]{36}$/.test(claims.sid)) return null;
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { sid: claims.sid, expiresAt: (claims.exp ?? 0) * 1000 });
    return claims.sid;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.getRepository(Session).delete({ id: sessionId });
    this.authChanged();
  }

  /**
   * Ends every session of these logins (user removed, role changed, password reset). The caller
   * calls `authChanged()` once its transaction has committed: earlier, a concurrent request could
   * resolve the session again from the rows not yet changed and keep it.
   */
  async revokeForLogins(loginIds: number[], manager: EntityManager): Promise<void> {
    if (loginIds.length) await manager.getRepository(Session).delete({ loginId: In(loginIds) });
  }

  /** Ends every session of a login but `keep` (the one that changed its password); same contract as revokeForLogins. */
  async revokeOthers(loginId: number, keep: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(Session).delete({ loginId, id: Not(keep) });
  }

  /** Forgets sessions past their lifetime or idle for SESSION_IDLE. */
  async deleteExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM "session" WHERE "expiresAt" < now() OR "lastUsedAt" < now() - make_interval(secs => $1)`, [
      this.config.sessionIdleSeconds,
    ]);
  }
}
