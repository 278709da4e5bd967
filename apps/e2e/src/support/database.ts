import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * A database of its own for one test run, created on the server DATABASE_URL points at (CI gives
 * a PostgreSQL server), so runs never see each other's data.
 */
export async function createRunDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `cms_e2e_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropRunDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^cms_e2e_[0-9a-f]+$/.test(name)) throw new Error(`Refusing to drop ${name}: not a database of the e2e runs`);
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
