import type { SiteLogger } from '../site-logger';

/** How the site's readers of the API (pages, settings, theme) reach it. */
export interface ApiClientOptions {
  apiOrigin: string;
  logger: SiteLogger;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** A failing API is reported at most once in this period, not once per page. */
  logEveryMs?: number;
  now?: () => number;
}

interface ApiClient {
  /** The absolute URL of an API path. */
  url(path: string): string;
  /**
   * GET with `accept: application/json` and the client's timeout; rejects on a network failure or
   * timeout. Redirects are not followed: a 301/302 is answered as it came (its Location is for the
   * visitor, whom the site sends there).
   */
  get(url: string): Promise<Response>;
  /** GET answered 2xx, as parsed JSON; rejects otherwise. */
  getJson(url: string): Promise<unknown>;
  /** Logs a failure, at most once per `logEveryMs`. */
  report(error: unknown, message: string): void;
  now(): number;
}

export function createApiClient(options: ApiClientOptions, defaultTimeoutMs: number): ApiClient {
  const { apiOrigin, logger, timeoutMs = defaultTimeoutMs, logEveryMs = 60_000, now = Date.now } = options;
  const fetchImpl = options.fetch ?? fetch;
  let lastReport = Number.NEGATIVE_INFINITY;
  const get = (url: string) => fetchImpl(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  return {
    url: (path) => new URL(path, apiOrigin).href,
    get,
    async getJson(url) {
      const response = await get(url);
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`GET ${url} answered ${response.status}`);
      }
      return response.json();
    },
    report(error, message) {
      if (now() - lastReport < logEveryMs) return;
      lastReport = now();
      logger.error(error, message);
    },
    now,
  };
}
