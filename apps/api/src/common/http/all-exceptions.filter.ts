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

const PG_MESSAGES: Record<string, [number, string]> = {
  '23505': [HttpStatus.CONFLICT, 'A record with the same unique value already exists'],
  '23503': [HttpStatus.CONFLICT, 'The record is referenced by, or references, a record that does not exist or is still in use'],
  '22P02': [HttpStatus.BAD_REQUEST, 'A value has the wrong format'],
  '22001': [HttpStatus.BAD_REQUEST, 'A value is too long'],
  '22003': [HttpStatus.BAD_REQUEST, 'A number is out of range'],
  '22007': [HttpStatus.BAD_REQUEST, 'A date has the wrong format'],
  '23502': [HttpStatus.BAD_REQUEST, 'A required value is missing'],
};

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

  private toBody(exception: unknown): ApiError {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'string') return { statusCode, message: payload };
      const { message, errors } = payload as { message?: string | string[]; errors?: ApiError['errors'] };
      const text = Array.isArray(message) ? message.join('; ') : (message ?? exception.message);
      return errors ? { statusCode, message: text, errors } : { statusCode, message: text };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception as QueryFailedError & { code?: string }).code ?? (exception.driverError as { code?: string } | undefined)?.code;
      const known = code ? PG_MESSAGES[code] : undefined;
      if (known) {
        const detail = (exception.driverError as { detail?: string } | undefined)?.detail;
        return { statusCode: known[0], message: detail ? `${known[1]}: ${detail}` : known[1] };
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
