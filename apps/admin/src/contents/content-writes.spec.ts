import { COPIED_FROM_EN } from '../translations/copied-from-en';
import { contentWrites } from './content-writes';

describe('content writes of a locale', () => {
  const previous = { id: 1, title: 'T', fields: { title: 'Hello', body: '<p>Body</p>' }, fallbackFields: ['title', 'body'] };

  it('leaves out a value shown from en that nobody changed', () => {
    expect(contentWrites.update?.({ ...previous, fields: { title: 'Hello', body: '<p>Body</p>' } }, previous)).toEqual({});
  });

  it('sends the values "Copy from en" filled, though they equal what the form showed', () => {
    const data = { ...previous, fields: { title: 'Hello', body: '<p>Body</p>' }, [COPIED_FROM_EN]: ['title', 'body'] };
    expect(contentWrites.update?.(data, previous)).toEqual({ fields: { title: 'Hello', body: '<p>Body</p>' } });
  });
});
