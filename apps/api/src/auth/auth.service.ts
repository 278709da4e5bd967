import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Login } from '../users/login.entity';
import { normalizeEmail } from './normalize-email';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { SignInLimiter } from './sign-in-limiter';

const INVALID = 'Invalid e-mail or password';

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly limiter: SignInLimiter,
  ) {}

  /** Checks the credentials and opens a session. Unknown e-mail and wrong password answer alike. */
  async signIn(email: string, password: string, ip: string): Promise<string> {
    const key = normalizeEmail(email);
    // Counted before the check, in one statement: concurrent guesses cannot all pass a check made before any was counted.
    const attempt = await this.limiter.admit(key, ip);
    const login = await this.dataSource.getRepository(Login).findOne({ where: { email: key }, select: { id: true, password: true } });
    const ok = login ? await this.passwords.verify(login.password, password) : await this.passwords.verifyAgainstNothing(password);
    if (!login || !ok) throw new UnauthorizedException(INVALID);
    await this.limiter.succeeded(attempt);
    await this.sessions.deleteExpired();
    return this.sessions.create(login.id);
  }
}
