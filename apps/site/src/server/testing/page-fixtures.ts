import {
  ContainerFieldType,
  FormFieldType,
  Lang,
  LANGS,
  localePath,
  type PageFormField,
  type PageResponse,
  type PageSection,
  SectionType,
} from '@cms/contracts';

/** Test data: answers of GET /api/pages as the API builds them. */

export function section(id: number, block: string, content: Record<string, unknown>, extra: Partial<PageSection> = {}): PageSection {
  const theme = typeof content.theme === 'string' ? (content.theme as PageSection['theme']) : null;
  return {
    id,
    type: SectionType.PAGE,
    block,
    position: id,
    theme,
    content,
    formId: null,
    elementId: null,
    containerContentId: null,
    element: null,
    items: null,
    itemsTotal: extra.items ? extra.items.length : null,
    ...extra,
  };
}

export function formField(name: string, type: FormFieldType, extra: Partial<PageFormField> = {}): PageFormField {
  return {
    name,
    type,
    label: name.charAt(0).toUpperCase() + name.slice(1),
    placeholder: null,
    position: 0,
    line: 0,
    options: null,
    min: null,
    max: null,
    defaultText: null,
    defaultNumber: null,
    defaultMultiple: null,
    required: false,
    warningMessage: null,
    ...extra,
  };
}

export function pageResponse(path: string, locale: Lang = Lang.en, overrides: Partial<PageResponse> = {}): PageResponse {
  return {
    locale,
    page: 1,
    path,
    kind: 'container',
    title: 'Page',
    container: { id: 1, title: 'Page', hideFooter: false, disableContentSections: false, sectionsPosition: null, path },
    content: null,
    sections: [],
    layout: [],
    metadata: [],
    theme: { primaryColor: '#112233', backgroundColor: '#FFFFFF' },
    accesses: [],
    alternates: LANGS.map((l) => ({ locale: l, path: localePath(l, path) })),
    links: {},
    media: {},
    forms: {},
    contents: {},
    optionLists: {},
    fieldDefinitions: {},
    ...overrides,
  };
}

/** A page with one section of every block, a form of every field type, and a layout. */
export function richPage(locale: Lang = Lang.en, path = '/about'): PageResponse {
  return pageResponse(path, locale, {
    title: 'About us',
    metadata: [
      { name: 'description', content: 'Who we are' },
      { name: 'keywords', content: 'cms, team' },
      { name: 'og:title', content: 'About the team' },
    ],
    sections: [
      section(1, 'hero', {
        title: 'We make sites',
        eyebrow: 'About',
        text: 'Since 2020.',
        mediaId: 7,
        action: { label: 'Contact', href: '/contact' },
        theme: 'black',
      }),
      section(2, 'richtext', { html: '<h2>Story</h2><p>It <strong>began</strong>.</p><script>alert(1)</script><p onclick="x()">End</p>' }),
      section(3, 'media', { mediaId: 8, caption: 'Our office' }),
      section(
        4,
        'element',
        {},
        {
          elementId: 3,
          theme: 'grey',
          element: {
            id: 3,
            title: 'Banner',
            block: 'cta',
            formId: null,
            content: { title: 'Join us', action: { label: 'Apply', href: '/jobs' }, theme: 'grey' },
          },
        },
      ),
      section(
        5,
        'contents',
        { title: 'Latest news', limit: 3 },
        {
          containerContentId: 4,
          items: [
            { id: 11, title: 'First post', containerId: 4, path: '/news/first', updatedAt: '2025-03-04T10:00:00.000Z', fields: {}, fallbackFields: [] },
            { id: 12, title: 'Draft-like', containerId: 4, path: null, updatedAt: '2025-03-01T10:00:00.000Z', fields: {}, fallbackFields: [] },
          ],
        },
      ),
      section(6, 'form', { title: 'Write to us', text: 'We answer within a day.' }, { formId: 9 }),
      section(7, 'feature-list', { title: 'Values', items: [{ title: 'Care' }, { title: 'Craft', text: 'Done well.' }] }),
    ],
    layout: [
      section(20, 'richtext', { html: '<p><a href="/news">News</a></p>' }, { type: SectionType.HEADER }),
      section(21, 'cta', { title: 'Free trial', action: { label: 'Start', href: '/trial' } }, { type: SectionType.TOP_BODY }),
      section(22, 'richtext', { html: '<p>Bottom</p>' }, { type: SectionType.BOTTOM_BODY }),
      section(23, 'richtext', { html: '<p>© Us</p>' }, { type: SectionType.FOOTER, theme: 'black' }),
    ],
    media: {
      7: {
        id: 7,
        uri: '0123456789abcdef0123456789abcdef.jpg',
        mimeType: 'image/jpeg',
        alt: 'Our team',
        width: 1000,
        height: 750,
        name: 'team.jpg',
        size: 120_000,
      },
      8: {
        id: 8,
        uri: 'fedcba9876543210fedcba9876543210.mp4',
        mimeType: 'video/mp4',
        alt: 'A tour',
        width: null,
        height: null,
        name: 'tour.mp4',
        size: 5_000_000,
      },
    },
    forms: {
      9: {
        id: 9,
        title: 'Contact',
        successMessage: 'Thanks, we will write back.',
        errorMessage: 'Please check the form.',
        fieldsLocale: locale,
        fields: [
          formField('intro', FormFieldType.TITLE, { label: 'About you', line: 0 }),
          formField('name', FormFieldType.TEXT, { required: true, line: 1, position: 0, max: 80, placeholder: 'Ada' }),
          formField('email', FormFieldType.EMAIL, { required: true, line: 1, position: 1, warningMessage: 'An e-mail we can answer' }),
          formField('phone', FormFieldType.PHONENUMBER, { line: 2 }),
          formField('age', FormFieldType.NUMBER, { line: 3, min: 18, max: 120, defaultNumber: 30 }),
          formField('topic', FormFieldType.RADIO, { line: 4, options: ['Sales', 'Support'], required: true, defaultText: 'Sales' }),
          formField('interests', FormFieldType.CHECKBOX, { line: 5, options: ['News', 'Events'], defaultMultiple: ['News'] }),
          formField('kind', FormFieldType.OPTION, { line: 6, options: ['A', 'B'] }),
          formField('country', FormFieldType.ZOHOOPTIONS, { line: 7, options: ['countries'] }),
          formField('secret', FormFieldType.PASSWORD, { line: 8 }),
          formField('message', FormFieldType.PARAGRAPH, { line: 9, min: 10, max: 2000 }),
          formField('go', FormFieldType.BUTTON, { label: 'Send it', line: 10 }),
        ],
      },
    },
    optionLists: { countries: ['France', 'Italy'] },
  });
}

