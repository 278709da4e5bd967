import { DEFAULT_LANG, isLang, type Lang } from '@cms/contracts';
import type { EntityManager } from 'typeorm';
import { normalizeEmail } from '../auth/normalize-email';
import type { SettingsService } from '../settings/settings.service';

/**
 * The language of a mail: the first of `choices` that is one of ours (a mail to a user passes
 * their stored language first), else the site's default language, else English.
 */
export async function mailLanguage(settings: SettingsService, choices: readonly (string | null | undefined)[], manager: EntityManager): Promise<Lang> {
  const chosen = choices.find(isLang);
  if (chosen) return chosen;
  const fallback = await settings.value('defaultLocale', manager);
  return isLang(fallback) ? fallback : DEFAULT_LANG;
}

/** The interface language chosen by the account that signs in with `email`; null without such an account or choice. */
export async function accountLanguage(manager: EntityManager, email: string): Promise<string | null> {
  const rows: { language: string | null }[] = await manager.query(`SELECT u."language" FROM "login" l JOIN "user" u ON u.id = l."userId" WHERE l.email = $1`, [
    normalizeEmail(email),
  ]);
  return rows[0]?.language ?? null;
}
