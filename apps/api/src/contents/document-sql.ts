/**
 * How a read takes a content's fields from the content_document read model, for the contents list,
 * the single read and the page read alike: the locale's own document has them (its values over
 * en's, and the names taken from en, computed when it was written: migration
 * ContentDocumentMerged), else en's. `documentJoins` joins both documents as `own` and `en` for
 * the content id and locale given as SQL expressions; `fieldsSql` selects "fieldsJson" (JSON
 * text, '{}' when there is none) and "fallbackFields" from them.
 */
export const documentJoins = (id: string, lang: string) => `LEFT JOIN content_document en ON en."contentId" = ${id} AND en.lang = 'en'
      LEFT JOIN content_document own ON own."contentId" = ${id} AND own.lang = ${lang} AND ${lang} <> 'en'`;

export const fieldsSql = (lang: string) => `coalesce(own.json, en.json, '{}') AS "fieldsJson",
        CASE WHEN ${lang} = 'en' THEN '{}'::text[] ELSE coalesce(own.fallback, en.fallback, '{}'::text[]) END AS "fallbackFields"`;
