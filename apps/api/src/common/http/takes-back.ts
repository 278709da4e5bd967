import { getMetadataStorage } from 'class-validator';

type Class = abstract new (...args: never[]) => unknown;

const ANSWER = Symbol('cms:takes-back');
/** Where @nestjs/swagger lists a class's @ApiProperty names (`:name`), its DECORATORS.API_MODEL_PROPERTIES_ARRAY. */
const API_PROPERTIES = 'swagger/apiModelPropertiesArray';
const readOnlyCache = new WeakMap<Class, ReadonlySet<string>>();

/**
 * Says which answer a body DTO takes back: a PUT may send the record as GET answered it (react-
 * admin's default update, an integrator's read-modify-write). The properties that answer has and
 * this body cannot set (id, path, updatedAt, locale...) are read-only: the validation pipe drops
 * them before validating, so they are ignored, never a 400. A property that is neither writable
 * nor ever answered is still refused.
 */
export function TakesBack(answer: () => Class): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(ANSWER, answer, target);
  };
}

/** The answer's properties, from their @ApiProperty declarations (inherited ones included). */
function answeredProperties(answer: Class): string[] {
  const keys = (Reflect.getMetadata(API_PROPERTIES, answer.prototype) as string[] | undefined) ?? [];
  return keys.map((key) => key.replace(/^:/, ''));
}

/** The body's writable properties: those class-validator knows (whitelisting keeps exactly these). */
function writableProperties(body: Class): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(body as unknown as new () => unknown, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
}

/** The read-only properties a body of this class may carry back; null when it takes back no answer. */
function readOnlyProperties(body: Class): ReadonlySet<string> | null {
  const answer = Reflect.getMetadata(ANSWER, body) as (() => Class) | undefined;
  if (!answer) return null;
  let readOnly = readOnlyCache.get(body);
  if (!readOnly) {
    const writable = writableProperties(body);
    readOnly = new Set(answeredProperties(answer()).filter((key) => !writable.has(key)));
    readOnlyCache.set(body, readOnly);
  }
  return readOnly;
}

/** The body without the read-only properties it carried back (a new object; the body is left as it was). */
export function withoutReadOnly(body: unknown, bodyClass: unknown): unknown {
  if (typeof bodyClass !== 'function' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const readOnly = readOnlyProperties(bodyClass as Class);
  if (!readOnly || readOnly.size === 0) return body;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!readOnly.has(key)) kept[key] = value;
  return kept;
}
