import {
  FORM_FIELD_TEXT_TYPES,
  FORM_FIELD_TYPES_WITH_OPTIONS,
  FORM_FIELD_TYPES_WITHOUT_VALUE,
  FormFieldType,
  OPTION_LIST_KEY_PATTERN,
  type FormFieldInput,
} from '@cms/contracts';

/** Keys a JSON body may not hold (the body parser refuses them), so no field may be named so. */
const RESERVED_NAMES = new Set(['constructor', 'prototype']);
const OPTION_LIST_KEY = OPTION_LIST_KEY_PATTERN;

/**
 * The rules between the properties of a form's fields that a DTO cannot say on its own. Answers
 * the problems keyed like the validation pipe's (`fields.2.options`); empty when all is well.
 */
export function checkFormFields(fields: readonly FormFieldInput[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (index: number, property: string, message: string) => (errors[`fields.${index}.${property}`] ??= []).push(message);
  const names = new Map<string, number>();
  const ids = new Set<number>();
  fields.forEach((field, index) => {
    const key = field.name.toLowerCase();
    if (RESERVED_NAMES.has(key)) add(index, 'name', `"${field.name}" is reserved: choose another name`);
    if (names.has(key)) add(index, 'name', `"${field.name}" is already the name of field ${names.get(key)}: names must be unique`);
    else names.set(key, index);
    if (field.id !== undefined) {
      if (ids.has(field.id)) add(index, 'id', `the id ${field.id} is given twice`);
      ids.add(field.id);
    }

    const options = field.options ?? [];
    if (FORM_FIELD_TYPES_WITH_OPTIONS.includes(field.type) && options.length === 0) add(index, 'options', `a ${field.type} field needs options`);
    if (field.type === FormFieldType.ZOHOOPTIONS && (options.length !== 1 || !OPTION_LIST_KEY.test(options[0]))) {
      add(index, 'options', 'a ZOHOOPTIONS field needs exactly one option: the key of a list of the optionLists setting');
    }
    if (FORM_FIELD_TYPES_WITHOUT_VALUE.includes(field.type) && field.required)
      add(index, 'required', `a ${field.type} field takes no value, so it cannot be required`);

    const { min, max } = field;
    if (min != null && max != null && min > max) add(index, 'max', `max (${max}) must not be below min (${min})`);
    if (FORM_FIELD_TEXT_TYPES.includes(field.type) || field.type === FormFieldType.CHECKBOX) {
      const what = field.type === FormFieldType.CHECKBOX ? 'a count of ticked options' : 'a length';
      if (min != null && (!Number.isInteger(min) || min < 0)) add(index, 'min', `min is ${what}: a whole number from 0`);
      if (max != null && (!Number.isInteger(max) || max < 0)) add(index, 'max', `max is ${what}: a whole number from 0`);
    }
    if (field.type === FormFieldType.CHECKBOX && field.defaultMultiple?.some((choice) => !options.includes(choice))) {
      add(index, 'defaultMultiple', 'defaultMultiple must hold only options of the field');
    }
  });
  return errors;
}
