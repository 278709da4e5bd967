import { createApiClient, type ApiClientOptions } from '../http/api-client';
import { DEFAULT_SETTINGS, sanitizeSettings, type SiteSettings } from './site-settings';

interface SettingsClient {
  /** The site's settings: kept until `forget()` (every purge), or the defaults while the API cannot say. */
  current(): Promise<SiteSettings>;
  /** A settings change purges every page: the next render reads them again. */
  forget(): void;
}

interface SettingsClientOptions extends ApiClientOptions {
  /** A safety net, like the page cache's: kept settings are read again after this long. */
  ttlMs?: number;
}

/**
 * Reads GET /api/settings/public over HTTP and keeps the answer: a page render costs no extra
 * call. Every change of a setting that pages show emits a purge of all pages, on every instance;
 * the site handler calls `forget()` on each, so the next render has the new settings at once.
 */
export function createSettingsClient(options: SettingsClientOptions): SettingsClient {
  const { ttlMs = 5 * 60 * 1000 } = options;
  const api = createApiClient(options, 1000);
  const now = api.now;
  const url = api.url('/api/settings/public');
  let kept: { settings: SiteSettings; expires: number } | null = null;
  let inFlight: { epoch: number; loading: Promise<SiteSettings> } | null = null;
  let epoch = 0;

  const load = async (startedAt: number): Promise<SiteSettings> => {
    try {
      const settings = sanitizeSettings(await api.getJson(url));
      // Settings read before a purge may be the old ones: used for this render, not kept.
      if (startedAt === epoch) kept = { settings, expires: now() + ttlMs };
      return settings;
    } catch (error) {
      api.report(error, `Site settings unavailable, using the defaults (${url})`);
      return DEFAULT_SETTINGS;
    }
  };

  return {
    current() {
      if (kept && kept.expires > now()) return Promise.resolve(kept.settings);
      if (!inFlight || inFlight.epoch !== epoch) {
        const flight = { epoch, loading: load(epoch) };
        inFlight = flight;
        void flight.loading.finally(() => {
          if (inFlight === flight) inFlight = null;
        });
      }
      return inFlight.loading;
    },
    forget() {
      epoch += 1;
      kept = null;
    },
  };
}
