import type { Lang } from './enums';

/** A text in some of the five locales: `{ en: 'Welcome', fr: 'Bienvenue' }`. */
export type LocalizedText = Partial<Record<Lang, string>>;

/** The settings the product knows, by name, with the type of their value (checked by the API). */
export interface KnownSettings {
  /** Name of the site per locale (at most 200 characters each). */
  siteName: LocalizedText;
  /** `#RRGGBB`; GET /api/theme answers it (default #26D17D). */
  primaryColor: string;
  /** `#RRGGBB`; GET /api/theme answers it (default #FFFFFF). */
  backgroundColor: string;
  /** One of en, fr, tr, es, it. */
  defaultLocale: Lang;
  /** Text of the cookie banner per locale (at most 5,000 characters each). */
  cookieConsentText: LocalizedText;
  /** The From address of the form e-mails (else the server's MAIL_FROM). */
  smtpSender: string;
  /** Named lists of choices, read by ZOHOOPTIONS fields: `{ "countries": ["France", "Italy"] }`. */
  optionLists: Record<string, string[]>;
  /** The image media the public site shows as its logo in the header; null for none (LOGO_SETTING_NAME). */
  logoMediaId: number | null;
  /** The image media served as /favicon.ico; null for the default one (FAVICON_SETTING_NAME). */
  faviconMediaId: number | null;
}

export type KnownSettingName = keyof KnownSettings;

export const KNOWN_SETTING_NAMES: readonly KnownSettingName[] = [
  'siteName',
  'primaryColor',
  'backgroundColor',
  'defaultLocale',
  'cookieConsentText',
  'smtpSender',
  'optionLists',
  'logoMediaId',
  'faviconMediaId',
];

/** Known settings whose value may be null (none): the image ones. Any other setting is cleared by deleting it. */
export const NULLABLE_SETTING_NAMES: readonly KnownSettingName[] = ['logoMediaId', 'faviconMediaId'];

/** Settings that change what public pages show: writing one purges every cached page. */
export const PAGE_SETTING_NAMES: readonly KnownSettingName[] = [
  'siteName',
  'primaryColor',
  'backgroundColor',
  'defaultLocale',
  'cookieConsentText',
  'optionLists',
  'logoMediaId',
];

/** Names of settings, known or free: a letter, then letters, digits, `_`, `.` or `-` (at most 100). */
export const SETTING_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

/** Most bytes a setting's value may take, as JSON. */
export const SETTING_VALUE_MAX_BYTES = 64 * 1024;

/** A setting: a known one (see KnownSettings) or a free one holding any JSON. */
export interface SettingDto {
  id: number;
  name: string;
  value: unknown;
  updatedAt: string;
}

/** POST /api/settings */
export interface CreateSettingRequest {
  name: string;
  value: unknown;
}

/** PUT /api/settings/:id (the name may change) and PUT /api/settings/by-name/:name (value only). */
export interface UpdateSettingRequest {
  name?: string;
  value: unknown;
}

/** The site's logo: the image media the setting `logoMediaId` names. */
export interface PublicLogo {
  uri: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  /** The media's alt texts per locale. */
  alt: LocalizedText;
}

/** GET /api/settings/public: what public pages show, with defaults where unset. */
export interface PublicSettings {
  siteName: LocalizedText;
  defaultLocale: Lang;
  cookieConsentText: LocalizedText;
  primaryColor: string;
  backgroundColor: string;
  /** Null when the setting `logoMediaId` is unset or names no image. */
  logo: PublicLogo | null;
}

/** Most bytes a configurator's `data` may take, as JSON. */
export const CONFIGURATOR_DATA_MAX_BYTES = 256 * 1024;

/** GET /api/configurators (super-admin only): a stored JSON document. */
export interface ConfiguratorDto {
  id: number;
  data: Record<string, unknown>;
}

/** POST /api/configurators and PUT /api/configurators/:id */
export interface ConfiguratorRequest {
  data: Record<string, unknown>;
}

/** The name of an option list (setting `optionLists`), as ZOHOOPTIONS fields refer to it. */
export const OPTION_LIST_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
