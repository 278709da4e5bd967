import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.0 document the contract tests read. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  properties?: Record<string, OpenApiSchema>;
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  enum?: unknown[];
  required?: string[];
  [key: string]: unknown;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { schema?: OpenApiSchema }>;
  content?: Record<string, { schema?: OpenApiSchema }>;
}
export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  example?: unknown;
  schema?: OpenApiSchema;
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: OpenApiSchema }> };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, OpenApiSchema> };
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document, as `GET /api/things/{id}`. */
export function operationsOf(doc: OpenApiDocument): { method: string; path: string; operation: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path, operation: item[method] })),
  );
}

/**
 * OpenAPI 3.0 schemas as JSON Schema for ajv: `nullable` becomes a union with null (also beside an
 * allOf, where ajv's own `nullable` does not reach), and an object that lists its properties is
 * closed unless it says otherwise: a property the document does not name is a shape it does not allow.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, example: _example, ...rest } = schema as OpenApiSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, s]) => [name, toJsonSchema(s)])) : toJsonSchema(value);
  }
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace('#/components/schemas/', 'openapi#/components/schemas/');
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return nullable ? { anyOf: [{ type: 'null' }, out] } : out;
}

/** An ajv that knows the document's schemas by `openapi#/components/schemas/Name`. */
export function validatorFor(doc: OpenApiDocument): (schema: OpenApiSchema) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: { schemas: toJsonSchema(doc.components.schemas) } });
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as object);
      compiled.set(key, validate);
    }
    return validate;
  };
}
