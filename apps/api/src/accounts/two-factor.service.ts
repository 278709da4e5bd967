import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@cms/contracts';
import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { toDataURL } from 'qrcode';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { TwoFactorChallenges } from '../auth/two-factor-challenge';
import type { AuthContext } from '../common/auth/auth-context';
import { AccountLimiter } from './account-limiter';
import { AccountLinks } from './account-links';

/** RFC 6238 with the authenticator apps' defaults (SHA-1, 6 digits, 30 s); a code of the step before or after is accepted (clock drift). */
const totp = authenticator.clone({ window: 1 });
const STEP_SECONDS = 30;
const RECOVERY_CODES = 10;

const digest = (code: string) => createHash('sha256').update(code).digest('hex');
/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
/** 10 random characters of a 32-letter alphabet (50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const text = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

interface FactorRow {
  id: number;
  userId: number;
  email: string;
  name: string;
  password: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

/**
 * Two-factor sign-in with an authenticator app: set up from one's own account (or at sign-in,
 * when the role requires it), then asked for after the password. A code is accepted once: the
 * time step it was accepted for is kept, and a code of that step or an earlier one is refused.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly challenges: TwoFactorChallenges,
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
    private readonly limiter: AccountLimiter,
    private readonly links: AccountLinks,
    private readonly audit: AuditService,
  ) {}

  private async factor(loginId: number): Promise<FactorRow> {
    const [row]: FactorRow[] = await this.dataSource.query(
      `SELECT l.id, l."userId", l.email, l.password, u.name, l."totpSecret", l."totpPendingSecret", l."totpEnabledAt" IS NOT NULL AS enabled,
              r."requireTwoFactor" AS required, jsonb_array_length(l."recoveryCodes")::int AS "recoveryCodesLeft"
       FROM "login" l JOIN "role" r ON r.id = l."roleId" JOIN "user" u ON u.id = l."userId" WHERE l.id = $1`,
      [loginId],
    );
    if (!row) throw new UnauthorizedException('This account no longer exists');
    return row;
  }

  async status(auth: AuthContext): Promise<TwoFactorStatus> {
    const row = await this.factor(auth.loginId);
    return { enabled: row.enabled, required: row.required, recoveryCodesLeft: row.recoveryCodesLeft };
  }

  /** A new secret to scan; it becomes the account's once a code of it is given (enable). */
  async beginSetup(loginId: number): Promise<TwoFactorSetup> {
    const row = await this.factor(loginId);
    if (row.enabled) throw new ConflictException('Two-factor sign-in is already on: turn it off first to use another authenticator');
    const secret = totp.generateSecret(20);
    await this.dataSource.query(`UPDATE "login" SET "totpPendingSecret" = $2 WHERE id = $1`, [loginId, secret]);
    const issuer = new URL(this.links.origin()).host;
    const otpauthUrl = totp.keyuri(row.email, issuer, secret);
    return { secret, otpauthUrl, qrCode: await toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  }

  /** Turns it on with a code of the secret being set up; answers the recovery codes, shown once. */
  async enable(loginId: number, code: string, ip: string): Promise<RecoveryCodes> {
    const row = await this.factor(loginId);
    if (row.enabled) throw new ConflictException('Two-factor sign-in is already on');
    if (!row.totpPendingSecret) throw new BadRequestException('Start the set-up first: there is no secret to confirm');
    const attempt = await this.limiter.admitAttempt(`totp:${loginId}`, ip);
    const step = this.stepOf(code, row.totpPendingSecret);
    if (step === null) throw new BadRequestException({ message: 'The code is wrong: check the time of your device', errors: { code: ['is wrong'] } });
    await this.limiter.succeeded(attempt);
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.dataSource.query(
      `UPDATE "login" SET "totpSecret" = "totpPendingSecret", "totpPendingSecret" = NULL, "totpEnabledAt" = now(), "totpLastStep" = $2, "recoveryCodes" = $3::jsonb WHERE id = $1`,
      [loginId, step, JSON.stringify(recoveryCodes.map((c) => digest(normalizeRecoveryCode(c))))],
    );
    await this.record(row, ip, 'two-factor-on', 'Turned two-factor sign-in on');
    return { recoveryCodes };
  }

  /** Turns it off, with the password or a code; not while the role requires it. */
  async disable(auth: AuthContext, proof: { password?: string; code?: string }, ip: string): Promise<void> {
    const row = await this.factor(auth.loginId);
    if (!row.enabled) return;
    if (row.required) throw new ConflictException('Your role requires two-factor sign-in: it cannot be turned off');
    if (!proof.password && !proof.code) throw new BadRequestException('Give your password or a code of your authenticator to turn two-factor sign-in off');
    const attempt = await this.limiter.admitAttempt(`totp:${auth.loginId}`, ip);
    const ok = proof.password ? await this.passwords.verify(row.password, proof.password) : await this.acceptCode(auth.loginId, proof.code!);
    if (!ok) throw new BadRequestException(proof.password ? 'The password is wrong' : 'The code is wrong or was already used');
    await this.limiter.succeeded(attempt);
    await this.dataSource.query(
      `UPDATE "login" SET "totpSecret" = NULL, "totpPendingSecret" = NULL, "totpEnabledAt" = NULL, "totpLastStep" = NULL, "recoveryCodes" = '[]' WHERE id = $1`,
      [auth.loginId],
    );
    await this.record(row, ip, 'two-factor-off', 'Turned two-factor sign-in off');
  }

  /** The second step of a sign-in: a code (once) or a recovery code (once) opens the session. */
  async signIn(challenge: string, proof: { code?: string; recoveryCode?: string }, ip: string): Promise<{ token: string }> {
    const loginId = await this.challenges.verify(challenge, 'code');
    if (!proof.code && !proof.recoveryCode) throw new BadRequestException('Give a code of your authenticator, or a recovery code');
    const attempt = await this.limiter.admitAttempt(`totp:${loginId}`, ip);
    const row = await this.factor(loginId);
    const ok = proof.code ? await this.acceptCode(loginId, proof.code) : await this.spendRecoveryCode(loginId, proof.recoveryCode!);
    if (!ok) {
      throw new UnauthorizedException(
        proof.code ? 'The code is wrong or was already used: wait for the next one' : 'The recovery code is wrong or was already used',
      );
    }
    await this.limiter.succeeded(attempt);
    const how = proof.code ? 'a code of their authenticator' : 'a recovery code';
    return { token: await this.auth.openSession(loginId, this.who(row, ip), `Signed in as ${row.email} with ${how}`) };
  }

  /** The second step when the role requires a factor the account lacks: the secret to scan. */
  async setupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
    return this.beginSetup(await this.challenges.verify(challenge, 'setup'));
  }

  /** ...then its first code turns it on and opens the session. */
  async enableAtSignIn(challenge: string, code: string, ip: string): Promise<RecoveryCodes & { token: string }> {
    const loginId = await this.challenges.verify(challenge, 'setup');
    const codes = await this.enable(loginId, code, ip);
    const row = await this.factor(loginId);
    return { ...codes, token: await this.auth.openSession(loginId, this.who(row, ip), `Signed in as ${row.email}, after setting up two-factor sign-in`) };
  }

  /** The time step `code` belongs to for `secret` (this one, the one before or after), or null. */
  private stepOf(code: string, secret: string): number | null {
    const clean = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(clean)) return null;
    const delta = totp.checkDelta(clean, secret);
    return delta === null ? null : Math.floor(Date.now() / 1000 / STEP_SECONDS) + delta;
  }

  /** A right code of a step after the last accepted one; the step is moved in the same statement, so two requests cannot both use it. */
  private async acceptCode(loginId: number, code: string): Promise<boolean> {
    const [row]: { totpSecret: string | null }[] = await this.dataSource.query(`SELECT "totpSecret" FROM "login" WHERE id = $1`, [loginId]);
    if (!row?.totpSecret) return false;
    const step = this.stepOf(code, row.totpSecret);
    if (step === null) return false;
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "login" SET "totpLastStep" = $2 WHERE id = $1 AND ("totpLastStep" IS NULL OR "totpLastStep" < $2) RETURNING id`,
      [loginId, step],
    );
    return rows.length === 1;
  }

  private async spendRecoveryCode(loginId: number, code: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "login" SET "recoveryCodes" = "recoveryCodes" - $2::text WHERE id = $1 AND "recoveryCodes" ? $2::text RETURNING id`,
      [loginId, digest(normalizeRecoveryCode(code))],
    );
    return rows.length === 1;
  }

  private who(row: FactorRow, ip: string) {
    return { userId: row.userId, userName: row.name, address: ip, resource: 'auth', resourceId: String(row.userId) };
  }

  private async record(row: FactorRow, ip: string, action: string, summary: string): Promise<void> {
    await this.audit.record({ ...this.who(row, ip), resource: 'users', action, summary: `${summary} (${row.email})` });
  }
}
