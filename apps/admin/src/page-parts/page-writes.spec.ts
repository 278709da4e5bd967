import { containerWrites } from '../containers/container-writes';
import { contentWrites } from '../contents/content-writes';
import { formWrites, toFormFieldInput } from '../forms/form-writes';
import type { Payload, ResourceWrites } from '../http/resource-writes';
import { toFormErrors } from '../http/server-errors';
import { toMediaUpdate } from '../medias/media-writes';

const writers: Record<string, ResourceWrites> = { containers: containerWrites, contents: contentWrites, forms: formWrites };
const toPagePayload = (resource: string, data: Payload) => writers[resource].create?.(data) as Payload;
const toPageUpdatePayload = (resource: string, data: Payload, previous: Payload = {}) => writers[resource].update?.(data, previous) as Payload;

describe('page owners and forms: what their writes send', () => {
  it('sends a container with clean field definitions and without an empty slug', () => {
    expect(
      toPagePayload('containers', {
        title: ' Blog ',
        slug: null,
        status: 'AVAILABLE',
        fields: [
          { label: 'Size', name: 'size', type: 'OPTION', options: ['S', '', 'L'], zohoOptionsKey: 'x', min: '' },
          { label: 'Link', name: 'related', type: 'CONTENT', linkedContainerId: '4', options: ['a'] },
        ],
        extra: 1,
      }),
    ).toEqual({
      title: 'Blog',
      status: 'AVAILABLE',
      fields: [
        {
          label: 'Size',
          name: 'size',
          type: 'OPTION',
          required: false,
          multiple: false,
          min: null,
          max: null,
          options: ['S', 'L'],
          zohoOptionsKey: null,
          linkedContainerId: null,
        },
        {
          label: 'Link',
          name: 'related',
          type: 'CONTENT',
          required: false,
          multiple: false,
          min: null,
          max: null,
          options: null,
          zohoOptionsKey: null,
          linkedContainerId: 4,
        },
      ],
    });
  });

  it('updates only the container parts that changed', () => {
    const previous = {
      id: 1,
      title: 'Blog',
      slug: 'blog',
      fields: [
        {
          id: 3,
          label: 'A',
          name: 'a',
          type: 'STRING',
          required: false,
          multiple: false,
          min: null,
          max: null,
          options: null,
          zohoOptionsKey: null,
          linkedContainerId: null,
          metadata: null,
          position: 0,
        },
      ],
      metadata: [],
      updatedAt: 'x',
    };
    expect(toPageUpdatePayload('containers', { ...previous, title: 'News' }, previous)).toEqual({ title: 'News' });
    expect(toPageUpdatePayload('containers', { ...previous, slug: null }, previous)).toEqual({ slug: null });
  });

  it('sends the parent page picked: a page id, null for "none (top level)" (0 in the form), nothing when it did not change', () => {
    const previous = { id: 1, title: 'About', slug: 'about', parentSlugId: null };
    expect(toPageUpdatePayload('containers', { ...previous, parentSlugId: 7 }, previous)).toEqual({ parentSlugId: 7 });
    expect(toPageUpdatePayload('containers', { ...previous, parentSlugId: 0 }, previous)).toEqual({});
    expect(toPageUpdatePayload('containers', { ...previous, parentSlugId: 0 }, { ...previous, parentSlugId: 7 })).toEqual({ parentSlugId: null });
    expect(toPagePayload('containers', { title: 'Team', slug: 'team', parentSlugId: 3 })).toEqual({ title: 'Team', slug: 'team', parentSlugId: 3 });
    // A new content goes under its container's page unless told: "none" must be sent as null.
    expect(toPagePayload('contents', { title: 'Post', containerId: 2, slug: 'post', parentSlugId: 0 })).toEqual({
      title: 'Post',
      containerId: 2,
      slug: 'post',
      parentSlugId: null,
    });
    expect(toPagePayload('contents', { title: 'Post', containerId: 2, slug: 'post' })).toEqual({ title: 'Post', containerId: 2, slug: 'post' });
  });

  it('sends back only the content fields that were edited, never the en values shown as fallback', () => {
    const previous = { id: 5, title: 'Mug', containerId: 2, fields: { subtitle: 'A mug', price: 3 }, fallbackFields: ['subtitle', 'price'] };
    expect(toPageUpdatePayload('contents', { ...previous, fields: { subtitle: 'Une tasse', price: 3 } }, previous)).toEqual({
      fields: { subtitle: 'Une tasse' },
    });
    expect(toPageUpdatePayload('contents', { ...previous, fields: { subtitle: '', price: 3 } }, previous)).toEqual({ fields: { subtitle: null } });
  });

  it('sends page sections in their order, with only the references their block takes, and each access role once', () => {
    expect(
      toPagePayload('contents', {
        title: 'Mug',
        containerId: 2,
        sections: [
          { block: 'richtext', content: { html: '<p>Hi</p>' }, formId: '' },
          { block: 'form', content: {}, formId: '7' },
        ],
        accesses: [{ roleId: 'editor' }, { roleId: 'editor' }, { roleId: '' }, {}],
      }),
    ).toEqual({
      title: 'Mug',
      containerId: 2,
      sections: [
        { type: 'PAGE', position: 0, block: 'richtext', content: { html: '<p>Hi</p>' }, formId: null, elementId: null, containerContentId: null },
        { type: 'PAGE', position: 1, block: 'form', content: {}, formId: 7, elementId: null, containerContentId: null },
      ],
      accesses: [{ roleId: 'editor' }],
    });
  });

  it('does not copy sections shown from en into the locale unless they were edited', () => {
    const section = {
      id: 4,
      type: 'PAGE',
      block: 'hero',
      position: 0,
      lang: 'en',
      content: { title: 'Hello' },
      formId: null,
      elementId: null,
      containerContentId: null,
    };
    const previous = { id: 1, title: 'Blog', sections: [section], sectionsFallback: true, accesses: [{ roleId: 'editor' }] };
    expect(toPageUpdatePayload('containers', { ...previous }, previous)).toEqual({});
    const edited = toPageUpdatePayload('containers', { ...previous, sections: [{ ...section, content: { title: 'Bonjour' } }] }, previous);
    expect(edited).toEqual({
      sections: [{ type: 'PAGE', position: 0, block: 'hero', content: { title: 'Bonjour' }, formId: null, elementId: null, containerContentId: null }],
    });
    expect(toPageUpdatePayload('containers', { ...previous, accesses: [] }, previous)).toEqual({ accesses: [] });
  });

  it('sends clearAccesses with the emptied accesses of a page only once the editor confirmed it', () => {
    const previous = { id: 1, title: 'Club', accesses: [{ roleId: 'club' }], containerId: 2, fields: {} };
    for (const resource of ['containers', 'contents']) {
      expect(toPageUpdatePayload(resource, { ...previous, accesses: [] }, previous)).toEqual({ accesses: [] });
      expect(toPageUpdatePayload(resource, { ...previous, accesses: [], clearAccesses: true }, previous)).toEqual({ accesses: [], clearAccesses: true });
      // The flag says nothing when the accesses are not emptied.
      expect(toPageUpdatePayload(resource, { ...previous, title: 'Club 2', clearAccesses: true }, previous)).toEqual({ title: 'Club 2' });
    }
  });

  it('leaves the blank rows of a multiple field out of what is saved', () => {
    const previous = { id: 5, title: 'Mug', containerId: 2, fields: { tags: ['a'] }, fallbackFields: [] };
    expect(toPageUpdatePayload('contents', { ...previous, fields: { tags: ['a', '', 'b', null] } }, previous)).toEqual({ fields: { tags: ['a', 'b'] } });
    expect(toPageUpdatePayload('contents', { ...previous, fields: { tags: ['a', ''] } }, previous)).toEqual({});
    expect(
      toPagePayload('contents', {
        title: 'Mug',
        containerId: 2,
        fields: {
          where: [
            { lat: null, lng: null },
            { lat: 1, lng: 2 },
          ],
        },
      }),
    ).toEqual({
      title: 'Mug',
      containerId: 2,
      fields: { where: [{ lat: 1, lng: 2 }] },
    });
  });

  it('leaves empty values out of a new content', () => {
    expect(toPagePayload('contents', { title: 'Mug', containerId: '2', fields: { a: '', b: null, c: [], d: 0, e: false } })).toEqual({
      title: 'Mug',
      containerId: 2,
      fields: { d: 0, e: false },
    });
  });

  it('drops the ids of form fields shown from en when saving them in another locale', () => {
    const previous = { locale: 'fr', fieldsLocale: 'en', fields: [{ id: 9, name: 'email', type: 'EMAIL', position: 0, line: 0 }] };
    const payload = toPageUpdatePayload(
      'forms',
      { ...previous, fields: [{ id: 9, name: 'email', type: 'EMAIL', label: 'Courriel', position: 0, line: 0 }] },
      previous,
    );
    expect((payload.fields as { id?: number }[])[0].id).toBeUndefined();
    expect(toFormFieldInput({ name: 'n', type: 'TEXT', options: ['a'] }, 2, true)).toMatchObject({ options: null, position: 2, line: 2 });
  });

  it('keeps every form field property, defaults included, when one field is renamed', () => {
    // A record as GET /api/forms/:id answers it (FormDto).
    const fields = [
      {
        id: 1,
        name: 'topic',
        type: 'OPTION',
        label: 'Topic',
        placeholder: null,
        position: 0,
        line: 0,
        options: ['a', 'b'],
        min: null,
        max: null,
        defaultText: 'b',
        defaultNumber: null,
        defaultMultiple: null,
        required: true,
        warningMessage: 'Pick one',
      },
      {
        id: 2,
        name: 'age',
        type: 'NUMBER',
        label: 'Age',
        placeholder: 'years',
        position: 1,
        line: 1,
        options: null,
        min: 18,
        max: 120,
        defaultText: null,
        defaultNumber: 30,
        defaultMultiple: null,
        required: false,
        warningMessage: null,
      },
      {
        id: 3,
        name: 'likes',
        type: 'CHECKBOX',
        label: 'Likes',
        placeholder: null,
        position: 2,
        line: 1,
        options: ['x', 'y', 'z'],
        min: 0,
        max: 2,
        defaultText: null,
        defaultNumber: null,
        defaultMultiple: ['x', 'z'],
        required: false,
        warningMessage: null,
      },
      {
        id: 4,
        name: 'note',
        type: 'TEXT',
        label: null,
        placeholder: null,
        position: 3,
        line: 2,
        options: null,
        min: 2,
        max: 50,
        defaultText: 'Hello',
        defaultNumber: null,
        defaultMultiple: null,
        required: false,
        warningMessage: null,
      },
    ];
    const previous = {
      id: 7,
      title: 'Contact',
      sendMail: false,
      sendTo: null,
      successMessage: null,
      errorMessage: null,
      status: 'AVAILABLE',
      updatedAt: 'x',
      locale: 'en',
      fieldsLocale: 'en',
      locales: ['en'],
      fields,
    };
    const edited = { ...previous, fields: fields.map((field, index) => (index === 0 ? { ...field, name: 'subject' } : { ...field })) };
    const sent = toPageUpdatePayload('forms', edited, previous).fields as Record<string, unknown>[];
    expect(sent).toHaveLength(fields.length);
    sent.forEach((field, index) => {
      for (const [property, value] of Object.entries(fields[index])) {
        expect([index, property, field[property]]).toEqual([index, property, index === 0 && property === 'name' ? 'subject' : value]);
      }
    });
  });

  it('updates a media with its changed name, alt and pack only', () => {
    const previous = { id: 1, name: 'A', alt: { en: 'x' }, packId: null };
    expect(toMediaUpdate({ ...previous, alt: { en: 'x', fr: '' } }, previous)).toEqual({});
    expect(toMediaUpdate({ ...previous, alt: { en: 'x', fr: 'y' }, packId: 4 }, previous)).toEqual({ alt: { en: 'x', fr: 'y' }, packId: 4 });
  });

  it("turns the API's error lists into one message per input", () => {
    expect(toFormErrors({ 'fields.price': ['too big', 'not whole'] })).toEqual({ 'fields.price': 'too big. not whole' });
    expect(toFormErrors(['x'])).toBeNull();
  });
});
