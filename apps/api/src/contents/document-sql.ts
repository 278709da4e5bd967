/**
 * How a read takes a content's fields from the content_document read model, for the contents list,
 * the single read and the page read alike: the locale's own document has them (its values over
 * en's, and the names taken from en, computed when it was written: migration
 * ContentDocumentMerged), else en's. `documentJoins` joins the locale's own document as `own` for
 * the content id and locale given as SQL expressions; `fieldsSql` selects "fieldsJson" (JSON text,
 * '{}' when there is none) and "fallbackFields" from it, reading en's document only when the
 * locale has none (COALESCE runs the subquery only then): a read in fr, tr, es or it reads one
 * document per content, not two, and a list window touches half the pages it did.
 */
export const documentJoins = (id: string, lang: string) =>
  `LEFT JOIN content_document own ON own."contentId" = ${id} AND own.lang = ${lang} AND ${lang} <> 'en'`;

const enDocument = (id: string, column: string) => `(SELECT en.${column} FROM content_document en WHERE en."contentId" = ${id} AND en.lang = 'en')`;

export const fieldsSql = (id: string, lang: string) => `coalesce(own.json, ${enDocument(id, 'json')}, '{}') AS "fieldsJson",
        CASE WHEN ${lang} = 'en' THEN '{}'::text[] ELSE coalesce(own.fallback, ${enDocument(id, 'fallback')}, '{}'::text[]) END AS "fallbackFields"`;
