import { ContainerFieldType } from '@cms/contracts';
import { fieldsToCopy, htmlToText, isFilled, valueAsText } from './en-values';

describe('en values beside a locale’s inputs', () => {
  it('tells a value from an empty one', () => {
    expect([undefined, null, '', [], [''], [null]].map(isFilled)).toEqual([false, false, false, false, false, false]);
    expect([0, false, 'a', ['a'], { lat: 1, lng: 2 }].map(isFilled)).toEqual([true, true, true, true, true]);
  });

  it('reads rich text as text and lists as one line', () => {
    expect(htmlToText('<p>Hello <strong>world</strong></p><p>Again</p>')).toBe('Hello world Again');
    expect(valueAsText({ type: ContainerFieldType.RICHTEXT }, '<h2>Title</h2><ul><li>one</li><li>two</li></ul>')).toBe('Title one two');
    expect(valueAsText({ type: ContainerFieldType.STRING }, ['a', '', 'b'])).toBe('a, b');
    expect(valueAsText({ type: ContainerFieldType.NUMBER }, 0)).toBe('0');
    expect(valueAsText({ type: ContainerFieldType.STRING }, null)).toBe('');
  });

  it('copies into empty fields and fields still showing en’s value, never over what was typed', () => {
    const fields = ['title', 'body', 'summary', 'price', 'note'].map((name) => ({ name }));
    const en = { title: 'Hello', body: '<p>Body</p>', summary: 'Sum', price: 3 };
    const form = { title: '', body: '<p>Body</p>', summary: 'Mon résumé', price: 3 };
    // body and price show en's value (fallback); summary was typed; note has no en value.
    expect(fieldsToCopy(fields, en, form, new Set(['body', 'price', 'note']))).toEqual(['title', 'body', 'price']);
    // The same value as en's, but the locale's own: nothing to copy there.
    expect(fieldsToCopy(fields, en, form, new Set())).toEqual(['title']);
  });
});
