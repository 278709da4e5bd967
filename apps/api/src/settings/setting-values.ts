import {
  COLOR_PATTERN,
  isLang,
  KNOWN_SETTING_NAMES,
  type KnownSettingName,
  type KnownSettings,
  LANGS,
  isRecordId,
  NULLABLE_SETTING_NAMES,
  OPTION_LIST_KEY_PATTERN,
  SETTING_VALUE_MAX_BYTES,
} from '@cms/contracts';
import { BadRequestException } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { unstorableJsonReason } from './storable-json';

const OPTION_LIST_KEY = OPTION_LIST_KEY_PATTERN;
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isKnownSetting(name: string): name is KnownSettingName {
  return (KNOWN_SETTING_NAMES as readonly string[]).includes(name);
}

function localized(value: unknown, maxLength: number): string | null {
  if (!isPlainObject(value)) return 'must be an object with a text per locale, e.g. {"en":"…","fr":"…"}';
  for (const [lang, text] of Object.entries(value)) {
    if (!isLang(lang)) return `has the key "${lang.slice(0, 20)}": use ${LANGS.join(', ')}`;
    if (typeof text !== 'string') return `must hold a text for "${lang}"`;
    if (text.length > maxLength) return `must hold at most ${maxLength} characters for "${lang}"`;
  }
  return null;
}

/** Checks a known setting's value and answers it normalised; the reason it is wrong otherwise. */
const KNOWN: { [N in KnownSettingName]: (value: unknown) => { value: KnownSettings[N] } | { error: string } } = {
  siteName: (value) => {
    const error = localized(value, 200);
    return error ? { error } : { value: value as KnownSettings['siteName'] };
  },
  cookieConsentText: (value) => {
    const error = localized(value, 5000);
    return error ? { error } : { value: value as KnownSettings['cookieConsentText'] };
  },
  primaryColor: (value) =>
    typeof value === 'string' && COLOR_PATTERN.test(value) ? { value: value.toUpperCase() } : { error: 'must be a colour written #RRGGBB' },
  backgroundColor: (value) =>
    typeof value === 'string' && COLOR_PATTERN.test(value) ? { value: value.toUpperCase() } : { error: 'must be a colour written #RRGGBB' },
  defaultLocale: (value) => (isLang(value) ? { value } : { error: `must be one of ${LANGS.join(', ')}` }),
  smtpSender: (value) =>
    typeof value === 'string' && value.length <= 254 && !/[\r\n]/.test(value) && isEmail(value.trim())
      ? { value: value.trim() }
      : { error: 'must be an e-mail address' },
  optionLists: (value) => {
    if (!isPlainObject(value)) return { error: 'must be an object of lists, e.g. {"countries":["France","Italy"]}' };
    const entries = Object.entries(value);
    if (entries.length > 200) return { error: 'must hold at most 200 lists' };
    for (const [key, list] of entries) {
      if (!OPTION_LIST_KEY.test(key)) return { error: `has the key "${key.slice(0, 40)}": use letters, digits, _ . - (at most 100)` };
      if (!Array.isArray(list) || list.length > 1000 || !list.every((item) => typeof item === 'string' && item.length <= 200)) {
        return { error: `must hold, under "${key}", a list of at most 1000 texts of at most 200 characters` };
      }
    }
    return { value: value as KnownSettings['optionLists'] };
  },
  logoMediaId: (value) => imageMediaId(value),
  faviconMediaId: (value) => imageMediaId(value),
};

/** An image media's id, or null for none (the service checks that the media is an image). */
function imageMediaId(value: unknown): { value: number | null } | { error: string } {
  if (value === null) return { value: null };
  return isRecordId(value) ? { value } : { error: 'must be the id of an image media, or null for none' };
}

/**
 * Validates a setting's value: known names by their type (KnownSettings), any other name as free
 * JSON. Every value is size-limited. Throws a 400 whose `errors.value` says what is wrong.
 */
export function checkSettingValue(name: string, value: unknown): unknown {
  const fail = (reason: string) => new BadRequestException({ message: `The value of the setting "${name}" ${reason}`, errors: { value: [reason] } });
  const unstorable = unstorableJsonReason(value, SETTING_VALUE_MAX_BYTES);
  if (unstorable) throw fail(`cannot be stored: ${unstorable}`);
  if (value === null && !(NULLABLE_SETTING_NAMES as readonly string[]).includes(name))
    throw fail('is required (null is not a value: delete the setting instead)');
  if (!isKnownSetting(name)) return value;
  const result = KNOWN[name](value);
  if ('error' in result) throw fail(result.error);
  return result.value;
}
