import { BadRequestException } from '@nestjs/common';

/** The 400 of every refused input, the validation pipe's and the services' alike: `Invalid input. path: rules; ...` and `errors` by path. */
export function invalidInput(errors: Record<string, string[]>): BadRequestException {
  const summary = Object.entries(errors)
    .map(([path, messages]) => `${path}: ${messages.join(', ')}`)
    .join('; ');
  return new BadRequestException({ message: `Invalid input. ${summary}`, errors });
}

/**
 * Collects what is wrong with a write, keyed by the path of the value (`fields.price`,
 * `sections.2.content.title`), so that one 400 names every problem, in the shape the validation
 * pipe answers: `{ statusCode: 400, message, errors: { path: [rules] } }`.
 */
export class InputErrors {
  private readonly byPath: Record<string, string[]> = {};

  add(path: string, message: string): void {
    (this.byPath[path] ??= []).push(message);
  }

  /** Every path with its rules, in the order they were first added. */
  get entries(): [string, string[]][] {
    return Object.entries(this.byPath);
  }

  get empty(): boolean {
    return Object.keys(this.byPath).length === 0;
  }

  toException(): BadRequestException {
    return invalidInput(this.byPath);
  }

  throwIfAny(): void {
    if (!this.empty) throw this.toException();
  }

  /** Throws a 400 naming one path and rule. */
  static fail(path: string, message: string): never {
    const errors = new InputErrors();
    errors.add(path, message);
    throw errors.toException();
  }
}
