import { Lang } from '@cms/contracts';
import { mapPageResponse } from '../../pages/map-page';
import type { PageModel } from '../../pages/page-model';
import { richPage } from '../../testing/page-fixtures';
import { DEFAULT_THEME } from '../../theme/site-theme';
import { renderPage } from '../render-page';
import type { FormState } from './block';
import { readForm, rowsOf } from './FormSection';

const assets = { scripts: [], styles: [] };
const formOnly = (locale: Lang = Lang.en): PageModel => {
  const page = mapPageResponse(richPage(locale, '/contact'));
  return { ...page, layout: undefined, sections: page.sections.filter((s) => s.block === 'form') };
};
const render = (form?: FormState, locale: Lang = Lang.en) => {
  const html = renderPage({ page: formOnly(locale), theme: DEFAULT_THEME, assets, origin: null, form });
  return html.slice(html.indexOf('<form'), html.indexOf('</form>') + 7);
};

describe('form block', () => {
  it('is a real form that posts to its page without JavaScript, with the honeypot and which form it is', () => {
    const html = render();
    expect(html).toMatch(/^<form class="cms-form" data-cms-form="9" data-locale="en"[^>]* action="\/contact#section-6" method="post">/);
    expect(html).toContain('data-msg-success="Thanks, we will write back."');
    expect(html).toContain('data-msg-error="Please check the form."');
    expect(html).toContain('<input type="hidden" name="_form" value="9"/><input type="hidden" name="_section" value="section-6"/>');
    expect(html).toContain(
      '<div class="cms-form__hp" aria-hidden="true"><label for="section-6-hp">Leave this field empty</label><input id="section-6-hp" type="text" tabindex="-1" autoComplete="off" name="_hp" value=""/></div>',
    );
  });

  it('renders each field type with its label, placeholder, rules and default', () => {
    const html = render();
    expect(html).toContain('<h3 class="cms-form__heading">About you</h3>');
    expect(html).toContain(
      '<label class="field__label" for="section-6-name">Name<span class="field__required" aria-hidden="true"> *</span></label><input id="section-6-name" required="" aria-describedby="section-6-name-error" maxLength="80" class="field__control" type="text" placeholder="Ada" name="name"/>',
    );
    expect(html).toContain('type="email" autoComplete="email"');
    expect(html).toContain('type="tel" autoComplete="tel"');
    expect(html).toMatch(/<input id="section-6-age"[^>]*type="number" step="any" inputMode="decimal" min="18" max="120" name="age" value="30"\/>/);
    expect(html).toContain('<legend class="field__label">Topic<span class="field__required" aria-hidden="true"> *</span></legend>');
    expect(html).toContain('<input type="radio" id="section-6-topic-0" required="" name="topic" checked="" value="Sales"/>');
    expect(html).toContain('<input type="checkbox" id="section-6-interests-0" name="interests" checked="" value="News"/>');
    expect(html).toContain('<input type="checkbox" id="section-6-interests-1" name="interests" value="Events"/>');
    expect(html).toMatch(/<select id="section-6-kind" name="kind"[^>]*><option value="" selected="">Choose…<\/option><option value="A">A<\/option>/);
    expect(html).toContain('<option value="France">France</option><option value="Italy">Italy</option>');
    expect(html).toContain('type="password" autoComplete="off"');
    expect(html).toMatch(/<textarea id="section-6-message" name="message"[^>]*minLength="10" maxLength="2000" class="field__control" rows="5"><\/textarea>/);
    expect(html).toContain('<div class="cms-form__actions"><button type="submit" class="button">Send it</button></div>');
    // The BUTTON field is the submit button: no second one.
    expect(html.match(/type="submit"/g)).toHaveLength(1);
  });

  it('puts fields of the same line side by side', () => {
    const form = readForm((formOnly().sections[0].content as { form: unknown }).form);
    expect(rowsOf(form?.fields ?? []).map((row) => row.map((field) => field.name))).toEqual([
      ['intro'],
      ['name', 'email'],
      ['phone'],
      ['age'],
      ['topic'],
      ['interests'],
      ['kind'],
      ['country'],
      ['secret'],
      ['message'],
      ['go'],
    ]);
  });

  it('shows the refusals beside their fields and keeps what was typed, but never a password', () => {
    const html = render({
      sectionId: 'section-6',
      values: { name: 'Ada <b>', email: 'ada@', interests: ['Events'], secret: 'hunter2', topic: 'Support' },
      errors: { email: ['An e-mail we can answer'] },
      message: { kind: 'error', text: 'Please check the form.' },
    });
    expect(html).toContain(
      '<div class="cms-form__live" role="alert" data-form-alert=""><p class="cms-form__message cms-form__message--error">Please check the form.</p></div>',
    );
    expect(html).toContain('value="Ada &lt;b&gt;"');
    expect(html).toMatch(
      /<input id="section-6-email" required="" aria-describedby="section-6-email-error" aria-invalid="true"[^>]*name="email" value="ada@"\/>/,
    );
    expect(html).toContain('<p class="field__error" id="section-6-email-error" data-error-for="email">An e-mail we can answer</p>');
    expect(html).toContain('<p class="field__error" id="section-6-name-error" hidden="" data-error-for="name"></p>');
    expect(html).toContain('name="interests" checked="" value="Events"/>');
    expect(html).not.toContain('name="interests" checked="" value="News"');
    expect(html).toContain('name="topic" checked="" value="Support"');
    expect(html).not.toContain('hunter2');
  });

  it('shows the success message, with a fresh form', () => {
    const html = render({ sectionId: 'section-6', values: {}, errors: {}, message: { kind: 'success', text: 'Thanks, we will write back.' } });
    expect(html).toContain('role="status" data-form-status=""><p class="cms-form__message cms-form__message--success">Thanks, we will write back.</p></div>');
  });

  it('ignores the state of another section', () => {
    const html = render({ sectionId: 'section-99', values: { name: 'Zed' }, errors: { name: ['No'] }, message: { kind: 'error', text: 'Nope' } });
    expect(html).not.toContain('Zed');
    expect(html).not.toContain('Nope');
  });

  it('speaks the page locale and adds a submit button when the form has none', () => {
    const page = formOnly(Lang.fr);
    const content = page.sections[0].content as { form: { fields: { type: string }[] } };
    content.form.fields = content.form.fields.filter((field) => field.type !== 'BUTTON');
    const html = renderPage({ page, theme: DEFAULT_THEME, assets, origin: null });
    expect(html).toContain('action="/fr/contact#section-6"');
    expect(html).toContain('<button type="submit" class="button">Envoyer</button>');
    expect(html).toContain('data-msg-too-many="Trop de messages');
  });

  it('refuses field names it could not post back, and forms without an id', () => {
    expect(
      readForm({
        id: 3,
        fields: [
          { name: '_hp', type: 'TEXT' },
          { name: '1x', type: 'TEXT' },
          { name: 'ok', type: 'NOPE' },
          { name: 'fine', type: 'TEXT' },
        ],
      })?.fields.map((f) => f.name),
    ).toEqual(['fine']);
    expect(readForm({ fields: [] })).toBeNull();
  });
});
