import { DEFAULT_LANG, type Lang } from '@cms/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { mailLanguage } from '../mail/mail-language';
import { SettingsService } from '../settings/settings.service';

/** A secret for a one-time link (256 random bits) and the digest that is stored instead of it. */
export function newLinkSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkSecret(token) };
}

export function hashLinkSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * What account mails need to know: the address links point at and the words to use. Links name
 * PUBLIC_URL, else the address the server listens on: never the Host header of the request,
 * which whoever asks for a reset link would choose (and so receive the victim's link).
 */
@Injectable()
export class AccountLinks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  origin(): string {
    return this.config.publicUrl ?? `http://localhost:${this.config.port}`;
  }

  link(path: string, token: string): string {
    return `${this.origin()}${path}?token=${encodeURIComponent(token)}`;
  }

  /** The language of an account mail: see mailLanguage. */
  language(choices: readonly (string | null | undefined)[], manager: EntityManager): Promise<Lang> {
    return mailLanguage(this.settings, choices, manager);
  }

  /** The site's name in `lang` (else in English), else the links' host. */
  async siteName(lang: Lang, manager: EntityManager): Promise<string> {
    const names = (await this.settings.value('siteName', manager)) as Partial<Record<Lang, string>> | undefined;
    return names?.[lang] || names?.[DEFAULT_LANG] || new URL(this.origin()).host;
  }
}
