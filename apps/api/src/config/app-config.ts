import { defaultAllowedHosts, parseAllowedHosts } from '@cms/contracts';
import { plainToInstance, Transform } from 'class-transformer';
import { getMetadataStorage, IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import * as path from 'node:path';
import { parseTrustProxy, type TrustProxy } from '../common/http/trust-proxy';
import { cdnConfigOf, type CdnConfig } from '../cdn/cdn-config';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());

/** The environment variables the API reads, validated once at start-up. */
class EnvironmentVariables {
  @IsOptional()
  @IsString()
  NODE_ENV?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  HOST?: string;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_SIZE?: number;

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET?: string;

  @IsOptional()
  @Matches(/^\d+\s*(s|m|h|d)?$/, { message: 'SESSION_TTL must be a number of seconds or a duration such as 12h or 7d' })
  SESSION_TTL?: string;

  @IsOptional()
  @Matches(/^\d+\s*(s|m|h|d)?$/, { message: 'SESSION_IDLE must be a number of seconds or a duration such as 30m or 12h' })
  SESSION_IDLE?: string;

  @IsOptional()
  @IsEmail({}, { message: 'CMS_ADMIN_EMAIL must be an e-mail address' })
  CMS_ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'CMS_ADMIN_PASSWORD must be at least 8 characters long' })
  CMS_ADMIN_PASSWORD?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @IsOptional()
  @IsIn(['all', 'back-office', 'api'], { message: 'SERVE must be "all" (API, back office and site), "back-office" (API and back office) or "api"' })
  SERVE?: string;

  @IsOptional()
  @IsString()
  ADMIN_DIR?: string;

  @IsOptional()
  @IsString()
  SITE_DIR?: string;

  // The site is served from the root: a scheme, a host and maybe a port, nothing after.
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#@]+\/?$/i, { message: "PUBLIC_URL must be the site's address, such as https://www.example.com (no path)" })
  PUBLIC_URL?: string;

  @IsOptional()
  @IsString()
  ALLOWED_HOSTS?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(2048)
  UPLOAD_MAX_MB?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10_000)
  @Max(1_000_000_000)
  UPLOAD_MAX_PIXELS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'VERSIONS_KEPT must be a whole number' })
  @Min(1, { message: 'VERSIONS_KEPT must be at least 1' })
  @Max(10_000, { message: 'VERSIONS_KEPT must be at most 10000' })
  VERSIONS_KEPT?: number;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name (lower-case letters, digits, dots and dashes)' })
  S3_BUCKET?: string;

  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'S3_ENDPOINT must be an http:// or https:// URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^[a-z0-9-]{1,50}$/, { message: 'S3_REGION must be a region name such as us-east-1' })
  S3_REGION?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  S3_SECRET_ACCESS_KEY?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  S3_FORCE_PATH_STYLE?: boolean;

  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SIGNIN_MAX_FAILURES_PER_ACCOUNT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  SIGNIN_MAX_FAILURES_PER_IP?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR?: number;

  @IsOptional()
  @Matches(/^\d+\s*(s|m)?$/, { message: 'SIGNIN_BACKOFF_MAX must be a number of seconds or a duration such as 15s or 1m' })
  SIGNIN_BACKOFF_MAX?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  PASSWORD_RESET_MAX_PER_ACCOUNT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  PASSWORD_RESET_MAX_PER_IP?: number;

  @IsOptional()
  @Matches(/^\d+\s*(s|m|h|d)?$/, { message: 'INVITATION_TTL must be a number of seconds or a duration such as 7d or 48h' })
  INVITATION_TTL?: string;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @IsEmail({}, { message: 'MAIL_FROM must be an e-mail address' })
  MAIL_FROM?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  MAIL_MAX_ATTEMPTS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(86_400_000)
  MAIL_RETRY_BASE_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  MAIL_POLL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(5)
  @Max(86_400)
  MAIL_LEASE_SECONDS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  FORM_SUBMISSIONS_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'CMS_DEMO must be true or false' })
  CMS_DEMO?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE must be true or false' })
  WEBHOOK_ALLOW_PRIVATE?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'WEBHOOK_DELIVERY must be true or false' })
  WEBHOOK_DELIVERY?: boolean;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  WEBHOOK_POLL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS?: number;

  @IsOptional()
  @Matches(/^\d+\s*(s|m|h|d)?$/, { message: 'WEBHOOK_RETRY_FOR must be a number of seconds or a duration such as 1d or 12h' })
  WEBHOOK_RETRY_FOR?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  WEBHOOK_KEEP_DAYS?: number;

  // Behind a CDN (README "Behind a CDN"): shared caches keep public pages; purges go out on publish.
  @IsOptional()
  @Matches(/^\d+\s*(s|m|h|d)?$/, { message: 'CDN_MAX_AGE must be a number of seconds or a duration such as 5m or 1h' })
  CDN_MAX_AGE?: string;

  @IsOptional()
  @Matches(/^\d+\s*(s|m|h|d)?$/, { message: 'CDN_STALE must be a number of seconds or a duration such as 30s or 1m' })
  CDN_STALE?: string;

  @IsOptional()
  @IsIn(['none', 'varnish', 'http'], { message: 'CDN_PURGE must be "none", "varnish" (PURGE or BAN requests to CDN_PURGE_URL) or "http" (a CDN purge API)' })
  CDN_PURGE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'CDN_PURGE_URL must be an http(s) URL' })
  CDN_PURGE_URL?: string;

  @IsOptional()
  @Matches(/^[A-Z]{3,10}$/, { message: 'CDN_PURGE_METHOD must be an HTTP method in capitals, such as BAN, PURGE or POST' })
  CDN_PURGE_METHOD?: string;

  @IsOptional()
  @IsString()
  CDN_PURGE_BODY?: string;

  @IsOptional()
  @IsString()
  CDN_PURGE_HEADERS?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  CDN_PURGE_BATCH?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(600_000)
  CDN_PURGE_RETRY_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  CDN_PURGE_REPEAT_MS?: number;

  @IsOptional()
  @Matches(/^[\x21-\x7e]{16,256}$/, { message: 'METRICS_TOKEN must be 16 to 256 printable characters without spaces' })
  METRICS_TOKEN?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  jwtSecret?: string;
  sessionTtlSeconds: number;
  /** A session nobody used for this long ends (SESSION_IDLE). */
  sessionIdleSeconds: number;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  serve: 'all' | 'back-office' | 'api';
  adminDir: string;
  siteDir: string;
  /** The site's address (an origin) for canonical links, sitemap and robots.txt; never taken from a request's Host. */
  publicUrl?: string;
  /**
   * Without publicUrl, the Host values (`host` or `host:port`, lower case) whose requests get
   * absolute canonical, hreflang, Open Graph and sitemap links; any other Host gets none.
   */
  allowedHosts: string[];
  uploadMaxMb: number;
  /** Whether the first start on an empty database seeds the demo site (CMS_DEMO; default true, false when NODE_ENV=production). */
  demo: boolean;
  /** Largest raster image accepted, in pixels (all frames of an animation together). */
  uploadMaxPixels: number;
  /** Versions kept per record beside its published ones (VERSIONS_KEPT, default 50). */
  versionsKept: number;
  /** Where uploads live: DATA_DIR/uploads, or an S3-compatible bucket shared by every instance. */
  storage: StorageConfig;
  trustProxy: TrustProxy;
  /**
   * Hard limits per (account, address) and per address; per account from every address, password
   * checks an hour (maxChecksPerAccountHour, past which only addresses that signed in to it before
   * are checked), and each attempt past maxFailuresPerAccount waits longer (up to backoffMaxSeconds).
   */
  signIn: { maxFailuresPerAccount: number; maxFailuresPerIp: number; maxChecksPerAccountHour: number; windowSeconds: number; backoffMaxSeconds: number };
  /**
   * Accounts that look after themselves: reset-link requests allowed an hour per e-mail and per
   * client address, and how long an invitation's link works.
   */
  accounts: { resetMaxPerAccount: number; resetMaxPerIp: number; invitationTtlSeconds: number };
  /** Form e-mails: no smtpUrl means they wait in the outbox until one is configured. */
  mail: { smtpUrl?: string; from?: string; maxAttempts: number; retryBaseMs: number; pollMs: number; leaseSeconds: number };
  forms: { submissionsPerMinute: number };
  /**
   * Webhook deliveries: private addresses allowed (allowPrivate), whether this instance sends
   * them (deliver: false leaves them to the instances that do), how often the outbox is read,
   * the first retry's wait (doubling), how long a delivery is retried, each try's time limit, and
   * how long the delivery log is kept.
   */
  webhooks: { allowPrivate: boolean; deliver: boolean; pollMs: number; retryBaseMs: number; retryForSeconds: number; timeoutMs: number; keepDays: number };
  /** Shared caches in front (CDN_*): see cdn/cdn-config.ts. */
  cdn: CdnConfig;
  /** Opens /metrics to callers sending `Authorization: Bearer <token>`; without it, only to this host's own callers (METRICS_TOKEN). */
  metricsToken?: string;
}

