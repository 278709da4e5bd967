import { BadRequestException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../common/auth/auth-context';
import { Login } from '../users/login.entity';
import { User } from '../users/user.entity';
import { normalizeEmail } from './normalize-email';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { SignInLimiter } from './sign-in-limiter';
import { TwoFactorChallenges } from './two-factor-challenge';
import type { Lang, SignInResponse } from '@cms/contracts';

const INVALID = 'Invalid e-mail or password';

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly limiter: SignInLimiter,
    private readonly audit: AuditService,
    private readonly challenges: TwoFactorChallenges,
  ) {}

  /**
   * Checks the credentials and opens a session. Unknown e-mail and wrong password answer alike,
   * and both leave an audit entry (the e-mail tried, never the password; the user when it is one).
   */
  async signIn(email: string, password: string, ip: string): Promise<SignInResponse> {
    const key = normalizeEmail(email);
    // Counted before the check, in one statement: concurrent guesses cannot all pass a check made before any was counted.
    const attempt = await this.limiter.admit(key, ip);
    // The user's name comes with the login, in the same query: the audit entry costs no read of its own.
    const login = await this.dataSource
      .getRepository(Login)
      .findOne({ where: { email: key }, relations: { user: true }, select: { id: true, password: true, userId: true, user: { id: true, name: true } } });
    const ok = login ? await this.passwords.verify(login.password, password) : await this.passwords.verifyAgainstNothing(password);
    const who = {
      userId: login?.userId ?? null,
      userName: login?.user?.name ?? '',
      address: ip,
      resource: 'auth',
      resourceId: login ? String(login.userId) : null,
    };
    if (!login || !ok) {
      await this.audit.record({ ...who, action: 'sign-in-failed', summary: `Failed sign-in as ${JSON.stringify(key.slice(0, 254))}` });
      throw new UnauthorizedException(INVALID);
    }
    await this.limiter.succeeded(attempt);
    // A second factor, when the account has one or its role requires one: no session yet, a challenge for the second step.
    const [factor]: { enabled: boolean; required: boolean }[] = await this.dataSource.query(
      `SELECT l."totpEnabledAt" IS NOT NULL AS enabled, r."requireTwoFactor" AS required FROM "login" l JOIN "role" r ON r.id = l."roleId" WHERE l.id = $1`,
      [login.id],
    );
    if (factor?.enabled || factor?.required) {
      const next = factor.enabled ? 'code' : 'setup';
      return { twoFactor: { challenge: await this.challenges.issue(login.id, next), next } };
    }
    return { token: await this.openSession(login.id, who, `Signed in as ${key}`) };
  }

  /** Opens a session once every step of the sign-in passed, and records it. */
  async openSession(
    loginId: number,
    who: { userId: number | null; userName: string; address: string; resource: string; resourceId: string | null },
    summary: string,
  ): Promise<string> {
    await this.sessions.deleteExpired();
    const token = await this.sessions.create(loginId);
    await this.audit.record({ ...who, action: 'sign-in', summary });
    return token;
  }

  /** Ends the caller's session: its token no longer works. */
  async signOut(auth: AuthContext, ip: string): Promise<void> {
    await this.sessions.revoke(auth.sessionId);
    await this.audit.record({
      userId: auth.userId,
      userName: auth.name,
      address: ip,
      action: 'sign-out',
      resource: 'auth',
      resourceId: String(auth.userId),
      summary: `Signed out (${auth.email})`,
    });
  }

  /**
   * Changing one's own password needs the current one: a session left open, or stolen, must not
   * be enough to take the account over. Wrong guesses count against the sign-in limits.
   */
  async verifyCurrentPassword(auth: AuthContext, currentPassword: string | undefined, ip: string): Promise<void> {
    // A token acts for its creator but is not them: it never changes their password (PUT /api/users/{own id} too).
    if (auth.apiToken) throw new ForbiddenException('An API token cannot change its creator’s password: sign in and use a session');
    if (!currentPassword) {
      throw new BadRequestException({
        message: 'Give your current password to change it',
        errors: { currentPassword: ['is required to change your own password'] },
      });
    }
    const attempt = await this.limiter.admit(auth.email, ip);
    const login = await this.dataSource.getRepository(Login).findOne({ where: { id: auth.loginId }, select: { id: true, password: true } });
    if (!login || !(await this.passwords.verify(login.password, currentPassword))) {
      throw new BadRequestException({ message: 'The current password is wrong', errors: { currentPassword: ['is wrong'] } });
    }
    await this.limiter.succeeded(attempt);
  }

  /** Stores the caller's interface language (null forgets it); sessions resolved before now read the old one, so they are forgotten. */
  async setOwnLanguage(auth: AuthContext, language: Lang | null): Promise<void> {
    await this.dataSource.getRepository(User).update({ id: auth.userId }, { language });
    this.sessions.authChanged();
  }

  /** The caller's new password; every other session of theirs ends, this one stays. */
  async changeOwnPassword(auth: AuthContext, currentPassword: string, password: string, ip: string): Promise<void> {
    await this.verifyCurrentPassword(auth, currentPassword, ip);
    const hash = await this.passwords.hash(password);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Login).update({ id: auth.loginId }, { password: hash });
      await this.sessions.revokeOthers(auth.loginId, auth.sessionId, manager);
    });
    this.sessions.authChanged();
    await this.audit.record({
      userId: auth.userId,
      userName: auth.name,
      address: ip,
      action: 'password-change',
      resource: 'users',
      resourceId: String(auth.userId),
      summary: `Changed their own password (${auth.email}); their other sessions ended`,
    });
  }
}
