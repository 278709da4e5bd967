import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect as connectRaw } from 'node:net';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/database/database';
import { embeddedDatabasePassword, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/database/embedded-postgres';

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
}

// Any local process (another user's, a browser page doing DNS rebinding to 127.0.0.1, a compromised
// tool) could reach the embedded database's port and sign in as postgres/postgres: it held every
// password hash and session of the CMS.
describe('embedded database credentials', () => {
  let embedded: EmbeddedPostgres;
  const password = embeddedDatabasePassword(undefined);

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres({ password, maxConnections: 2 });
  });
  afterAll(() => embedded.stop());

  it('listens on the loopback interface only', () => {
    expect(new URL(embedded.url).hostname).toBe('127.0.0.1');
  });

  it('keeps pglite-socket, which lets any password in, on a Unix socket in directories only their user can enter', () => {
    const modes: number[] = [];
    for (const name of fs.readdirSync(os.tmpdir()).filter((entry) => entry.startsWith('cms-pglite-'))) {
      try {
        const stat = fs.statSync(path.join(os.tmpdir(), name));
        modes.push(stat.mode & 0o777);
        expect(stat.uid).toBe(process.getuid?.());
      } catch (error) {
        // Another test process's database, closed meanwhile.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.every((mode) => mode === 0o700)).toBe(true);
  });

  it.each([
    ['postgres/postgres', 'postgres', 'postgres'],
    ['the right user and a wrong password', 'cms', 'wrong-password'],
    ['an empty password', 'postgres', ''],
  ])('refuses %s', async (_label, user, attempt) => {
    await expect(connect(withCredentials(embedded.url, user, attempt))).rejects.toThrow(
      /password authentication failed|password must be a non-empty string|SASL/,
    );
  });

  it('lets in the holder of the generated password, and the connection works', async () => {
    const client = await connect(embedded.url);
    try {
      expect((await client.query('SELECT 40 + 2 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await client.end();
    }
  });

  it('keeps serving the signed-in connection while strangers knock', async () => {
    const client = await connect(embedded.url);
    try {
      await Promise.all([1, 2, 3].map(() => expect(connect(withCredentials(embedded.url, 'postgres', 'postgres'))).rejects.toThrow()));
      await client.query('BEGIN');
      await client.query('CREATE TABLE knock (n int)');
      await client.query('INSERT INTO knock VALUES (1)');
      await client.query('COMMIT');
      expect((await client.query('SELECT count(*)::int AS n FROM knock')).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('closes a connection that sends garbage instead of a startup message, and keeps serving', async () => {
    const { hostname, port } = new URL(embedded.url);
    const closed = await new Promise<string>((resolve, reject) => {
      const socket = connectRaw(Number(port), hostname, () => {
        const junk = Buffer.alloc(8);
        junk.writeInt32BE(0x7fffffff, 0);
        socket.write(junk);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
    });
    expect(closed.startsWith('E')).toBe(true);
    const client = await connect(embedded.url);
    await client.end();
  });

  describe('under DATA_DIR', () => {
    let dataDir: string;
    let database: Database | undefined;

    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-embedded-'));
    });
    afterAll(async () => {
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('generates the password once, keeps it readable by its owner only, and uses it again', async () => {
      database = await openDatabase({ dataDir, databasePoolSize: 1 });
      const file = path.join(dataDir, 'pg-password');
      const kept = fs.readFileSync(file, 'utf8').trim();
      expect(kept.length).toBeGreaterThanOrEqual(32);
      expect(kept).not.toBe('postgres');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(database.description).not.toContain(kept);
      expect(embeddedDatabasePassword(file)).toBe(kept);
      await database.close();
      database = await openDatabase({ dataDir, databasePoolSize: 1 });
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(kept);
      expect((await database.dataSource.query('SELECT 1 AS one'))[0].one).toBe(1);
    });
  });
});
