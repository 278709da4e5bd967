/** The logger the host process hands to the site (pino-like: object first, message second). */
export interface SiteLogger {
  error(obj: unknown, msg?: string): void;
}

/** One JSON line per error on stderr, in pino's shape, for when the host gives no logger. */
export const consoleLogger: SiteLogger = {
  error(obj, msg) {
    const err = obj instanceof Error ? { type: obj.name, message: obj.message, stack: obj.stack } : obj;
    process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), name: 'site', msg: msg ?? 'Site error', err })}\n`);
  },
};
