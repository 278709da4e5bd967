import { Client } from 'pg';

/** Drops this run's template database on the server, if a test file made one (database-snapshots.ts). */
export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const run = process.env.CMS_TEST_RUN;
  if (!serverUrl || !run) return;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`cms_template_${run}_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
