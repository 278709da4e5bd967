import type { Me } from '@cms/contracts';
import { isUiLocale, type UiLocale } from '../i18n/locales';

/**
 * The language the back office takes once a user's profile is known: the one they stored (chosen
 * on another browser, or the screen they accepted their invitation on), but only while this
 * browser has none chosen in the user menu; a choice made here is never overridden.
 */
export function languageToAdopt(me: Pick<Me, 'language'> | null, chosenHere: unknown): UiLocale | null {
  if (isUiLocale(chosenHere)) return null;
  return me && isUiLocale(me.language) ? me.language : null;
}
