import { FormFieldType } from '@cms/contracts';
import { checkFormFields } from './form-definition';

describe('form field definitions', () => {
  it('accepts a sound definition', () => {
    expect(
      checkFormFields([
        { name: 'name', type: FormFieldType.TEXT, min: 2, max: 50, required: true },
        { name: 'age', type: FormFieldType.NUMBER, min: -1.5, max: 99.5 },
        { name: 'topics', type: FormFieldType.CHECKBOX, options: ['a', 'b'], defaultMultiple: ['a'], max: 2 },
        { name: 'country', type: FormFieldType.ZOHOOPTIONS, options: ['countries'] },
        { name: 'send', type: FormFieldType.BUTTON },
      ]),
    ).toEqual({});
  });

  it('names each problem by its place', () => {
    expect(
      checkFormFields([
        { id: 4, name: 'Name', type: FormFieldType.TEXT, min: 1.5 },
        { id: 4, name: 'name', type: FormFieldType.RADIO },
        { name: 'prototype', type: FormFieldType.CHECKBOX, options: ['a'], defaultMultiple: ['b'], min: 3, max: 1 },
      ]),
    ).toEqual({
      'fields.0.min': ['min is a length: a whole number from 0'],
      'fields.1.name': ['"name" is already the name of field 0: names must be unique'],
      'fields.1.id': ['the id 4 is given twice'],
      'fields.1.options': ['a RADIO field needs options'],
      'fields.2.name': ['"prototype" is reserved: choose another name'],
      'fields.2.max': ['max (1) must not be below min (3)'],
      'fields.2.defaultMultiple': ['defaultMultiple must hold only options of the field'],
    });
  });
});
