import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id with OWASP's first recommended profile (19 MiB, 2 passes, 1 lane): slow enough to
 * make offline guessing costly, fast enough for an interactive sign-in.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('no such account: this hash only burns time');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
