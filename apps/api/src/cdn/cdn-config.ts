/** The CDN_* variables as EnvironmentVariables (config/app-config.ts) validated them, one by one. */
export interface CdnEnvironment {
  CDN_MAX_AGE?: string;
  CDN_STALE?: string;
  CDN_PURGE?: string;
  CDN_PURGE_URL?: string;
  CDN_PURGE_METHOD?: string;
  CDN_PURGE_BODY?: string;
  CDN_PURGE_HEADERS?: string;
  CDN_PURGE_BATCH?: number;
  CDN_PURGE_RETRY_MS?: number;
  CDN_PURGE_REPEAT_MS?: number;
}

/**
 * Where purges go: a Varnish (or any cache that takes the VCL's `X-Purge-Keys`), or a CDN's HTTP
 * purge API described by templates. `{keys}` (space-separated), `{keys_csv}` and `{keys_json}`
 * (a JSON array) in the URL, body and header values are replaced by the batch's keys.
 */
export type CdnPurgeTarget =
  | { kind: 'varnish'; url: string; method: string; headers: Record<string, string> }
  | { kind: 'http'; url: string; method: string; body?: string; headers: Record<string, string> };

export interface CdnConfig {
  /** `s-maxage` of anonymous public pages, in seconds (CDN_MAX_AGE); null keeps `no-cache` (the default). */
  maxAge: number | null;
  /** `stale-while-revalidate`, in seconds (CDN_STALE, default 60). */
  stale: number;
  /** Null: no purge is sent (CDN_PURGE=none, the default). */
  purge: CdnPurgeTarget | null;
  /** Most keys in one purge request (CDN_PURGE_BATCH; 30 for an HTTP API, 200 for Varnish). */
  batch: number;
  /** The first retry's wait, doubling at each of the next ones (CDN_PURGE_RETRY_MS, default 1000). */
  retryMs: number;
  /**
   * The same keys are purged again this long after the first purge (CDN_PURGE_REPEAT_MS, default
   * 2000; 0: once only): a page the shared cache was fetching while the write committed, or that
   * an instance rendered before it heard the purge, is not kept for CDN_MAX_AGE.
   */
  repeatMs: number;
}

export const CDN_OFF: CdnConfig = { maxAge: null, stale: 60, purge: null, batch: 30, retryMs: 1000, repeatMs: 2000 };

const VARNISH_METHODS = ['BAN', 'PURGE'];

function headersOf(text: string | undefined): Record<string, string> | string {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'CDN_PURGE_HEADERS must be a JSON object such as {"Authorization":"Bearer …"}';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'CDN_PURGE_HEADERS must be a JSON object of header names to values';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || typeof value !== 'string' || /[\r\n]/.test(value))
      return `CDN_PURGE_HEADERS: "${name.slice(0, 60)}" must be a header name with a one-line string value`;
    headers[name] = value;
  }
  return headers;
}

/** The CDN settings, or the message naming what is wrong. */
export function cdnConfigOf(raw: CdnEnvironment, seconds: (duration: string) => number): CdnConfig | string {
  const maxAge = raw.CDN_MAX_AGE === undefined || raw.CDN_MAX_AGE === '' ? null : seconds(raw.CDN_MAX_AGE);
  if (maxAge === 0) return 'CDN_MAX_AGE must be at least one second (leave it unset to keep pages out of shared caches)';
  if (raw.CDN_STALE && maxAge === null) return 'CDN_STALE: set CDN_MAX_AGE too (it only applies to pages shared caches keep)';
  const stale = raw.CDN_STALE ? seconds(raw.CDN_STALE) : CDN_OFF.stale;
  const kind = raw.CDN_PURGE ?? 'none';
  const purgeVars = [
    'CDN_PURGE_URL',
    'CDN_PURGE_METHOD',
    'CDN_PURGE_BODY',
    'CDN_PURGE_HEADERS',
    'CDN_PURGE_BATCH',
    'CDN_PURGE_RETRY_MS',
    'CDN_PURGE_REPEAT_MS',
  ] as const;
  if (kind === 'none') {
    const stray = purgeVars.filter((name) => raw[name] !== undefined && raw[name] !== '');
    if (stray.length) return `CDN_PURGE must be "varnish" or "http" when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`;
    return { ...CDN_OFF, maxAge, stale };
  }
  if (!raw.CDN_PURGE_URL) return `CDN_PURGE_URL must be set when CDN_PURGE is "${kind}"`;
  const headers = headersOf(raw.CDN_PURGE_HEADERS);
  if (typeof headers === 'string') return headers;
  const retryMs = raw.CDN_PURGE_RETRY_MS ?? CDN_OFF.retryMs;
  const repeatMs = raw.CDN_PURGE_REPEAT_MS ?? CDN_OFF.repeatMs;
  if (kind === 'varnish') {
    const method = raw.CDN_PURGE_METHOD ?? 'PURGE';
    if (!VARNISH_METHODS.includes(method)) return 'CDN_PURGE_METHOD must be BAN or PURGE when CDN_PURGE is "varnish"';
    if (raw.CDN_PURGE_BODY) return 'CDN_PURGE_BODY applies to CDN_PURGE=http only (Varnish reads the keys from X-Purge-Keys)';
    return { maxAge, stale, purge: { kind, url: raw.CDN_PURGE_URL, method, headers }, batch: raw.CDN_PURGE_BATCH ?? 200, retryMs, repeatMs };
  }
  return {
    maxAge,
    stale,
    purge: { kind: 'http', url: raw.CDN_PURGE_URL, method: raw.CDN_PURGE_METHOD ?? 'POST', body: raw.CDN_PURGE_BODY || undefined, headers },
    batch: raw.CDN_PURGE_BATCH ?? 30,
    retryMs,
    repeatMs,
  };
}
