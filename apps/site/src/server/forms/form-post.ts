import { FORM_HONEYPOT_FIELD, FormFieldType, type FormSubmissionRequest, type FormValue, type Lang } from '@cms/contracts';
import type { IncomingMessage } from 'node:http';
import type { SiteLogger } from '../site-logger';
import type { FormModel } from '../render/sections/FormSection';

/** A form posted without JavaScript: at most this many bytes (a long paragraph, percent-encoded). */
const FORM_BODY_LIMIT = 256 * 1024;

type FormBody = { kind: 'ok'; fields: URLSearchParams } | { kind: 'unsupported' } | { kind: 'too-large' };

/** Reads an `application/x-www-form-urlencoded` body; anything else is not a form of the site. */
export async function readFormBody(req: IncomingMessage, limit = FORM_BODY_LIMIT): Promise<FormBody> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  // A body another middleware already read cannot be read again.
  if (type !== 'application/x-www-form-urlencoded' || req.readableEnded) return { kind: 'unsupported' };
  if (Number(req.headers['content-length'] ?? 0) > limit) return { kind: 'too-large' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return { kind: 'too-large' };
    chunks.push(chunk);
  }
  return { kind: 'ok', fields: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) };
}

/** Fields that carry a value (a button or a heading does not). */
function valueFields(form: FormModel) {
  return form.fields.filter((field) => field.type !== FormFieldType.BUTTON && field.type !== FormFieldType.TITLE);
}

/**
 * The values of the form's own fields, as the API takes them: a list for CHECKBOX, text
 * otherwise (the API reads numbers from text). Names the form does not have are left out.
 */
export function submittedValues(form: FormModel, fields: URLSearchParams): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const field of valueFields(form)) {
    if (field.type === FormFieldType.CHECKBOX) {
      const chosen = fields.getAll(field.name);
      if (chosen.length > 0) values[field.name] = chosen;
    } else {
      const value = fields.get(field.name);
      if (value !== null) values[field.name] = value;
    }
  }
  return values;
}

type SubmissionResult =
  | { kind: 'sent' }
  /** Refusals by field name (the fields' warningMessages). */
  | { kind: 'refused'; errors: Record<string, string[]> }
  | { kind: 'too-many'; retryAfterSeconds: number }
  /** The form is gone or no longer accepts messages. */
  | { kind: 'closed' }
  | { kind: 'unavailable' };

interface FormForwarderOptions {
  apiOrigin: string;
  logger: SiteLogger;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function readErrors(body: unknown): Record<string, string[]> {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((message): message is string => typeof message === 'string');
    if (list.length) out[name] = list;
  }
  return out;
}

/** The client address chain for the API's per-visitor limit (read only when the API trusts its proxy). */
export function forwardedFor(req: IncomingMessage): string | undefined {
  const previous = req.headers['x-forwarded-for'];
  const own = req.socket.remoteAddress;
  const chain = [...(typeof previous === 'string' && previous.trim() ? [previous.trim()] : []), ...(own ? [own] : [])];
  return chain.length ? chain.join(', ') : undefined;
}

/** Sends a form posted without JavaScript to the API's public POST /api/forms/{id}/messages. */
export function createFormForwarder(options: FormForwarderOptions) {
  const { apiOrigin, logger, timeoutMs = 5000 } = options;
  const fetchImpl = options.fetch ?? fetch;
  return {
    /** `via`: how to reach the API for this visitor (the API's process passes its in-process post); the global fetch otherwise. */
    async submit(input: {
      formId: number;
      locale: Lang;
      values: Record<string, FormValue>;
      honeypot: string;
      forwardedFor?: string;
      via?: typeof fetch;
    }): Promise<SubmissionResult> {
      const url = `${apiOrigin}/api/forms/${input.formId}/messages?locale=${encodeURIComponent(input.locale)}`;
      const payload: FormSubmissionRequest = { values: input.values, ...(input.honeypot ? { [FORM_HONEYPOT_FIELD]: input.honeypot } : {}) };
      let response: Response;
      try {
        response = await (input.via ?? fetchImpl)(url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(input.forwardedFor ? { 'x-forwarded-for': input.forwardedFor } : {}),
          },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        logger.error(error, `A form could not be sent: ${url} failed`);
        return { kind: 'unavailable' };
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 201 || response.status === 200) return { kind: 'sent' };
      if (response.status === 400) return { kind: 'refused', errors: readErrors(body) };
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after'));
        return { kind: 'too-many', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 };
      }
      if (response.status === 404 || response.status === 409) return { kind: 'closed' };
      logger.error(new Error(`answered ${response.status}`), `A form could not be sent: ${url}`);
      return { kind: 'unavailable' };
    },
  };
}
