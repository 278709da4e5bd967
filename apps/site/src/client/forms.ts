import { FORM_HONEYPOT_FIELD, TOKEN_HEADER, type FormSubmissionRequest } from '@cms/contracts';
import { FORM_ALERT_ATTR, FORM_ATTR, FORM_ERROR_FOR_ATTR, FORM_ID_FIELD, FORM_SECTION_FIELD, FORM_STATUS_ATTR } from '../shared/dom-contract';
import { readToken } from './session-token';

/** The controls of a form as [name, kind, value, checked] (kept apart from the DOM so that it can be tested without one). */
export interface ControlState {
  name: string;
  type: string;
  value: string;
  checked: boolean;
  disabled: boolean;
}

const SKIPPED = new Set([FORM_ID_FIELD, FORM_SECTION_FIELD, FORM_HONEYPOT_FIELD]);

/** The submission a form's controls make: a list per checkbox group, one text per other field. */
export function submissionOf(controls: readonly ControlState[]): FormSubmissionRequest {
  const values: Record<string, string | string[]> = {};
  let honeypot = '';
  for (const control of controls) {
    if (!control.name || control.disabled || control.type === 'submit' || control.type === 'button' || control.type === 'reset') continue;
    if (control.name === FORM_HONEYPOT_FIELD) honeypot = control.value;
    if (SKIPPED.has(control.name)) continue;
    if (control.type === 'checkbox') {
      const list = Array.isArray(values[control.name]) ? (values[control.name] as string[]) : [];
      if (control.checked) list.push(control.value);
      values[control.name] = list;
    } else if (control.type === 'radio') {
      if (control.checked) values[control.name] = control.value;
    } else {
      values[control.name] = control.value;
    }
  }
  return honeypot ? { values, [FORM_HONEYPOT_FIELD]: honeypot } : { values };
}

/** `{seconds}` in a localized message. */
export function withSeconds(message: string, retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  return message.replace('{seconds}', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60));
}

function readErrors(body: unknown): Record<string, string[]> {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).map(([name, list]) => [name, (Array.isArray(list) ? list : [list]).filter((item): item is string => typeof item === 'string')]),
  );
}

function controlsOf(form: HTMLFormElement): ControlState[] {
  return Array.from(form.elements).flatMap((element) => {
    if (!(
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLButtonElement
    ))
      return [];
    return [
      {
        name: element.name,
        type: element.type,
        value: element.value,
        checked: element instanceof HTMLInputElement && element.checked,
        disabled: element.disabled,
      },
    ];
  });
}

function setMessage(region: Element | null, doc: Document, kind: 'success' | 'error' | 'pending', text: string | null): void {
  if (!region) return;
  region.replaceChildren();
  if (!text) return;
  const paragraph = doc.createElement('p');
  paragraph.className = `cms-form__message cms-form__message--${kind}`;
  paragraph.textContent = text;
  region.appendChild(paragraph);
}

function showErrors(form: HTMLFormElement, errors: Record<string, string[]>): void {
  for (const paragraph of Array.from(form.querySelectorAll<HTMLElement>(`[${FORM_ERROR_FOR_ATTR}]`))) {
    const name = paragraph.getAttribute(FORM_ERROR_FOR_ATTR) ?? '';
    const messages = Object.hasOwn(errors, name) ? errors[name] : [];
    paragraph.textContent = messages.join(' ');
    paragraph.hidden = messages.length === 0;
    const field = paragraph.closest('fieldset') ?? form.querySelector(`[name="${CSS.escape(name)}"]`);
    if (messages.length) field?.setAttribute('aria-invalid', 'true');
    else field?.removeAttribute('aria-invalid');
  }
  // The first refused control in the order the visitor reads them.
  const first = Array.from(form.elements).find((control) => control instanceof HTMLElement && Object.hasOwn(errors, (control as HTMLInputElement).name ?? ''));
  if (first instanceof HTMLElement) first.focus();
}

/**
 * With JavaScript, a form of the page is sent to POST /api/forms/{id}/messages with fetch: the
 * visitor stays on the page, sees each field's refusal beside it, or the success message. Without
 * it the same form posts to the page, which the server answers (see site-handler).
 */
export function startForms(win: Window, doc: Document): void {
  for (const form of Array.from(doc.querySelectorAll<HTMLFormElement>(`form[${FORM_ATTR}]`))) {
    const status = form.querySelector(`[${FORM_STATUS_ATTR}]`);
    const alert = form.querySelector(`[${FORM_ALERT_ATTR}]`);
    let busy = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (busy) return;
      busy = true;
      const buttons = Array.from(form.querySelectorAll<HTMLButtonElement>('button[type="submit"]'));
      for (const button of buttons) button.disabled = true;
      form.setAttribute('aria-busy', 'true');
      setMessage(alert, doc, 'error', null);
      setMessage(status, doc, 'pending', form.dataset.msgSending ?? null);

      const locale = form.dataset.locale ?? 'en';
      const url = `/api/forms/${encodeURIComponent(form.getAttribute(FORM_ATTR) ?? '')}/messages?locale=${encodeURIComponent(locale)}`;
      // A form shown only on members' pages takes messages only from members: say who is sending.
      const token = readToken(win);
      win
        .fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
          body: JSON.stringify(submissionOf(controlsOf(form))),
        })
        .then(async (response) => {
          const body: unknown = await response.json().catch(() => undefined);
          setMessage(status, doc, 'success', null);
          if (response.status === 201 || response.status === 200) {
            form.reset();
            showErrors(form, {});
            setMessage(status, doc, 'success', form.dataset.msgSuccess ?? null);
          } else if (response.status === 400) {
            showErrors(form, readErrors(body));
            setMessage(alert, doc, 'error', form.dataset.msgError ?? null);
          } else if (response.status === 429) {
            setMessage(alert, doc, 'error', withSeconds(form.dataset.msgTooMany ?? '', response.headers.get('retry-after')));
          } else {
            setMessage(alert, doc, 'error', form.dataset.msgUnavailable ?? null);
          }
        })
        .catch(() => {
          setMessage(status, doc, 'success', null);
          setMessage(alert, doc, 'error', form.dataset.msgUnavailable ?? null);
        })
        .finally(() => {
          busy = false;
          for (const button of buttons) button.disabled = false;
          form.removeAttribute('aria-busy');
        });
    });
  }
}
