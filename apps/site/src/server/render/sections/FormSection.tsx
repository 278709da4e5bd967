import { FORM_FIELD_NAME_PATTERN, FORM_HONEYPOT_FIELD, FormFieldType } from '@cms/contracts';
import type { ReactNode } from 'react';
import { FORM_ALERT_ATTR, FORM_ATTR, FORM_ERROR_FOR_ATTR, FORM_STATUS_ATTR, FORM_SECTION_FIELD, FORM_ID_FIELD } from '../../../shared/dom-contract';
import { messagesFor } from '../../i18n/messages';
import { asContent, readList, readText, type Content } from '../content';
import { defineBlock, type BlockProps, type FormState, SectionTitle } from './block';

/** A field of a form in the page's locale; ZOHOOPTIONS fields carry their resolved list in `options`. */
export interface FormFieldModel {
  name: string;
  type: FormFieldType;
  label?: string;
  placeholder?: string;
  line: number;
  position: number;
  options: string[];
  min: number | null;
  max: number | null;
  defaultText?: string;
  defaultNumber: number | null;
  defaultMultiple: string[];
  required: boolean;
}

export interface FormModel {
  id: number;
  successMessage?: string;
  errorMessage?: string;
  fields: FormFieldModel[];
}

interface FormContent {
  title?: string;
  text?: string;
  form: FormModel;
}

const FIELD_TYPES = new Set<string>(Object.values(FormFieldType));
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function readField(raw: Content): FormFieldModel | null {
  const name = readText(raw, 'name');
  const type = readText(raw, 'type');
  if (!name || !FORM_FIELD_NAME_PATTERN.test(name) || name === FORM_HONEYPOT_FIELD || !type || !FIELD_TYPES.has(type)) return null;
  return {
    name,
    type: type as FormFieldType,
    label: readText(raw, 'label'),
    placeholder: readText(raw, 'placeholder'),
    line: finite(raw.line) ?? 0,
    position: finite(raw.position) ?? 0,
    options: strings(raw.options),
    min: finite(raw.min),
    max: finite(raw.max),
    defaultText: readText(raw, 'defaultText'),
    defaultNumber: finite(raw.defaultNumber),
    defaultMultiple: strings(raw.defaultMultiple),
    required: raw.required === true,
  };
}

export function readForm(value: unknown): FormModel | null {
  const raw = asContent(value);
  const id = raw?.id;
  if (!raw || typeof id !== 'number' || !Number.isInteger(id) || id < 1) return null;
  const fields = readList(raw, 'fields')
    .map(readField)
    .filter((field): field is FormFieldModel => field !== null)
    .sort((a, b) => a.line - b.line || a.position - b.position);
  return { id, successMessage: readText(raw, 'successMessage'), errorMessage: readText(raw, 'errorMessage'), fields };
}

