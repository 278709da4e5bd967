/**
 * The one place where the API's `{ statusCode, message, errors? }` answers become words in the
 * reader's language. The API keeps its messages in English (integrators read them); the kinds of
 * error the back office knows get its own translated message, anything else keeps the server's text.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

type ServerErrorKind = 'required' | 'too_long' | 'not_unique' | 'delete_conflict';

interface FieldKind {
  kind: Exclude<ServerErrorKind, 'delete_conflict'>;
  max?: number;
}

// class-validator's defaults and the API's own wordings ("must not be empty", "is required by the
// "hero" block", "must be at most 200 characters long", "is already used by another page"...).
const REQUIRED = /\b(should not be empty|must not be empty|is required|is missing|required value)\b/i;
const TOO_LONG = /(?:at most|shorter than or equal to|longer than)\s+(\d+)\s+characters|\btoo long\b/i;
const NOT_UNIQUE = /\balready (?:exists|used|the)\b|\bmust be unique\b|\bsame unique value\b/i;

/** The kind of one message of the API, or null when the back office has no words of its own for it. */
export function kindOfMessage(message: string): FieldKind | null {
  if (NOT_UNIQUE.test(message)) return { kind: 'not_unique' };
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return tooLong[1] ? { kind: 'too_long', max: Number(tooLong[1]) } : { kind: 'too_long' };
  if (REQUIRED.test(message)) return { kind: 'required' };
  return null;
}

/** One input's message: react-admin's own wording for the kinds it has, ours for the others. */
function localizeFieldMessage(message: string, translate: Translate): string {
  const found = kindOfMessage(message);
  if (!found) return message;
  if (found.kind === 'required') return translate('ra.validation.required');
  if (found.kind === 'not_unique') return translate('ra.validation.unique');
  return found.max === undefined ? translate('cms.server_errors.too_long') : translate('cms.server_errors.too_long_max', { max: found.max });
}

interface ApiAnswer {
  status: number;
  body: unknown;
  /** The HTTP method of the call: a 409 to a DELETE is a record still in use. */
  method?: string;
}

function messagesOf(body: unknown): { message: string | null; errors: Record<string, string[]> | null } {
  if (!body || typeof body !== 'object') return { message: null, errors: null };
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const text = typeof message === 'string' && message.trim() ? message : Array.isArray(message) && message.length > 0 ? message.map(String).join('. ') : null;
  let lists: Record<string, string[]> | null = null;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    lists = {};
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      lists[field] = Array.isArray(value) ? value.map(String) : [String(value)];
    }
  }
  return { message: text, errors: lists };
}

/** The kind of a whole answer: its status, its method, and its message or every one of its field messages. */
export function kindOfAnswer({ status, body, method }: ApiAnswer): ServerErrorKind | null {
  if (status === 409 && method?.toUpperCase() === 'DELETE') return 'delete_conflict';
  if (status !== 400 && status !== 409 && status !== 422) return null;
  const { message, errors } = messagesOf(body);
  const fieldMessages = errors ? Object.values(errors).flat() : [];
  if (fieldMessages.length > 0) {
    const kinds = new Set(fieldMessages.map((text) => kindOfMessage(text)?.kind ?? null));
    const [only] = [...kinds];
    return kinds.size === 1 && only ? only : null;
  }
  return message ? (kindOfMessage(message)?.kind ?? null) : null;
}

const ANSWER_KEYS: Record<ServerErrorKind, string> = {
  required: 'cms.server_errors.required',
  too_long: 'cms.server_errors.too_long',
  not_unique: 'cms.server_errors.not_unique',
  delete_conflict: 'cms.server_errors.delete_conflict',
};

/** The message to show for an error answer: ours when its kind is known, else the server's. */
export function localizeApiAnswer(answer: ApiAnswer, translate: Translate): string {
  const kind = kindOfAnswer(answer);
  if (kind) return translate(ANSWER_KEYS[kind]);
  return messagesOf(answer.body).message ?? translate('cms.server_errors.request_failed', { status: answer.status });
}

/** `errors: { "fields.x": [...] }` as one message per input, each in the reader's language when known. */
export function localizeFormErrors(body: unknown, translate: Translate): Record<string, string> | null {
  const { errors } = messagesOf(body);
  if (!errors) return null;
  const localized: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors)) localized[field] = list.map((text) => localizeFieldMessage(text, translate));
  return toFormErrors(localized);
}

/** For errors thrown by the auth layer's own calls (sign-in, profile): status and body are known. */
export function localizedApiMessage(error: { status: number; body: unknown; message: string }, translate: Translate, method?: string): string {
  if (error.status === 0) return translate('cms.server_errors.unreachable');
  const kind = kindOfAnswer({ status: error.status, body: error.body, method });
  if (kind) return translate(ANSWER_KEYS[kind]);
  return messagesOf(error.body).message ?? translate('cms.server_errors.request_failed', { status: error.status });
}

/** The API answers `errors: { "fields.x": ["..."] }`; react-admin's forms take one message per input. */
export function toFormErrors(errors: unknown): Record<string, string> | null {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    result[key] = Array.isArray(value) ? value.map(String).join('. ') : String(value);
  }
  return result;
}
