import type { ThemeResponse } from '@cms/contracts';
import type { SiteLogger } from '../site-logger';
import { DEFAULT_THEME, sanitizeTheme } from './site-theme';

export interface ThemeClient {
  /** The site's colours, or the defaults when the API is slow, down or answers nonsense. */
  current(): Promise<ThemeResponse>;
}

export interface ThemeClientOptions {
  apiOrigin: string;
  logger: SiteLogger;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** A failing API is reported at most once in this period, not once per page. */
  logEveryMs?: number;
  now?: () => number;
}

/** Reads GET /api/theme over HTTP, so the renderer works the same beside the API or on its own. */
export function createThemeClient(options: ThemeClientOptions): ThemeClient {
  const { apiOrigin, logger, timeoutMs = 1000, logEveryMs = 60_000, now = Date.now } = options;
  const fetchImpl = options.fetch ?? fetch;
  const url = new URL('/api/theme', apiOrigin).href;
  let lastReport = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<ThemeResponse> | null = null;

  const load = async (): Promise<ThemeResponse> => {
    try {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return sanitizeTheme(await response.json());
    } catch (error) {
      if (now() - lastReport >= logEveryMs) {
        lastReport = now();
        logger.error(error, `Site theme unavailable, using the default colours (${url})`);
      }
      return DEFAULT_THEME;
    }
  };

  return {
    // Pages requested together share one call.
    current() {
      inFlight ??= load().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
