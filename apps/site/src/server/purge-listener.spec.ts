import type { RevalidationEvent } from '@cms/contracts';
import pg from 'pg';
import { listenForPurges } from './purge-listener';

// NOTIFY needs a PostgreSQL server: the CI run with DATABASE_URL.
const onServer = process.env.DATABASE_URL ? describe : describe.skip;

onServer('purge listener of a standalone site', () => {
  const databaseUrl = process.env.DATABASE_URL!;

  it('hands over the purges the API publishes, and nothing else', async () => {
    const received: RevalidationEvent[] = [];
    const logs: string[] = [];
    const listener = listenForPurges({ databaseUrl, onPurge: (event) => received.push(event), log: (_level, msg) => logs.push(msg) });
    const publisher = new pg.Client({ connectionString: databaseUrl });
    await publisher.connect();
    try {
      for (let i = 0; i < 100 && !logs.includes('Listening for page purges'); i++) await new Promise((r) => setTimeout(r, 20));
      const notify = (topic: string, payload: unknown) =>
        publisher.query('SELECT pg_notify($1, $2)', ['cms_instance_events', JSON.stringify({ origin: 'api', topic, payload })]);
      await notify('auth-changed', {});
      await notify('revalidate', { scope: 'paths', paths: ['/news/first'], locales: ['fr'] });
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([{ scope: 'paths', paths: ['/news/first'], locales: ['fr'] }]);
    } finally {
      await publisher.end();
      await listener.stop();
    }
  });
});

describe('purge listener without a server', () => {
  it('says why it cannot connect and keeps trying', async () => {
    const logs: string[] = [];
    const listener = listenForPurges({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      onPurge: () => undefined,
      log: (_level, msg) => logs.push(msg),
      retryMs: 50,
    });
    for (let i = 0; i < 100 && logs.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await listener.stop();
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs[0]).toMatch(/could not connect/);
  });
});