/** Fields that share a `line` sit side by side. */
export function rowsOf(fields: readonly FormFieldModel[]): FormFieldModel[][] {
  const rows: FormFieldModel[][] = [];
  for (const field of fields) {
    const last = rows[rows.length - 1];
    if (last && last[0].line === field.line) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

interface FieldProps {
  field: FormFieldModel;
  id: string;
  value: string | string[] | undefined;
  error: string | undefined;
  chooseLabel: string;
  submitLabel: string;
}

function Label({ field, id }: { field: FormFieldModel; id: string }) {
  if (!field.label) return null;
  return (
    <label className="field__label" htmlFor={id}>
      {field.label}
      {field.required && (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

function ErrorText({ id, name, error }: { id: string; name: string; error: string | undefined }) {
  return (
    <p className="field__error" id={`${id}-error`} hidden={!error} {...{ [FORM_ERROR_FOR_ATTR]: name }}>
      {error}
    </p>
  );
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function Choices({ field, id, value, error }: FieldProps) {
  const multiple = field.type === FormFieldType.CHECKBOX;
  const chosen =
    value === undefined ? (multiple ? field.defaultMultiple : field.defaultText ? [field.defaultText] : []) : Array.isArray(value) ? value : [value];
  return (
    <fieldset className="field field--choices" aria-describedby={`${id}-error`} aria-invalid={error ? true : undefined}>
      <legend className="field__label">
        {field.label ?? field.name}
        {field.required && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      <div className="field__choices">
        {field.options.map((option, index) => (
          <label className="choice" key={index}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              id={`${id}-${index}`}
              name={field.name}
              value={option}
              defaultChecked={chosen.includes(option)}
              // A group of boxes cannot say "at least one" in HTML; one box alone can be required.
              required={field.required && (!multiple || field.options.length === 1) ? true : undefined}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      <ErrorText id={id} name={field.name} error={error} />
    </fieldset>
  );
}

function Field(props: FieldProps) {
  const { field, id, value, error, chooseLabel, submitLabel } = props;
  const common = {
    id,
    name: field.name,
    required: field.required || undefined,
    'aria-describedby': `${id}-error`,
    'aria-invalid': error ? true : undefined,
    'aria-label': field.label ? undefined : (field.placeholder ?? field.name),
  };
  const text = single(value);
  const length = { minLength: field.min ?? undefined, maxLength: field.max ?? undefined };

  switch (field.type) {
    case FormFieldType.TITLE:
      return <h3 className="cms-form__heading">{field.label ?? field.placeholder}</h3>;
    case FormFieldType.BUTTON:
      return (
        <div className="cms-form__actions">
          <button type="submit" className="button">
            {field.label ?? submitLabel}
          </button>
        </div>
      );
    case FormFieldType.RADIO:
    case FormFieldType.CHECKBOX:
      return <Choices {...props} />;
    default:
      break;
  }

  let control: ReactNode;
  const select = field.type === FormFieldType.OPTION || (field.type === FormFieldType.ZOHOOPTIONS && field.options.length > 0);
  if (select) {
    control = (
      <select {...common} className="field__control" defaultValue={text ?? field.defaultText ?? ''}>
        <option value="">{field.placeholder ?? chooseLabel}</option>
        {field.options.map((option, index) => (
          <option key={index} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === FormFieldType.PARAGRAPH) {
    control = <textarea {...common} {...length} className="field__control" rows={5} placeholder={field.placeholder} defaultValue={text ?? field.defaultText} />;
  } else if (field.type === FormFieldType.NUMBER) {
    control = (
      <input
        {...common}
        className="field__control"
        type="number"
        step="any"
        inputMode="decimal"
        min={field.min ?? undefined}
        max={field.max ?? undefined}
        placeholder={field.placeholder}
        defaultValue={text ?? field.defaultNumber ?? undefined}
      />
    );
  } else {
    const input: Record<string, { type: string; autoComplete?: string; lengths: boolean }> = {
      [FormFieldType.EMAIL]: { type: 'email', autoComplete: 'email', lengths: false },
      [FormFieldType.PHONENUMBER]: { type: 'tel', autoComplete: 'tel', lengths: false },
      [FormFieldType.PASSWORD]: { type: 'password', autoComplete: 'off', lengths: true },
    };
    const kind = input[field.type] ?? { type: 'text', lengths: true };
    control = (
      <input
        {...common}
        {...(kind.lengths ? length : {})}
        className="field__control"
        type={kind.type}
        autoComplete={kind.autoComplete}
        placeholder={field.placeholder}
        // A password is never written back into the page.
        defaultValue={field.type === FormFieldType.PASSWORD ? undefined : (text ?? field.defaultText)}
      />
    );
  }
  return (
    <div className="field">
      <Label field={field} id={id} />
      {control}
      <ErrorText id={id} name={field.name} error={error} />
    </div>
  );
}

function stateFor(state: FormState | undefined, sectionId: string): FormState | undefined {
  return state && state.sectionId === sectionId ? state : undefined;
}

function FormSection({ content, section, Heading, headingId, context }: BlockProps<FormContent>) {
  const m = messagesFor(context.locale);
  const { form } = content;
  const state = stateFor(context.form, section.id);
  const hasButton = form.fields.some((field) => field.type === FormFieldType.BUTTON);
  const formAttributes = {
    [FORM_ATTR]: String(form.id),
    'data-locale': context.locale,
    'data-msg-sending': m.forms.sending,
    'data-msg-success': form.successMessage ?? m.forms.success,
    'data-msg-error': form.errorMessage ?? m.forms.error,
    'data-msg-too-many': m.forms.tooMany,
    'data-msg-unavailable': m.forms.unavailable,
  };
  return (
    <div className="container form-block">
      {(content.title || content.text) && (
        <div className="form-block__intro">
          <SectionTitle Heading={Heading} id={headingId} title={content.title} />
          {content.text && <p className="form-block__text">{content.text}</p>}
        </div>
      )}
      <form className="cms-form" method="post" action={`${context.pageHref}#${section.id}`} {...formAttributes}>
        <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
        <input type="hidden" name={FORM_SECTION_FIELD} value={section.id} />
        <div className="cms-form__live" role="status" {...{ [FORM_STATUS_ATTR]: '' }}>
          {state?.message?.kind === 'success' && <p className="cms-form__message cms-form__message--success">{state.message.text}</p>}
        </div>
        <div className="cms-form__live" role="alert" {...{ [FORM_ALERT_ATTR]: '' }}>
          {state?.message?.kind === 'error' && <p className="cms-form__message cms-form__message--error">{state.message.text}</p>}
        </div>
        {rowsOf(form.fields).map((row, index) => (
          <div className="cms-form__row" key={index}>
            {row.map((field) => (
              <Field
                key={field.name}
                field={field}
                id={`${section.id}-${field.name}`}
                value={state?.message?.kind === 'success' ? undefined : state?.values[field.name]}
                error={state?.errors[field.name]?.join(' ')}
                chooseLabel={m.forms.choose}
                submitLabel={m.forms.submit}
              />
            ))}
          </div>
        ))}
        <div className="cms-form__hp" aria-hidden="true">
          <label htmlFor={`${section.id}-hp`}>{m.forms.honeypot}</label>
          <input id={`${section.id}-hp`} type="text" name={FORM_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {!hasButton && (
          <div className="cms-form__actions">
            <button type="submit" className="button">
              {m.forms.submit}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}

export const formBlock = defineBlock<FormContent>((raw) => {
  const form = readForm(raw.form);
  if (!form) return null;
  return { title: readText(raw, 'title'), text: readText(raw, 'text'), form };
}, FormSection);
