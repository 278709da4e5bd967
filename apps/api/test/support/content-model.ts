import type { TestApp } from './test-app';

/** Factories for the content-model tests: everything through the API but media and forms, which are inserted as rows. */
export function contentModel(t: TestApp) {
  const as = (token = t.ownerToken) => ({
    post: (url: string, body: unknown) =>
      t.http
        .post(url)
        .set('token', token)
        .send(body as object),
    put: (url: string, body: unknown) =>
      t.http
        .put(url)
        .set('token', token)
        .send(body as object),
    get: (url: string) => t.http.get(url).set('token', token),
    delete: (url: string) => t.http.delete(url).set('token', token),
  });
  let counter = 0;
  return {
    as,
    async container(body: Record<string, unknown>, locale = 'en') {
      const res = await as().post(`/api/containers?locale=${locale}`, { title: `Container ${++counter}`, ...body });
      if (res.status !== 201) throw new Error(`container: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number; slugId: number | null; fields: { id: number; name: string }[] } & Record<string, unknown>;
    },
    async content(body: Record<string, unknown>, locale = 'en') {
      const res = await as().post(`/api/contents?locale=${locale}`, { title: `Content ${++counter}`, ...body });
      if (res.status !== 201) throw new Error(`content: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number; slugId: number | null; fields: Record<string, unknown> } & Record<string, unknown>;
    },
    async media(mimeType = 'image/png', alt: Record<string, string> = { en: 'An image' }) {
      const n = ++counter;
      const [row] = await t.dataSource.query(
        `INSERT INTO "media" (uri, "mimeType", name, size, alt, width, height) VALUES ($1, $2, $3, 10, $4, 640, 480) RETURNING id`,
        [`test/${n}-${Date.now()}.bin`, mimeType, `file-${n}`, JSON.stringify(alt)],
      );
      return row.id as number;
    },
    async form(fields: { name: string; lang: string; label: string; type?: string; options?: string[] }[] = [], status = 'AVAILABLE') {
      const [row] = await t.dataSource.query(`INSERT INTO "form" (title, status, "successMessage") VALUES ($1, $2, 'Thanks') RETURNING id`, [
        `Form ${++counter}`,
        status,
      ]);
      for (const [position, field] of fields.entries()) {
        await t.dataSource.query(`INSERT INTO "form_field" ("formId", name, type, label, lang, position, options) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          row.id,
          field.name,
          field.type ?? 'TEXT',
          field.label,
          field.lang,
          position,
          field.options ? JSON.stringify(field.options) : null,
        ]);
      }
      return row.id as number;
    },
    async setting(name: string, value: unknown) {
      await t.dataSource.query(`INSERT INTO "setting" (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`, [
        name,
        JSON.stringify(value),
      ]);
    },
  };
}

const WEBHOOK_WORKER_SQL = /^(WITH due AS|UPDATE "webhook_delivery"|DELETE FROM "webhook_delivery")/;

/** Counts the SQL statements the app sends while `run` runs (every query goes through the DataSource's logger). */
export async function countQueries<T>(t: TestApp, run: () => Promise<T>): Promise<{ result: T; count: number; queries: string[] }> {
  const logger = t.dataSource.logger;
  const queries: string[] = [];
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (query, parameters, queryRunner) => {
    // The webhook worker's claims and records run on its own timer, not in the request measured.
    if (!/^(START TRANSACTION|COMMIT|ROLLBACK)/i.test(query) && !WEBHOOK_WORKER_SQL.test(query)) queries.push(query);
    return original(query, parameters, queryRunner);
  };
  try {
    const result = await run();
    return { result, count: queries.length, queries };
  } finally {
    logger.logQuery = original;
  }
}

export const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
