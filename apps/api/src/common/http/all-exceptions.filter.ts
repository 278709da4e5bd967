import type { ApiError } from '@cms/contracts';
import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

/** Errors of Fastify (body too large, unsupported type…) carry an HTTP status and a `FST_` code. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  code?: string;
  type?: string;
  message?: string;
}

/**
 * What a person can do about a database refusal, by SQLSTATE. The database's own words (its
 * message and `detail`) name tables, columns, constraints and stored values: they are logged,
 * never answered.
 */
const PG_MESSAGES: Record<string, [number, string]> = {
  '23505': [HttpStatus.CONFLICT, 'Another record already has this value: choose another one'],
  '23503': [HttpStatus.CONFLICT, 'The record is referenced by, or references, a record that does not exist or is still in use'],
  '23001': [HttpStatus.CONFLICT, 'The record is still in use elsewhere: change or remove what uses it first'],
  '22P02': [HttpStatus.BAD_REQUEST, 'A value has the wrong format'],
  '22001': [HttpStatus.BAD_REQUEST, 'A value is too long'],
  '22003': [HttpStatus.BAD_REQUEST, 'A number is out of range'],
  '22007': [HttpStatus.BAD_REQUEST, 'A date has the wrong format'],
  '22008': [HttpStatus.BAD_REQUEST, 'A date or time is out of range'],
  '23502': [HttpStatus.BAD_REQUEST, 'A required value is missing'],
  '23514': [HttpStatus.BAD_REQUEST, 'A value is outside what is allowed'],
  // PostgreSQL text cannot hold the NUL character (JSON's "\u0000"), in strings or in JSON values.
  '22021': [HttpStatus.BAD_REQUEST, 'A text holds a character that cannot be stored (the NUL character, \\u0000): remove it'],
  '22P05': [HttpStatus.BAD_REQUEST, 'A text holds a character that cannot be stored (the NUL character, \\u0000): remove it'],
};

/** Words for the tables a refusal may be about; a table missing here gets the generic message. */
const RECORD_NOUNS: Record<string, [singular: string, plural: string]> = {
  access: ['page access', 'page accesses'],
  configurator: ['configurator', 'configurators'],
  container: ['container', 'containers'],
  container_field: ['container field', 'container fields'],
  content: ['content', 'contents'],
  content_field: ['content', 'contents'],
  element: ['element', 'elements'],
  form: ['form', 'forms'],
  form_field: ['form field', 'form fields'],
  login: ['user', 'users'],
  media: ['media', 'medias'],
  media_pack: ['media pack', 'media packs'],
  message: ['message', 'messages'],
  metadata: ['metadata entry', 'metadata entries'],
  right: ['right', 'rights'],
  role: ['role', 'roles'],
  section: ['page section', 'page sections'],
  session: ['session', 'sessions'],
  setting: ['setting', 'settings'],
  slug: ['page', 'pages'],
  user: ['user', 'users'],
};

/** Unique values a person chooses, by table: the message says which one to change. */
const UNIQUE_MESSAGES: Record<string, string> = {
  container_field: 'Two fields of this container have the same name: rename one',
  login: 'This e-mail is already used by another user',
  media: 'A file with this name is already stored: send it again',
  right: 'A right is listed twice',
  role: 'A role with this id already exists',
  setting: 'A setting with this name already exists',
  slug: 'Another page already has this path: choose another slug',
};

interface PgError {
  code?: string;
  table?: string;
  detail?: string;
}

function databaseRefusal(error: PgError): ApiError | undefined {
  const known = error.code ? PG_MESSAGES[error.code] : undefined;
  if (!known) return undefined;
  const [statusCode, generic] = known;
  const table = error.table;
  if (error.code === '23505' && table && UNIQUE_MESSAGES[table]) return { statusCode, message: UNIQUE_MESSAGES[table] };
  if (error.code === '23503' || error.code === '23001') {
    // The detail is read, not repeated: it tells whether the row points at a missing record, or
    // a delete would leave others pointing at this one (and which kind of record they are).
    const missing = /is not present in table "([^"]+)"/.exec(error.detail ?? '');
    if (missing) {
      const noun = RECORD_NOUNS[missing[1]];
      return {
        statusCode,
        message: noun ? `It refers to a ${noun[0]} that does not exist (any more)` : 'It refers to a record that does not exist (any more)',
      };
    }
    const user = /is (?:still )?referenced from table "([^"]+)"/.exec(error.detail ?? '');
    const noun = user ? RECORD_NOUNS[user[1]] : undefined;
    if (noun) return { statusCode, message: `It is still used by ${noun[1]}: change or remove those first` };
  }
  return { statusCode, message: generic };
}

/**
 * Turns every error into `{ statusCode, message, errors? }`. Client mistakes that slip past
 * validation (malformed JSON, too large a body, a database constraint) become 4xx; only
 * unexpected errors are 500, and they are logged.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (reply.sent || reply.raw.headersSent) {
      if (!reply.raw.writableEnded) reply.raw.end();
      return;
    }
    const headers = (exception as { responseHeaders?: Record<string, string> } | null)?.responseHeaders;
    if (headers) reply.headers(headers);
    if (body.statusCode === 503 && !headers?.['Retry-After']) reply.header('Retry-After', '2');
    void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  /** The answer for an error; the same whoever asks (the tests read it for real database errors). */
  toBody(exception: unknown): ApiError {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'string') return { statusCode, message: payload };
      const { message, errors, code, ...rest } = payload as { message?: string | string[]; errors?: ApiError['errors']; code?: unknown };
      const text = Array.isArray(message) ? message.join('; ') : (message ?? exception.message);
      const base: ApiError = errors ? { statusCode, message: text, errors } : { statusCode, message: text };
      // An error that names its kind (`code`, e.g. a stale If-Match's 'changed') says what the client needs with it.
      if (typeof code !== 'string') return base;
      const { statusCode: _statusCode, error: _error, ...details } = rest as Record<string, unknown>;
      return { ...base, code, ...details } as ApiError;
    }
    if (exception instanceof QueryFailedError) {
      const driverError = (exception.driverError ?? {}) as PgError;
      const refusal = databaseRefusal({ ...driverError, code: (exception as QueryFailedError & { code?: string }).code ?? driverError.code });
      if (refusal) {
        this.logger.warn(`Database refusal answered ${refusal.statusCode}: ${exception.message}${driverError.detail ? ` (${driverError.detail})` : ''}`);
        return refusal;
      }
    }
    // The pool had no free connection in time: the server is overloaded, not the request wrong.
    if (exception instanceof Error && /timeout exceeded when trying to connect/i.test(exception.message)) {
      return { statusCode: 503, message: 'The server is busy; try again in a moment' };
    }
    // The database is down or restarting: the client may retry; the pool reconnects by itself.
    if (isDatabaseUnavailable(exception)) return { statusCode: 503, message: 'The database is unavailable; try again in a moment' };
    const httpLike = exception as HttpLikeError | null;
    const status = httpLike?.statusCode ?? httpLike?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (httpLike?.type === 'entity.parse.failed' || exception instanceof SyntaxError) {
        return { statusCode: 400, message: `The request body is not valid JSON: ${httpLike?.message ?? 'parse error'}` };
      }
      if (httpLike?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { statusCode: 413, message: 'The request body is too large' };
      return { statusCode: status, message: httpLike?.code?.startsWith('FST_') && httpLike.message ? httpLike.message : 'Bad request' };
    }
    return { statusCode: 500, message: 'Internal server error' };
  }
}
