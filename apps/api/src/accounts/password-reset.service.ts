import { GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { normalizeEmail } from '../auth/normalize-email';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { MailService } from '../mail/mail.service';
import { isSafeAddress } from '../mail/mail-worker';
import { AccountLimiter } from './account-limiter';
import { AccountLinks, hashLinkSecret, newLinkSecret } from './account-links';
import { renderPasswordResetMail } from './account-mails';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * Every reset request answers after at least this long: a request for an account writes a link
 * and queues a mail, one for nobody does not, and the difference must not show in the answer's
 * time (the e-mail would be known to be an account's).
 */
const RESET_ANSWER_FLOOR_MS = 400;

export const RESET_PATH = '/admin/reset-password';

interface ResetRow {
  id: number;
  loginId: number;
  expiresAt: Date;
  usedAt: Date | null;
  userId: number;
  name: string;
  email: string;
}

@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly links: AccountLinks,
    private readonly limiter: AccountLimiter,
    private readonly audit: AuditService,
  ) {}

  /**
   * Sends a reset link to `email` if it is an account's. The caller learns nothing either way:
   * the same answer, after the same floor of time.
   */
  async request(email: string, locale: string | undefined, ip: string): Promise<void> {
    const started = Date.now();
    const key = normalizeEmail(email);
    await this.limiter.admitResetRequest(key, ip);
    const sent = await this.dataSource.transaction(async (manager) => {
      const [login]: { id: number; userId: number; name: string; language: string | null }[] = await manager.query(
        `SELECT l.id, l."userId", u.name, u.language FROM "login" l JOIN "user" u ON u.id = l."userId" WHERE l.email = $1`,
        [key],
      );
      // Made either way, so that both paths do the same hashing.
      const secret = newLinkSecret();
      // Links an hour past their end are of no use, even to tell "expired" from "unknown".
      await manager.query(`DELETE FROM "password_reset" WHERE "expiresAt" < now() - interval '1 day'`);
      if (!login || !isSafeAddress(key)) return null;
      await manager.query(`INSERT INTO "password_reset" ("loginId", "tokenHash", "expiresAt") VALUES ($1, $2, $3)`, [
        login.id,
        secret.hash,
        new Date(Date.now() + RESET_LINK_TTL_MS),
      ]);
      // The account's own language first: whoever asks on the sign-in page may not be its owner, or may read another language there.
      const lang = await this.links.language([login.language, locale], manager);
      const site = await this.links.siteName(lang, manager);
      await this.mail.enqueue(manager, { to: key, ...renderPasswordResetMail(lang, { site, link: this.links.link(RESET_PATH, secret.token) }) });
      return login;
    });
    if (sent) {
      this.mail.sendSoon();
      await this.audit.record({
        userId: sent.userId,
        userName: sent.name,
        address: ip,
        action: 'password-reset-requested',
        resource: 'auth',
        resourceId: String(sent.userId),
        summary: `A password reset link was sent to ${key}`,
      });
    }
    const left = RESET_ANSWER_FLOOR_MS - (Date.now() - started);
    if (left > 0) await sleep(left);
  }

  /**
   * Sets the password of the link's account: the link and every other reset link of the account
   * stop working, and every session of the account ends (whoever reset it may not be the one
   * signed in elsewhere).
   */
  async confirm(token: string, password: string, ip: string): Promise<void> {
    const attempt = await this.limiter.admitAttempt('reset-link', ip);
    const hash = await this.passwords.hash(password);
    const done = await this.dataSource.transaction(async (manager) => {
      const [row]: ResetRow[] = await manager.query(
        `SELECT r.id, r."loginId", r."expiresAt", r."usedAt", l."userId", l.email, u.name
         FROM "password_reset" r JOIN "login" l ON l.id = r."loginId" JOIN "user" u ON u.id = l."userId"
         WHERE r."tokenHash" = $1 FOR UPDATE OF r`,
        [hashLinkSecret(token)],
      );
      if (!row) throw new NotFoundException('This password reset link is not valid: ask for a new one');
      if (row.usedAt) throw new GoneException('This password reset link was already used: ask for a new one');
      if (new Date(row.expiresAt).getTime() <= Date.now())
        throw new GoneException('This password reset link has expired (links work for an hour): ask for a new one');
      await manager.query(`UPDATE "login" SET "password" = $2, "updatedAt" = now() WHERE id = $1`, [row.loginId, hash]);
      await manager.query(`UPDATE "password_reset" SET "usedAt" = now() WHERE "loginId" = $1 AND "usedAt" IS NULL`, [row.loginId]);
      await this.sessions.revokeForLogins([row.loginId], manager);
      return row;
    });
    this.sessions.authChanged();
    await this.limiter.succeeded(attempt);
    await this.audit.record({
      userId: done.userId,
      userName: done.name,
      address: ip,
      action: 'password-reset',
      resource: 'users',
      resourceId: String(done.userId),
      summary: `Reset their password with a link sent to ${done.email}; their sessions ended`,
    });
  }
}
