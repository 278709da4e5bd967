import type { OpenAPIObject } from '@nestjs/swagger';
import { JSON_VALUE_COMPONENT } from './schemas';

type Operation = OpenAPIObject['paths'][string]['get'] & object;
type Responses = Operation['responses'];

const ERROR_REF = { $ref: '#/components/schemas/ErrorDto' };

/** `{ statusCode, message, errors? }`: every error of the API (all-exceptions.filter.ts); some name their kind in `code` with its details. */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'message'],
  properties: {
    statusCode: { type: 'integer', example: 400 },
    message: { type: 'string', example: 'title must be a string' },
    errors: {
      description: 'The problems by field (`{ "fields.price": ["must be at least 0"] }`), or a list of them',
      oneOf: [
        { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        { type: 'array', items: { type: 'string' } },
      ],
    },
    code: { type: 'string', description: 'The kind of error when a client acts on it: `changed` (a stale If-Match), `moved` (a page’s new address)…' },
  },
  // The errors that name a `code` carry its details (changedBy, location, lines…), documented by their route.
  additionalProperties: true,
};

/** What every route may answer besides its own answers, in the words of the error filter, the guards and the body parser. */
const GENERIC_ERRORS: Record<string, string> = {
  '400': 'Bad input: the message names the field or query key and the rule it breaks',
  '404': 'No such record',
  '413': 'The request body is too large',
};

const ETAG_HEADER = {
  description: 'A tag of this answer (a record’s version, else a hash of its bytes): send it as If-None-Match to get a 304',
  schema: { type: 'string' },
};
const VARY_HEADER = { description: 'token, Authorization (besides Origin): the answer may differ by caller', schema: { type: 'string' } };
const CONTENT_RANGE_HEADER = {
  description: 'The page answered and the total, as `contents 0-24/319` (`contents */0` when empty)',
  schema: { type: 'string', pattern: '^[\\w-]+ (\\d+-\\d+|\\*)/\\d+$' },
};

function addError(responses: Responses, status: string, description: string): void {
  responses[status] ??= { description };
}

/**
 * Completes what decorators leave implicit, the same way for every route (present and future): the
 * error body of every 4xx, the 400 of the validation pipe and the query-key guard, the 404 of a
 * path naming a record, the 413 of a body past the limit, and on every GET the ETag, If-None-Match
 * and its 304, and on lists (a `range` query) the Content-Range header.
 */
export function strictDocument(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.ErrorDto = ERROR_SCHEMA as never;
  document.components.schemas.JsonValue = JSON_VALUE_COMPONENT as never;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const responses = operation.responses;
      addError(responses, '400', GENERIC_ERRORS['400']);
      if (path.includes('{')) addError(responses, '404', GENERIC_ERRORS['404']);
      if (operation.requestBody) addError(responses, '413', GENERIC_ERRORS['413']);
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400 && response && !('$ref' in response) && !response.content) response.content = { 'application/json': { schema: ERROR_REF } };
      }
      if (method !== 'get') continue;
      operation.parameters ??= [];
      if (!operation.parameters.some((p) => 'name' in p && p.name === 'If-None-Match')) {
        operation.parameters.push({
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'ETags of answers already held (`*`, a list, weak or strong): a 304 without a body when one is still current',
          schema: { type: 'string' },
        });
      }
      responses['304'] ??= { description: 'Not modified: If-None-Match names the current ETag (no body)' };
      const ok = responses['200'];
      if (!ok || '$ref' in ok) continue;
      const isList = operation.parameters.some((p) => 'name' in p && p.name === 'range' && p.in === 'query');
      ok.headers = { ETag: ETAG_HEADER, Vary: VARY_HEADER, ...(isList ? { 'Content-Range': CONTENT_RANGE_HEADER } : {}), ...ok.headers };
    }
  }
  return document;
}