const T = ContainerFieldType;

/** A blog post: a content page with a field of every type, some of them en's in other locales. */
export function postPage(locale: Lang = Lang.en, path = '/blog/hello'): PageResponse {
  return pageResponse(path, locale, {
    kind: 'content',
    title: 'Hello world',
    container: { id: 4, title: 'Blog', hideFooter: false, disableContentSections: false, sectionsPosition: null, path: '/blog' },
    content: {
      id: 42,
      title: 'Hello world',
      updatedAt: '2025-03-04T10:00:00.000Z',
      fields: {
        subtitle: locale === Lang.fr ? 'Premier billet' : 'A first post',
        cover: 7,
        body: '<p>It <strong>began</strong>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        summary: 'Line one\nline two',
        published: '2025-02-01T00:00:00.000Z',
        price: 1234.5,
        featured: true,
        accent: '#26D17D',
        website: 'https://example.com/page',
        badLink: 'javascript:alert(1)',
        place: { lat: 48.8566, lng: 2.3522 },
        related: [43, 99],
        tags: ['News', 'Events'],
        hours: { start: '09:00', end: '17:30' },
        brochure: 10,
        clip: 8,
        gallery: [7, 11],
      },
      fallbackFields: locale === Lang.en ? [] : ['body', 'summary', 'tags'],
    },
    fieldDefinitions: {
      4: [
        { name: 'subtitle', label: 'Subtitle', type: T.STRING, multiple: false },
        { name: 'cover', label: 'Cover', type: T.IMAGE, multiple: false },
        { name: 'body', label: 'Body', type: T.RICHTEXT, multiple: false },
        { name: 'summary', label: 'Summary', type: T.PARAGRAPH, multiple: false },
        { name: 'published', label: 'Published on', type: T.DATE, multiple: false },
        { name: 'price', label: 'Price', type: T.NUMBER, multiple: false },
        { name: 'featured', label: 'Featured', type: T.BOOLEAN, multiple: false },
        { name: 'accent', label: 'Accent', type: T.COLOR, multiple: false },
        { name: 'website', label: 'Website', type: T.LINK, multiple: false },
        { name: 'badLink', label: 'Bad link', type: T.LINK, multiple: false },
        { name: 'place', label: 'Place', type: T.LOCATION, multiple: false },
        { name: 'related', label: 'Related', type: T.CONTENT, multiple: true },
        { name: 'tags', label: 'Tags', type: T.OPTION, multiple: true },
        { name: 'hours', label: 'Hours', type: T.TIMERANGE, multiple: false },
        { name: 'brochure', label: 'Brochure', type: T.FILE, multiple: false },
        { name: 'clip', label: 'Clip', type: T.VIDEO, multiple: false },
        { name: 'gallery', label: 'Gallery', type: T.IMAGE, multiple: true },
        { name: 'empty', label: 'Never set', type: T.STRING, multiple: false },
      ],
    },
    media: {
      7: {
        id: 7,
        uri: '0123456789abcdef0123456789abcdef.jpg',
        mimeType: 'image/jpeg',
        alt: 'Our team',
        width: 1000,
        height: 750,
        name: 'team.jpg',
        size: 120_000,
      },
      8: {
        id: 8,
        uri: 'fedcba9876543210fedcba9876543210.mp4',
        mimeType: 'video/mp4',
        alt: 'A tour',
        width: 1280,
        height: 720,
        name: 'tour.mp4',
        size: 5_000_000,
      },
      10: {
        id: 10,
        uri: 'aaaabbbbccccddddaaaabbbbccccdddd.pdf',
        mimeType: 'application/pdf',
        alt: null,
        width: null,
        height: null,
        name: 'brochure.pdf',
        size: 2_400_000,
      },
      11: {
        id: 11,
        uri: 'bbbbccccddddeeeebbbbccccddddeeee.png',
        mimeType: 'image/png',
        alt: 'A chart',
        width: 800,
        height: 600,
        name: 'chart.png',
        size: 50_000,
      },
    },
    contents: { 43: { id: 43, title: 'Second post', containerId: 4, path: '/blog/second' } },
    sections: [section(1, 'richtext', { html: '<p>After the fields</p>' })],
  });
}
