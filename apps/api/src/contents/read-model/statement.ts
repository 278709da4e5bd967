/**
 * One SQL statement's parameters, owned by the code that adds them: `param` appends a value and
 * answers its placeholder (`$1`, `$2`…), so no text is ever renumbered or spliced from another
 * builder.
 */
export class Statement {
  readonly values: unknown[] = [];

  /** The placeholder of `value`, with a cast when one is given (`$3::int[]`). */
  param(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
