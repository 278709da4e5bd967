import type { InvitationDto, Lang } from '@cms/contracts';
import { ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { normalizeEmail } from '../auth/normalize-email';
import { PasswordService } from '../auth/password.service';
import type { AuthContext } from '../common/auth/auth-context';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { RolesService } from '../roles/roles.service';
import { AccountLimiter } from './account-limiter';
import { AccountLinks, hashLinkSecret, newLinkSecret } from './account-links';
import { renderInvitationMail } from './account-mails';

export const INVITATION_PATH = '/admin/accept-invitation';

interface InvitationRow {
  id: number;
  email: string;
  roleId: string;
  locale: string | null;
  invitedByName: string;
  sentAt: Date;
  expiresAt: Date;
}

const COLUMNS = `"id", "email", "roleId", "locale", "invitedByName", "sentAt", "expiresAt"`;

function toDto(row: InvitationRow): InvitationDto {
  const expiresAt = new Date(row.expiresAt);
  return {
    id: row.id,
    email: row.email,
    roleId: row.roleId,
    invitedByName: row.invitedByName,
    sentAt: new Date(row.sentAt).toISOString(),
    expiresAt: expiresAt.toISOString(),
    expired: expiresAt.getTime() <= Date.now(),
  };
}

/**
 * Invitations to the back office: staff who may create users invite an e-mail with a role they
 * may give (the same ceiling as creating a user, RolesService.assertCanAssign), and the person
 * chooses their name and password through a one-time link.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly roles: RolesService,
    private readonly passwords: PasswordService,
    private readonly mail: MailService,
    private readonly links: AccountLinks,
    private readonly limiter: AccountLimiter,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<InvitationDto[]> {
    const rows: InvitationRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM "invitation" ORDER BY "sentAt" DESC, "id" DESC`);
    return rows.map(toDto);
  }

  async create(actor: AuthContext, body: { email: string; roleId: string; locale?: string }, ip: string): Promise<InvitationDto> {
    await this.roles.assertCanAssign(actor, body.roleId);
    const email = normalizeEmail(body.email);
    const row = await this.dataSource.transaction(async (manager) => {
      if ((await manager.query(`SELECT 1 FROM "login" WHERE "email" = $1`, [email])).length) {
        throw new ConflictException(`The e-mail ${email} is already used by a user: they can sign in, or use "Forgot password?"`);
      }
      if ((await manager.query(`SELECT 1 FROM "invitation" WHERE "email" = $1`, [email])).length) {
        throw new ConflictException(`${email} is already invited: resend or revoke that invitation`);
      }
      const secret = newLinkSecret();
      const [created]: InvitationRow[] = await manager.query(
        `INSERT INTO "invitation" ("email", "roleId", "tokenHash", "locale", "invitedById", "invitedByName", "expiresAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [email, body.roleId, secret.hash, body.locale ?? null, actor.userId, actor.name, this.expiry()],
      );
      await this.send(manager, created, secret.token);
      return created;
    });
    this.mail.sendSoon();
    await this.record(actor, ip, 'invitation-sent', row, `Invited ${email} as ${row.roleId}`);
    return toDto(row);
  }

  /** A new link (the old one stops working) and a new period of validity, mailed again. */
  async resend(actor: AuthContext, id: number, ip: string): Promise<InvitationDto> {
    const row = await this.dataSource.transaction(async (manager) => {
      const found = await this.find(manager, id);
      await this.roles.assertCanAssign(actor, found.roleId, manager);
      const secret = newLinkSecret();
      // An UPDATE answers [rows, count].
      const [[updated]]: [InvitationRow[], number] = await manager.query(
        `UPDATE "invitation" SET "tokenHash" = $2, "expiresAt" = $3, "sentAt" = now(), "invitedById" = $4, "invitedByName" = $5 WHERE "id" = $1 RETURNING ${COLUMNS}`,
        [id, secret.hash, this.expiry(), actor.userId, actor.name],
      );
      await this.send(manager, updated, secret.token);
      return updated;
    });
    this.mail.sendSoon();
    await this.record(actor, ip, 'invitation-resent', row, `Sent the invitation of ${row.email} again`);
    return toDto(row);
  }

  async revoke(actor: AuthContext, id: number, ip: string): Promise<InvitationDto> {
    const row = await this.dataSource.transaction(async (manager) => {
      const found = await this.find(manager, id);
      await this.roles.assertCanAssign(actor, found.roleId, manager);
      await manager.query(`DELETE FROM "invitation" WHERE "id" = $1`, [id]);
      return found;
    });
    await this.record(actor, ip, 'invitation-revoked', row, `Revoked the invitation of ${row.email}`);
    return toDto(row);
  }

  /** What the link opens: the invited e-mail, for the acceptance screen. */
  async lookup(token: string, ip: string): Promise<{ email: string }> {
    const attempt = await this.limiter.admitAttempt('invitation-link', ip);
    const row = await this.byToken(this.dataSource.manager, token, false);
    await this.limiter.succeeded(attempt);
    return { email: row.email };
  }

  /** Makes the user with the invitation's e-mail and role, and spends the invitation. */
  async accept(body: { token: string; name: string; password: string; language?: Lang }, ip: string): Promise<{ email: string }> {
    const attempt = await this.limiter.admitAttempt('invitation-link', ip);
    const hash = await this.passwords.hash(body.password);
    const made = await this.dataSource.transaction(async (manager) => {
      const row = await this.byToken(manager, body.token, true);
      if ((await manager.query(`SELECT 1 FROM "login" WHERE "email" = $1`, [row.email])).length) {
        throw new ConflictException(`The e-mail ${row.email} is already used by a user: sign in, or use "Forgot password?"`);
      }
      // The language the acceptance screen was read in becomes the account's: its later mails follow it.
      const [user]: { id: number }[] = await manager.query(`INSERT INTO "user" ("name", "language") VALUES ($1, $2) RETURNING "id"`, [
        body.name.trim(),
        body.language ?? null,
      ]);
      await manager.query(`INSERT INTO "login" ("userId", "roleId", "email", "password") VALUES ($1, $2, $3, $4)`, [user.id, row.roleId, row.email, hash]);
      await manager.query(`DELETE FROM "invitation" WHERE "id" = $1`, [row.id]);
      return { userId: user.id, row };
    });
    await this.limiter.succeeded(attempt);
    await this.audit.record({
      userId: made.userId,
      userName: body.name.trim(),
      address: ip,
      action: 'invitation-accepted',
      resource: 'users',
      resourceId: String(made.userId),
      summary: `Accepted the invitation of ${made.row.invitedByName} as ${made.row.email} (${made.row.roleId})`,
    });
    return { email: made.row.email };
  }

  private expiry(): Date {
    return new Date(Date.now() + this.config.accounts.invitationTtlSeconds * 1000);
  }

  private async find(manager: EntityManager, id: number): Promise<InvitationRow> {
    const [row]: InvitationRow[] = await manager.query(`SELECT ${COLUMNS} FROM "invitation" WHERE "id" = $1 FOR UPDATE`, [id]);
    if (!row) throw new NotFoundException(`No invitation ${id}`);
    return row;
  }

  private async byToken(manager: EntityManager, token: string, lock: boolean): Promise<InvitationRow> {
    const [row]: InvitationRow[] = await manager.query(`SELECT ${COLUMNS} FROM "invitation" WHERE "tokenHash" = $1${lock ? ' FOR UPDATE' : ''}`, [
      hashLinkSecret(token),
    ]);
    // An accepted or revoked invitation is gone: its link is as unknown as a made-up one.
    if (!row) throw new NotFoundException('This invitation link is not valid: it was used or revoked, or never existed');
    if (new Date(row.expiresAt).getTime() <= Date.now()) throw new GoneException('This invitation has expired: ask for a new one');
    return row;
  }

  private async send(manager: EntityManager, row: InvitationRow, token: string): Promise<void> {
    // The invitee has no account, so no language of their own yet: the inviter's choice.
    const lang = await this.links.language([row.locale], manager);
    const site = await this.links.siteName(lang, manager);
    const days = Math.max(1, Math.round(this.config.accounts.invitationTtlSeconds / 86_400));
    await this.mail.enqueue(manager, {
      to: row.email,
      ...renderInvitationMail(lang, { site, link: this.links.link(INVITATION_PATH, token), inviter: row.invitedByName, days }),
    });
  }

  private async record(actor: AuthContext, ip: string, action: string, row: InvitationRow, summary: string): Promise<void> {
    await this.audit.record({ userId: actor.userId, userName: actor.name, address: ip, action, resource: 'invitations', resourceId: String(row.id), summary });
  }
}
