import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { invalidInput } from './input-errors';
import { withoutReadOnly } from './takes-back';

/** class-validator's errors by path (`sections.2.content.title`), in the shape every 400 answers. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) out[key] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, key));
  }
  return out;
}

/**
 * Path parameters keep their raw text, so their own pipes (IdPipe) can say what was wrong. A body
 * that takes back an answer (`@TakesBack`) loses the read-only properties it carried back first.
 */
class AppValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return super.transform(metadata.type === 'body' ? withoutReadOnly(value, metadata.metatype) : value, metadata);
  }
}

/** Keys that could reach an object's prototype are refused while the JSON is parsed. */
export function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
    throw new SyntaxError(`the key "${key}" is not allowed`);
  }
  return value;
}

/**
 * A request's JSON body, parsed with rejectPrototypeKeys when the text could hold such a key: one
 * of the names, or a \u escape, which could spell one. Others (nearly every body) skip the reviver:
 * a call per key and value makes the parse several times slower (a bulk create's 500 items).
 */
export function parseJsonBody(text: string): unknown {
  const suspect = text.includes('__proto__') || text.includes('constructor') || text.includes('prototype') || text.includes('\\u');
  return suspect ? JSON.parse(text, rejectPrototypeKeys) : JSON.parse(text);
}

/** What the pipe asks of class-validator; a service checking a DTO itself (each item of a bulk create) asks the same. */
export const VALIDATION_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
} as const;

/**
 * class-validator with whitelisting: unknown properties (including `__proto__`) are refused, and
 * the answer names every failing property: `{ statusCode: 400, message, errors: { field: [...] } }`.
 */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    ...VALIDATION_OPTIONS,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => invalidInput(flattenValidationErrors(errors)),
  });
}
