import { ConfigError, loadConfig, parseDuration } from './app-config';

describe('configuration', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, serve: 'all', sessionTtlSeconds: 7 * 86400, uploadMaxMb: 25, logLevel: 'info' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.signIn.maxChecksPerAccountHour).toBe(30);
    expect(loadConfig({ SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR: '200' }).signIn.maxChecksPerAccountHour).toBe(200);
  });

  it('stops with a message naming each wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ SESSION_TTL: 'forever' })).toThrow(/SESSION_TTL/);
    expect(() => loadConfig({ CMS_ADMIN_EMAIL: 'not-an-email' })).toThrow(/CMS_ADMIN_EMAIL/);
    expect(() => loadConfig({ SERVE: 'everything' })).toThrow(/SERVE/);
    expect(() => loadConfig({ SESSION_IDLE: 'a while' })).toThrow(/SESSION_IDLE/);
    expect(() => loadConfig({ SIGNIN_BACKOFF_MAX: '1h' })).toThrow(/SIGNIN_BACKOFF_MAX/);
    expect(() => loadConfig({ SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR: '0' })).toThrow(/SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR/);
    expect(() => loadConfig({ SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR: 'many' })).toThrow(/SIGNIN_MAX_CHECKS_PER_ACCOUNT_HOUR/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY: not an address.*proxy\.example/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-24-characters' }).metricsToken).toBe('a-token-of-24-characters');
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('seeds the demo site on a development start only, unless CMS_DEMO says otherwise', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', CMS_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ CMS_DEMO: 'false' }).demo).toBe(false);
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('12h')).toBe(43200);
    expect(parseDuration('7d')).toBe(604800);
  });
});
