import { INSTANCE_EVENTS_CHANNEL, revalidationOf, type RevalidationEvent } from '@cms/contracts';
import pg from 'pg';

interface PurgeListener {
  stop(): Promise<void>;
}

interface PurgeListenerOptions {
  /** The API's PostgreSQL (the same DATABASE_URL). */
  databaseUrl: string;
  onPurge(event: RevalidationEvent): void;
  log(level: 'info' | 'error', msg: string): void;
  /** Wait before connecting again after a failure (default 2 s). */
  retryMs?: number;
}

/**
 * A standalone site process hears the API's page purges by LISTENing on the channel the API
 * NOTIFYs (see InstanceEventsService in the API). Purges published while the connection was down
 * are lost, so once it is back the whole page cache is purged.
 */
export function listenForPurges(options: PurgeListenerOptions): PurgeListener {
  const retryMs = options.retryMs ?? 2000;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let connectedBefore = false;

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString: options.databaseUrl });
    client = current;
    current.on('notification', (message) => {
      if (message.channel !== INSTANCE_EVENTS_CHANNEL || !message.payload) return;
      const event = revalidationOf(message.payload);
      if (event) options.onPurge(event);
    });
    current.on('error', (error) => {
      options.log('error', `Purge listener lost its connection: ${error.message}`);
      void current.end().catch(() => undefined);
      scheduleRetry();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${INSTANCE_EVENTS_CHANNEL}`);
      if (stopped) return void (await current.end().catch(() => undefined));
      if (connectedBefore) options.onPurge({ scope: 'all' });
      connectedBefore = true;
      options.log('info', 'Listening for page purges');
    } catch (error) {
      options.log('error', `Purge listener could not connect: ${(error as Error).message}`);
      void current.end().catch(() => undefined);
      scheduleRetry();
    }
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
