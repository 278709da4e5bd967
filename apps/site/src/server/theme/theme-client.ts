import type { ThemeResponse } from '@cms/contracts';
import { createApiClient, type ApiClientOptions } from '../http/api-client';
import { DEFAULT_THEME, sanitizeTheme } from './site-theme';

interface ThemeClient {
  /** The site's colours, or the defaults when the API is slow, down or answers nonsense. */
  current(): Promise<ThemeResponse>;
}

type ThemeClientOptions = ApiClientOptions;

/** Reads GET /api/theme over HTTP, so the renderer works the same beside the API or on its own. */
export function createThemeClient(options: ThemeClientOptions): ThemeClient {
  const api = createApiClient(options, 1000);
  const url = api.url('/api/theme');
  let inFlight: Promise<ThemeResponse> | null = null;

  const load = async (): Promise<ThemeResponse> => {
    try {
      return sanitizeTheme(await api.getJson(url));
    } catch (error) {
      api.report(error, `Site theme unavailable, using the default colours (${url})`);
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
