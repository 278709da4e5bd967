import { LANGS } from '@cms/contracts';
import { messagesFor } from './messages';

function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

describe('messages', () => {
  const english = leaves(messagesFor(LANGS[0])).map(([path]) => path);

  it.each(LANGS)('has every text, non-empty, in %s', (locale) => {
    const entries = leaves(messagesFor(locale));
    expect(entries.map(([path]) => path)).toEqual(english);
    for (const [path, text] of entries) {
      expect([path, typeof text === 'string' && text.trim().length > 0]).toEqual([path, true]);
    }
  });

  it('greets visitors differently in each language', () => {
    const welcomes = new Set(LANGS.map((locale) => messagesFor(locale).home.welcome));
    expect(welcomes.size).toBe(LANGS.length);
  });
});
