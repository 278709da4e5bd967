import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The containers module asks the contents module (ContentsService, ContentFieldsService) for what
 * touches contents; it never reads or writes the contents module's tables itself, so a change to
 * how contents are stored is made in one module.
 */
describe('containers module boundaries', () => {
  it('names none of the contents module’s tables in its SQL', () => {
    const offending = readdirSync(__dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .flatMap((file) =>
        readFileSync(join(__dirname, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
          .filter(({ line }) => /"(content|content_field|content_document|content_count)"/.test(line)),
      )
      .map(({ where }) => where);
    expect(offending).toEqual([]);
  });
});
