import { FormFieldType } from '@cms/contracts';
import { checkSubmission, type FieldRule } from './submission-values';

const rule = (name: string, type: FormFieldType, extra: Partial<FieldRule> = {}): FieldRule => ({
  name,
  type,
  required: false,
  options: null,
  min: null,
  max: null,
  warningMessage: null,
  ...extra,
});

describe('checking submitted values against form fields', () => {
  it('keeps valid values as plain data and leaves empty optional ones out', () => {
    const fields = [
      rule('name', FormFieldType.TEXT),
      rule('age', FormFieldType.NUMBER),
      rule('tags', FormFieldType.CHECKBOX, { options: ['a', 'b'] }),
      rule('note', FormFieldType.PARAGRAPH),
    ];
    expect(checkSubmission(fields, { name: 'Ann', age: '7.5', tags: 'a', note: '' })).toEqual({ value: { name: 'Ann', age: 7.5, tags: ['a'] }, errors: {} });
  });

  it('answers the warningMessage of a field rather than the default', () => {
    const fields = [rule('email', FormFieldType.EMAIL, { required: true, warningMessage: 'We need your e-mail' })];
    expect(checkSubmission(fields, {}).errors).toEqual({ email: ['We need your e-mail'] });
    expect(checkSubmission(fields, { email: 'nope' }).errors).toEqual({ email: ['We need your e-mail'] });
  });

  it.each([
    [rule('n', FormFieldType.NUMBER, { min: 1, max: 10 }), 11, 'Enter a number of at most 10'],
    [rule('n', FormFieldType.NUMBER, { min: 1, max: 10 }), '0', 'Enter a number of at least 1'],
    [rule('n', FormFieldType.NUMBER), '12abc', 'Enter a number'],
    [rule('n', FormFieldType.NUMBER), true, 'Enter a number'],
    [rule('t', FormFieldType.TEXT, { min: 3 }), 'ab', 'Enter at least 3 characters'],
    [rule('t', FormFieldType.TEXT, { max: 3 }), 'abcd', 'Enter at most 3 characters'],
    [rule('t', FormFieldType.TEXT), 'x'.repeat(2001), 'Enter at most 2000 characters'],
    [rule('t', FormFieldType.PASSWORD), ['a'], 'Enter a text'],
    [rule('p', FormFieldType.PHONENUMBER), '12', 'Enter a valid phone number'],
    [rule('p', FormFieldType.PHONENUMBER), '+1 555\n0100', 'Enter a valid phone number'],
    [rule('e', FormFieldType.EMAIL), 'a@b.com\nBcc: c@d.com', 'Enter a valid e-mail address'],
    [rule('o', FormFieldType.OPTION, { options: ['a'] }), 'b', 'Choose one of the options'],
    [rule('c', FormFieldType.CHECKBOX, { options: ['a', 'b'], min: 2 }), ['a'], 'Choose at least 2'],
    [rule('c', FormFieldType.CHECKBOX, { options: ['a', 'b'] }), [1], 'Choose among the options'],
    [rule('b', FormFieldType.BUTTON), 'clicked', 'This field takes no value'],
  ])('refuses %j given %j', (field, value, message) => {
    expect(checkSubmission([field], { [field.name]: value }).errors).toEqual({ [field.name]: [message] });
  });

  it('counts characters, not UTF-16 units, for text lengths', () => {
    expect(checkSubmission([rule('t', FormFieldType.TEXT, { max: 2 })], { t: '😀😀' }).errors).toEqual({});
  });

  it('checks ZOHOOPTIONS against the named option list when there is one', () => {
    const field = rule('country', FormFieldType.ZOHOOPTIONS, { options: ['countries'] });
    expect(checkSubmission([field], { country: 'Peru' }, { countries: ['France'] }).errors).toEqual({ country: ['Choose one of the options'] });
    expect(checkSubmission([field], { country: 'France' }, { countries: ['France'] }).value).toEqual({ country: 'France' });
    expect(checkSubmission([field], { country: 'Peru' }, {}).value).toEqual({ country: 'Peru' });
  });

  it('refuses names the form does not have, including prototype names', () => {
    expect(checkSubmission([rule('a', FormFieldType.TEXT)], { a: 'x', toString: 'y', hasOwnProperty: 'z' }).errors).toEqual({
      toString: ['This form has no such field'],
      hasOwnProperty: ['This form has no such field'],
    });
  });
});
