import { FormFieldType, type FormValue } from '@cms/contracts';
import { isEmail } from 'class-validator';

/** What a submission is checked against: a field of the form in the visitor's locale. */
export interface FieldRule {
  name: string;
  type: FormFieldType;
  required: boolean;
  options: string[] | null;
  min: number | null;
  max: number | null;
  warningMessage: string | null;
}

interface SubmissionCheck {
  /** The accepted values, by field name (empty ones left out). */
  value: Record<string, FormValue>;
  /** For each refused name: the field's warningMessage, or a default that says what is wrong. */
  errors: Record<string, string[]>;
}

const MAX_LINE = 2_000;
const MAX_PARAGRAPH = 20_000;
// Digits with spaces, dots, dashes, slashes and brackets, an optional leading +; 4 to 20 digits.
const PHONE = /^\+?[0-9 ().\/-]{4,30}$/;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

type Outcome = { ok: FormValue } | { error: string };

function text(value: unknown, rule: FieldRule, cap: number): Outcome {
  if (typeof value !== 'string') return { error: 'Enter a text' };
  if (value.includes('\u0000')) return { error: 'The text holds a character that is not allowed' };
  const length = [...value].length;
  if (length > cap) return { error: `Enter at most ${cap} characters` };
  if (rule.min != null && length < rule.min) return { error: `Enter at least ${rule.min} characters` };
  if (rule.max != null && length > rule.max) return { error: `Enter at most ${rule.max} characters` };
  return { ok: value };
}

function checkOne(rule: FieldRule, value: unknown, optionLists: Record<string, string[]>): Outcome {
  switch (rule.type) {
    case FormFieldType.TEXT:
    case FormFieldType.PASSWORD:
      return text(value, rule, MAX_LINE);
    case FormFieldType.PARAGRAPH:
      return text(value, rule, MAX_PARAGRAPH);
    case FormFieldType.EMAIL: {
      // CR/LF are refused outright: this value becomes the Reply-To of the notification e-mail.
      if (typeof value !== 'string' || value.length > 254 || /[\r\n\u0000]/.test(value) || !isEmail(value.trim()))
        return { error: 'Enter a valid e-mail address' };
      return { ok: value.trim() };
    }
    case FormFieldType.PHONENUMBER: {
      const digits = typeof value === 'string' ? value.replace(/\D/g, '').length : 0;
      if (typeof value !== 'string' || !PHONE.test(value.trim()) || digits < 4 || digits > 20) return { error: 'Enter a valid phone number' };
      return { ok: value.trim() };
    }
    case FormFieldType.NUMBER: {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(number)) return { error: 'Enter a number' };
      if (rule.min != null && number < rule.min) return { error: `Enter a number of at least ${rule.min}` };
      if (rule.max != null && number > rule.max) return { error: `Enter a number of at most ${rule.max}` };
      return { ok: number };
    }
    case FormFieldType.OPTION:
    case FormFieldType.RADIO:
      return typeof value === 'string' && (rule.options ?? []).includes(value) ? { ok: value } : { error: 'Choose one of the options' };
    case FormFieldType.CHECKBOX: {
      const chosen = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(chosen) || !chosen.every((c) => typeof c === 'string' && (rule.options ?? []).includes(c)))
        return { error: 'Choose among the options' };
      const unique = [...new Set(chosen as string[])];
      if (rule.min != null && unique.length < rule.min) return { error: `Choose at least ${rule.min}` };
      if (rule.max != null && unique.length > rule.max) return { error: `Choose at most ${rule.max}` };
      return { ok: unique };
    }
    case FormFieldType.ZOHOOPTIONS: {
      const list = rule.options?.[0] !== undefined ? optionLists[rule.options[0]] : undefined;
      if (typeof value !== 'string' || value.length > 200) return { error: 'Choose one of the options' };
      // Without its list (the optionLists setting lacks the key) the choice cannot be checked: keep the text.
      if (list && !list.includes(value)) return { error: 'Choose one of the options' };
      return { ok: value };
    }
    case FormFieldType.BUTTON:
    case FormFieldType.TITLE:
      return { error: 'This field takes no value' };
  }
}

/**
 * Checks submitted values against a form's fields on the server: unknown names, required fields,
 * e-mail and phone formats, number bounds, text lengths, choices among the options; BUTTON and
 * TITLE carry nothing. Values are kept as plain data (text, numbers, lists of options).
 */
export function checkSubmission(fields: readonly FieldRule[], values: Record<string, unknown>, optionLists: Record<string, string[]> = {}): SubmissionCheck {
  const rules = new Map(fields.map((field) => [field.name, field]));
  const value: Record<string, FormValue> = {};
  const errors: Record<string, string[]> = {};
  const refuse = (rule: FieldRule, message: string) => (errors[rule.name] = [rule.warningMessage || message]);

  for (const name of Object.keys(values)) {
    if (!rules.has(name)) errors[name.slice(0, 100)] = ['This form has no such field'];
  }
  for (const rule of fields) {
    const given = Object.hasOwn(values, rule.name) ? values[rule.name] : undefined;
    if (rule.type === FormFieldType.BUTTON || rule.type === FormFieldType.TITLE) {
      if (given !== undefined) refuse(rule, 'This field takes no value');
      continue;
    }
    if (isEmpty(given)) {
      if (rule.required) refuse(rule, 'This field is required');
      continue;
    }
    const outcome = checkOne(rule, given, optionLists);
    if ('error' in outcome) refuse(rule, outcome.error);
    else value[rule.name] = outcome.ok;
  }
  return { value, errors };
}
