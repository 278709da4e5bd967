import { QueryRunnerAlreadyReleasedError } from 'typeorm';

/**
 * Whether an error means the database cannot be reached right now (down, restarting, the
 * connection cut), as opposed to a query that is wrong: the answer is then a 503 the client may
 * retry, not a 500. pg gives socket errors their errno code and server refusals their SQLSTATE.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up), 53300 too_many_connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES =
  /Connection terminated|connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Connection is not established|Client was closed/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  // TypeORM releases a transaction's query runner when its connection errors (the server shut it
  // down between two statements); the next statement then meets a released runner. This code base
  // never runs a statement on a runner it released itself (transactions are TypeORM's), so it is
  // the connection's loss, not a bug: seen as one 500 among 477 answers in tools/faults.mjs.
  if (error instanceof QueryRunnerAlreadyReleasedError) return true;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}
