import { FormFieldType, type Lang, type Status } from './enums';

/**
 * Name of the hidden honeypot input of every public form. People leave it empty; a bot that fills
 * it gets the ordinary success answer, and nothing is stored or mailed.
 */
export const FORM_HONEYPOT_FIELD = '_hp';

/** Field names: a letter, then letters, digits, `_` or `-` (at most 64). They key the stored values. */
export const FORM_FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Types whose values must be among the field's `options`. */
export const FORM_FIELD_TYPES_WITH_OPTIONS: readonly FormFieldType[] = [FormFieldType.OPTION, FormFieldType.RADIO, FormFieldType.CHECKBOX];

/** Types that only show something (a button, a heading): a submission gives them no value. */
export const FORM_FIELD_TYPES_WITHOUT_VALUE: readonly FormFieldType[] = [FormFieldType.BUTTON, FormFieldType.TITLE];

/** Types whose `min`/`max` bound the text length (NUMBER: the number; CHECKBOX: how many are ticked). */
export const FORM_FIELD_TEXT_TYPES: readonly FormFieldType[] = [FormFieldType.TEXT, FormFieldType.PARAGRAPH, FormFieldType.PASSWORD];

/** Most values a submission may carry, and most fields a form may have in one locale. */
export const FORM_MAX_FIELDS = 100;

/**
 * One input of a form in one locale, as the back office writes it.
 * - OPTION, RADIO: one of `options`. CHECKBOX: a list of `options`.
 * - ZOHOOPTIONS: `options` holds one key of the `optionLists` setting; the value is one of that list.
 * - `min`/`max`: length for TEXT, PARAGRAPH, PASSWORD; value for NUMBER; ticked count for CHECKBOX.
 */
export interface FormFieldInput {
  /** Keeps the id of an existing field of the same form and locale; absent for a new field. */
  id?: number;
  name: string;
  type: FormFieldType;
  label?: string | null;
  placeholder?: string | null;
  position?: number;
  line?: number;
  options?: string[] | null;
  min?: number | null;
  max?: number | null;
  defaultText?: string | null;
  defaultNumber?: number | null;
  defaultMultiple?: string[] | null;
  required?: boolean;
  /** Shown to the visitor (and answered in `errors`) when the value is refused. */
  warningMessage?: string | null;
}

export interface FormFieldDto extends Required<Omit<FormFieldInput, 'id'>> {
  id: number;
}

/** A row of GET /api/forms. */
export interface FormListItem {
  id: number;
  title: string;
  sendMail: boolean;
  sendTo: string | null;
  successMessage: string | null;
  errorMessage: string | null;
  status: Status;
  updatedAt: string;
}

/** GET /api/forms/:id?locale= */
export interface FormDto extends FormListItem {
  /** The locale asked for. */
  locale: Lang;
  /** Where `fields` come from: the locale asked for, or `en` when that locale has none yet. */
  fieldsLocale: Lang;
  /** The locales that have their own fields. */
  locales: Lang[];
  fields: FormFieldDto[];
}

/** POST /api/forms?locale= (fields are saved in that locale). */
export interface CreateFormRequest {
  title: string;
  sendMail?: boolean;
  /** Required, and an e-mail address, when `sendMail` is true. */
  sendTo?: string | null;
  successMessage?: string | null;
  errorMessage?: string | null;
  status?: Status;
  fields?: FormFieldInput[];
}

/** PUT /api/forms/:id?locale=: `fields`, when given, replace that locale's fields. */
export type UpdateFormRequest = Partial<CreateFormRequest>;

/** GET /api/forms/:id/public?locale=: what the public site needs to show an AVAILABLE form. */
export interface PublicFormDto {
  id: number;
  title: string;
  successMessage: string | null;
  errorMessage: string | null;
  locale: Lang;
  fields: Omit<FormFieldDto, 'id'>[];
  /** The name of the hidden input to render empty (FORM_HONEYPOT_FIELD). */
  honeypot: string;
}

/** A submitted value: text, a number (NUMBER) or a list of options (CHECKBOX). */
export type FormValue = string | number | string[];

/** POST /api/forms/:id/messages?locale= (public). */
export interface FormSubmissionRequest {
  values: Record<string, FormValue>;
  /** The honeypot: leave empty. */
  _hp?: string;
}

/** 201 answer of a submission: the form's successMessage (or a default). */
export interface FormSubmissionResponse {
  message: string;
}

/** Where the notification e-mail of a message is; null when the form sends none. */
export type MessageMailStatus = 'pending' | 'sent' | 'failed';

/** GET /api/messages */
export interface MessageDto {
  id: number;
  formId: number;
  formTitle: string;
  read: boolean;
  /** The values as submitted, keyed by field name; plain text, never HTML. */
  value: Record<string, FormValue>;
  createdAt: string;
  mailStatus: MessageMailStatus | null;
}

/** PUT /api/messages/:id */
export interface UpdateMessageRequest {
  read: boolean;
}
