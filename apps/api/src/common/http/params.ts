import { DEFAULT_LANG, isLang, type Lang, recordIdOf } from '@cms/contracts';
import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { invalidInput } from './input-errors';

/** A positive 32-bit integer id from the path; anything else is a 400 that says so. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = recordIdOf(value);
    if (id === undefined) throw new BadRequestException(`"${String(value).slice(0, 40)}" is not a valid id: ids are positive integers`);
    return id;
  }
}

/** `?locale=` among en, fr, tr, es, it; absent means en. */
@Injectable()
export class LocalePipe implements PipeTransform<unknown, Lang> {
  transform(value: unknown): Lang {
    if (value === undefined || value === '') return DEFAULT_LANG;
    if (isLang(value)) return value;
    throw new BadRequestException(`Unknown locale "${String(value).slice(0, 20)}": use one of en, fr, tr, es, it`);
  }
}

/** `?locale=` among en, fr, tr, es, it, or absent (undefined: all locales). */
@Injectable()
export class OptionalLocalePipe implements PipeTransform<unknown, Lang | undefined> {
  private readonly locale = new LocalePipe();

  transform(value: unknown): Lang | undefined {
    return value === undefined || value === '' ? undefined : this.locale.transform(value);
  }
}

/**
 * The type of a query value read by a pipe of its own. Its design type is Object, so the global
 * validation pipe passes the value on as it came (a repeated key as an array, a number as its
 * text) instead of converting it by the parameter's type (`String(['a', 'b'])` is `'a,b'`).
 */
export type RawQuery<T> = T & { readonly rawQuery?: never };

/**
 * A required query value that is one string of at most `maxLength` characters: `?path=` given
 * twice, or not at all, is a 400 naming the key, in the validation pipe's shape.
 */
export class RequiredQueryStringPipe implements PipeTransform<unknown, string> {
  constructor(
    private readonly key: string,
    private readonly maxLength: number,
  ) {}

  transform(value: unknown): string {
    if (typeof value !== 'string') throw invalidInput({ [this.key]: [`${this.key} must be a string`] });
    if (value.length > this.maxLength) throw invalidInput({ [this.key]: [`${this.key} must be shorter than or equal to ${this.maxLength} characters`] });
    return value;
  }
}

/** An optional query value that is one string of at most `maxLength` characters; absent is undefined. */
export class OptionalQueryStringPipe implements PipeTransform<unknown, string | undefined> {
  private readonly required: RequiredQueryStringPipe;

  constructor(key: string, maxLength: number) {
    this.required = new RequiredQueryStringPipe(key, maxLength);
  }

  transform(value: unknown): string | undefined {
    return value === undefined ? undefined : this.required.transform(value);
  }
}

/** An optional whole number from `min` to `max` in the query; absent means `fallback`. */
export class OptionalQueryIntPipe implements PipeTransform<unknown, number> {
  constructor(
    private readonly key: string,
    private readonly min: number,
    private readonly max: number,
    private readonly fallback: number,
  ) {}

  transform(value: unknown): number {
    if (value === undefined) return this.fallback;
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isInteger(n)) throw invalidInput({ [this.key]: [`${this.key} must be a whole number`] });
    if (n < this.min || n > this.max) throw invalidInput({ [this.key]: [`${this.key} must be from ${this.min} to ${this.max}`] });
    return n;
  }
}

/** An optional `true` or `false` in the query; absent means false, anything else is a 400 naming the key. */
export class OptionalQueryBooleanPipe implements PipeTransform<unknown, boolean> {
  constructor(private readonly key: string) {}

  transform(value: unknown): boolean {
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    throw invalidInput({ [this.key]: [`${this.key} must be true or false`] });
  }
}

/** A required record id in the query (`?containerId=3`): a 400 naming the key when absent or not a positive integer. */
export class RequiredQueryIdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly key: string) {}

  transform(value: unknown): number {
    const id = typeof value === 'string' ? recordIdOf(value) : undefined;
    if (id === undefined) throw invalidInput({ [this.key]: [`${this.key} must be given, as a positive whole number`] });
    return id;
  }
}

/** One of a few words in the query; absent means the first. */
export class QueryChoicePipe<T extends string> implements PipeTransform<unknown, T> {
  constructor(
    private readonly key: string,
    private readonly choices: readonly [T, ...T[]],
  ) {}

  transform(value: unknown): T {
    if (value === undefined) return this.choices[0];
    if (typeof value === 'string' && (this.choices as readonly string[]).includes(value)) return value as T;
    throw invalidInput({ [this.key]: [`${this.key} must be one of: ${this.choices.join(', ')}`] });
  }
}