export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };

export class ConfigError extends Error {}

/** S3 when S3_BUCKET is set (credentials in pairs, or the SDK's own chain when both are absent). */
function storageConfig(raw: EnvironmentVariables, dataDir: string): StorageConfig {
  const s3Vars = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
  if (!raw.S3_BUCKET) {
    const stray = s3Vars.filter((name) => raw[name] !== undefined);
    if (stray.length) throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: must be set when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`);
    return { driver: 'local', dir: path.join(dataDir, 'uploads') };
  }
  if (!raw.S3_ACCESS_KEY_ID !== !raw.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS credential chain');
  }
  return {
    driver: 's3',
    bucket: raw.S3_BUCKET,
    endpoint: raw.S3_ENDPOINT,
    region: raw.S3_REGION ?? 'us-east-1',
    accessKeyId: raw.S3_ACCESS_KEY_ID,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
    // S3-compatible servers (MinIO, s3rver, Ceph...) usually want path-style URLs; AWS does not.
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
  };
}

/** ALLOWED_HOSTS as a list; unset, the addresses this server answers on without a proxy. */
function allowedHostsOf(value: string | undefined, host: string, port: number): string[] {
  if (value === undefined || value.trim() === '') return defaultAllowedHosts(host, port);
  const hosts = parseAllowedHosts(value);
  if ('problem' in hosts) throw new ConfigError(`Invalid configuration:\n  ALLOWED_HOSTS: ${hosts.problem}`);
  return hosts;
}

export function parseDuration(value: string): number {
  const match = /^(\d+)\s*(s|m|h|d)?$/.exec(value.trim());
  if (!match) throw new ConfigError(`Invalid duration: ${value}`);
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** Reads and checks the environment; a wrong variable throws a ConfigError that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = plainToInstance(EnvironmentVariables, { ...env });
  const errors = validateSync(raw, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy}`);
  // Built layout: dist/apps/api/config/app-config.js beside dist/apps/admin and dist/apps/site.
  const distRoot = path.resolve(__dirname, '..', '..');
  const cdn = cdnConfigOf(raw, parseDuration);
  if (typeof cdn === 'string') throw new ConfigError(`Invalid configuration:\n  ${cdn}`);
  const dataDir = path.resolve(raw.DATA_DIR ?? 'data');
  const port = raw.PORT ?? 3000;
  const host = raw.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    // 10, not more: each connection is a PostgreSQL process, and beyond a few per core they take
    // turns on the CPU instead of working (docs/perf.md). A bigger database may take more.
    databasePoolSize: raw.DATABASE_POOL_SIZE ?? 10,
    jwtSecret: raw.JWT_SECRET,
    sessionTtlSeconds: parseDuration(raw.SESSION_TTL ?? '7d'),
    sessionIdleSeconds: parseDuration(raw.SESSION_IDLE ?? '12h'),
    adminEmail: raw.CMS_ADMIN_EMAIL,
    adminPassword: raw.CMS_ADMIN_PASSWORD,
    logLevel: raw.LOG_LEVEL ?? 'info',
    serve: (raw.SERVE as AppConfig['serve'] | undefined) ?? 'all',
    adminDir: path.resolve(raw.ADMIN_DIR ?? path.join(distRoot, 'admin')),
    siteDir: path.resolve(raw.SITE_DIR ?? path.join(distRoot, 'site')),
    publicUrl: raw.PUBLIC_URL ? new URL(raw.PUBLIC_URL).origin : undefined,
    allowedHosts: allowedHostsOf(raw.ALLOWED_HOSTS, host, port),
    uploadMaxMb: raw.UPLOAD_MAX_MB ?? 25,
    uploadMaxPixels: raw.UPLOAD_MAX_PIXELS ?? 50_000_000,
    versionsKept: raw.VERSIONS_KEPT ?? 50,
    storage: storageConfig(raw, dataDir),
    trustProxy,
    signIn: {
      maxFailuresPerAccount: raw.SIGNIN_MAX_FAILURES_PER_ACCOUNT ?? 5,
      maxFailuresPerIp: raw.SIGNIN_MAX_FAILURES_PER_IP ?? 50,
      maxChecksPerAccountHour: raw.SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR ?? 30,
      windowSeconds: 15 * 60,
      backoffMaxSeconds: parseDuration(raw.SIGNIN_BACKOFF_MAX ?? '15s'),
    },
    accounts: {
      resetMaxPerAccount: raw.PASSWORD_RESET_MAX_PER_ACCOUNT ?? 3,
      resetMaxPerIp: raw.PASSWORD_RESET_MAX_PER_IP ?? 20,
      invitationTtlSeconds: parseDuration(raw.INVITATION_TTL ?? '7d'),
    },
    mail: {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM,
      maxAttempts: raw.MAIL_MAX_ATTEMPTS ?? 10,
      retryBaseMs: raw.MAIL_RETRY_BASE_MS ?? 30_000,
      pollMs: raw.MAIL_POLL_MS ?? 5_000,
      leaseSeconds: raw.MAIL_LEASE_SECONDS ?? 120,
    },
    forms: { submissionsPerMinute: raw.FORM_SUBMISSIONS_PER_MINUTE ?? 10 },
    webhooks: {
      allowPrivate: raw.WEBHOOK_ALLOW_PRIVATE ?? false,
      deliver: raw.WEBHOOK_DELIVERY ?? true,
      pollMs: raw.WEBHOOK_POLL_MS ?? 2_000,
      retryBaseMs: raw.WEBHOOK_RETRY_BASE_MS ?? 10_000,
      retryForSeconds: parseDuration(raw.WEBHOOK_RETRY_FOR ?? '1d'),
      timeoutMs: raw.WEBHOOK_TIMEOUT_MS ?? 10_000,
      keepDays: raw.WEBHOOK_KEEP_DAYS ?? 30,
    },
    // A production install (the Docker image sets NODE_ENV) publishes no demo site unless asked to.
    demo: raw.CMS_DEMO ?? raw.NODE_ENV !== 'production',
    cdn,
    metricsToken: raw.METRICS_TOKEN,
  };
}

/** Every variable the configuration schema reads (what `.env.example` must list). */
export function configVariableNames(): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(EnvironmentVariables, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))].sort();
}

export const APP_CONFIG = Symbol('APP_CONFIG');
