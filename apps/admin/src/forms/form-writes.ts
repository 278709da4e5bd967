import { FORM_FIELD_TYPES_WITH_OPTIONS, FormFieldType, type FormFieldInput } from '@cms/contracts';
import { changedFields, filledFields, numberOrNull, textOrNull, type Payload, type ResourceWrites, type Shape } from '../http/resource-writes';

const FORM_FIELDS = ['title', 'sendMail', 'sendTo', 'successMessage', 'errorMessage', 'status', 'fields'] as const;
const FORM_TYPES_WITH_OPTIONS: readonly string[] = [...FORM_FIELD_TYPES_WITH_OPTIONS, FormFieldType.ZOHOOPTIONS];
const OPTIONAL_TEXTS: readonly string[] = ['sendTo', 'successMessage', 'errorMessage'];

/** A form field as the API takes it; `position` is its rank when not given. */
export function toFormFieldInput(raw: Payload, index: number, keepId: boolean): FormFieldInput {
  const type = raw.type as FormFieldType;
  const field: FormFieldInput = {
    name: String(raw.name ?? '').trim(),
    type,
    label: textOrNull(raw.label),
    placeholder: textOrNull(raw.placeholder),
    position: numberOrNull(raw.position) ?? index,
    line: numberOrNull(raw.line) ?? index,
    options: FORM_TYPES_WITH_OPTIONS.includes(type)
      ? (Array.isArray(raw.options) ? raw.options : []).map((option) => String(option ?? '').trim()).filter(Boolean)
      : null,
    min: numberOrNull(raw.min),
    max: numberOrNull(raw.max),
    // Every property the API answers goes back: a value without an input on screen is kept.
    defaultText: typeof raw.defaultText === 'string' && raw.defaultText !== '' ? raw.defaultText : null,
    defaultNumber: numberOrNull(raw.defaultNumber),
    defaultMultiple: Array.isArray(raw.defaultMultiple) ? raw.defaultMultiple.map((choice) => String(choice ?? '').trim()).filter(Boolean) : null,
    required: !!raw.required,
    warningMessage: textOrNull(raw.warningMessage),
  };
  if (keepId && typeof raw.id === 'number') field.id = raw.id;
  return field;
}

function formShape(keepIds: boolean): Shape {
  return (field, value) => {
    if (field === 'fields') return (Array.isArray(value) ? value : []).map((raw, index) => toFormFieldInput(raw ?? {}, index, keepIds));
    if (OPTIONAL_TEXTS.includes(field)) return textOrNull(value);
    if (field === 'title' && typeof value === 'string') return value.trim();
    return value;
  };
}

export const formWrites: ResourceWrites = {
  localized: true,
  create: (data) => filledFields(FORM_FIELDS, data, formShape(true)),
  update: (data, previous) => {
    // A form's fields shown from en are a copy to start from: their ids are en's, not this locale's.
    const keepIds = !(previous.fieldsLocale && previous.fieldsLocale !== previous.locale);
    return changedFields(FORM_FIELDS, data, previous, formShape(keepIds));
  },
};
