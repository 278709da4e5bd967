import { BadRequestException } from '@nestjs/common';

const MAX_DEPTH = 32;

/**
 * Why a JSON value cannot be stored in a jsonb column as sent, or null: too large, nested too
 * deep, or holding a NUL character (which PostgreSQL refuses in jsonb text).
 */
export function unstorableJsonReason(value: unknown, maxBytes: number): string | null {
  if (value === undefined) return 'a value is required';
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) return `it is nested deeper than ${MAX_DEPTH} levels`;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'it holds a NUL character';
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'it holds a number that is not finite';
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return 'it holds a NUL character';
        stack.push({ value: item, depth: depth + 1 });
      }
    } else if (current !== null && typeof current !== 'boolean') {
      return 'it is not JSON';
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (bytes > maxBytes) return `it takes ${bytes} bytes as JSON, more than the ${maxBytes} allowed`;
  return null;
}

/** Throws a 400 naming `field` when the value cannot be stored. */
export function assertStorableJson(value: unknown, maxBytes: number, field: string): void {
  const reason = unstorableJsonReason(value, maxBytes);
  if (reason) throw new BadRequestException({ message: `${field} cannot be stored: ${reason}`, errors: { [field]: [reason] } });
}
