import { DEFAULT_LANG, LANGS, type Lang } from '@cms/contracts';
import type { UpdateContentDto } from './dto/content.dto';

/** What a draft changes in every locale at once: the content's row and its page's slug (en's segment, its parent) and accesses. */
const SHARED_KEYS = ['title', 'status', 'slug', 'parentSlugId', 'accesses', 'clearAccesses'] as const;
/**
 * What a draft changes in one locale: field values (merged name by name), the PAGE sections and the
 * metadata (each replaced whole), and in a locale other than en its own slug segment.
 */
const LOCALE_KEYS = ['fields', 'sections', 'metadata', 'slug'] as const;

type SharedChanges = Pick<UpdateContentDto, (typeof SHARED_KEYS)[number]>;
type LocaleChanges = Pick<UpdateContentDto, (typeof LOCALE_KEYS)[number]>;

/**
 * A content's working draft (content_draft.changes): the PUT bodies saved since the live version,
 * merged. Publishing replays them, through the same checks and writes as a PUT without drafts, on
 * the live rows: `shared` with en's changes first, then each other locale's.
 */
export interface DraftChanges {
  shared: SharedChanges;
  locales: Partial<Record<Lang, LocaleChanges>>;
}

export const NO_CHANGES: DraftChanges = { shared: {}, locales: {} };

const pick = <K extends keyof UpdateContentDto>(dto: UpdateContentDto, keys: readonly K[]): Pick<UpdateContentDto, K> => {
  const picked: Partial<Pick<UpdateContentDto, K>> = {};
  for (const key of keys) if (dto[key] !== undefined) picked[key] = dto[key];
  return picked as Pick<UpdateContentDto, K>;
};

/** The draft after a PUT of `dto` in `lang`: what it names replaces what the draft held (fields name by name). */
export function mergeDraft(draft: DraftChanges, dto: UpdateContentDto, lang: Lang): DraftChanges {
  // en's slug is the page's (shared); another locale's is that locale's own segment.
  const local = lang !== DEFAULT_LANG;
  const shared = { ...draft.shared, ...pick(dto, local ? SHARED_KEYS.filter((key) => key !== 'slug') : SHARED_KEYS) };
  const before = draft.locales[lang] ?? {};
  const given = pick(dto, local ? LOCALE_KEYS : LOCALE_KEYS.filter((key) => key !== 'slug'));
  const locale: LocaleChanges = { ...before, ...given };
  if (before.fields && given.fields) locale.fields = { ...before.fields, ...given.fields };
  const locales = { ...draft.locales };
  if (Object.keys(locale).length > 0) locales[lang] = locale;
  return { shared, locales };
}

/** The locales a draft changes (en first when it does), and en when it changes only what all locales share. */
export function draftLocales(draft: DraftChanges): Lang[] {
  const named = LANGS.filter((lang) => draft.locales[lang] !== undefined);
  if (Object.keys(draft.shared).length > 0 && !named.includes(DEFAULT_LANG)) named.unshift(DEFAULT_LANG);
  return named;
}

/**
 * The PUTs that make the draft live, in order: en's with the shared changes first, then each other
 * locale's; with `only`, that locale's changes alone (the shared ones wait for a publish of all).
 */
export function draftWrites(draft: DraftChanges, only?: Lang): { lang: Lang; dto: UpdateContentDto }[] {
  if (only !== undefined) return draft.locales[only] ? [{ lang: only, dto: { ...draft.locales[only] } as UpdateContentDto }] : [];
  return draftLocales(draft).map((lang) => ({
    lang,
    dto: { ...(lang === DEFAULT_LANG ? draft.shared : {}), ...(draft.locales[lang] ?? {}) } as UpdateContentDto,
  }));
}

/** What remains of the draft once `only` (or every locale) is live. */
export function afterPublishing(draft: DraftChanges, only?: Lang): DraftChanges | null {
  if (only === undefined) return null;
  const locales = { ...draft.locales };
  delete locales[only];
  const rest = { shared: draft.shared, locales };
  return draftLocales(rest).length > 0 ? rest : null;
}

/** Reads a stored draft back (JSON written by mergeDraft), refusing what is not one. */
export function parseDraft(stored: unknown): DraftChanges {
  if (!stored || typeof stored !== 'object') return NO_CHANGES;
  const { shared, locales } = stored as Partial<DraftChanges>;
  return { shared: shared && typeof shared === 'object' ? shared : {}, locales: locales && typeof locales === 'object' ? locales : {} };
}
