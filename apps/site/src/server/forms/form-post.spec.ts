import { FormFieldType } from '@cms/contracts';
import type { IncomingMessage } from 'node:http';
import type { FormModel } from '../render/sections/FormSection';
import { forwardedFor, submittedValues } from './form-post';

const field = (name: string, type: FormFieldType) => ({
  name,
  type,
  line: 0,
  position: 0,
  options: [],
  min: null,
  max: null,
  defaultNumber: null,
  defaultMultiple: [],
  required: false,
});

describe('submittedValues', () => {
  const form: FormModel = {
    id: 1,
    fields: [
      field('name', FormFieldType.TEXT),
      field('tags', FormFieldType.CHECKBOX),
      field('go', FormFieldType.BUTTON),
      field('head', FormFieldType.TITLE),
      field('n', FormFieldType.NUMBER),
    ],
  };

  it('keeps the form’s own fields, a list for checkboxes, and nothing for buttons and headings', () => {
    const body = new URLSearchParams([
      ['name', 'Ada'],
      ['tags', 'a'],
      ['tags', 'b'],
      ['go', 'clicked'],
      ['head', 'x'],
      ['n', '3'],
      ['other', 'dropped'],
      ['_hp', ''],
    ]);
    expect(submittedValues(form, body)).toEqual({ name: 'Ada', tags: ['a', 'b'], n: '3' });
    expect(submittedValues(form, new URLSearchParams())).toEqual({});
  });
});

describe('forwardedFor', () => {
  const req = (headers: Record<string, string>, remoteAddress?: string) => ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

  it('appends the visitor’s address to the chain it came with', () => {
    expect(forwardedFor(req({}, '203.0.113.9'))).toBe('203.0.113.9');
    expect(forwardedFor(req({ 'x-forwarded-for': '198.51.100.1' }, '10.0.0.2'))).toBe('198.51.100.1, 10.0.0.2');
    expect(forwardedFor(req({}))).toBeUndefined();
  });
});
