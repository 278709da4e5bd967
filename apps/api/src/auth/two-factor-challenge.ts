import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

/** What the second step of a sign-in asks: a code of the authenticator, or setting one up first (the role requires it). */
export type SecondStep = 'code' | 'setup';

interface ChallengeClaims {
  /** The login whose password was right. */
  tfa: number;
  next: SecondStep;
}

/** How long the second step may wait after a right password. */
const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * The short-lived, signed proof between the two steps of a sign-in that the password was right.
 * It carries no `sid`, so it is never taken for a session token, and a session token is never
 * taken for it.
 */
@Injectable()
export class TwoFactorChallenges {
  constructor(private readonly jwt: JwtService) {}

  issue(loginId: number, next: SecondStep): Promise<string> {
    return this.jwt.signAsync({ tfa: loginId, next } satisfies ChallengeClaims, { expiresIn: CHALLENGE_TTL_SECONDS });
  }

  /** The login a challenge names, when it is genuine, unexpired and for this step; else 401. */
  async verify(challenge: string, next: SecondStep): Promise<number> {
    let claims: Partial<ChallengeClaims> & { sid?: unknown };
    try {
      claims = await this.jwt.verifyAsync(challenge);
    } catch {
      throw new UnauthorizedException('The sign-in has expired: give your e-mail and password again');
    }
    if (typeof claims.tfa !== 'number' || claims.next !== next || claims.sid !== undefined) {
      throw new UnauthorizedException('The sign-in has expired: give your e-mail and password again');
    }
    return claims.tfa;
  }
}
