import { ContainerFieldType, type Lang, type PageElement, SectionType, Status } from '@cms/contracts';
import type { LocalizedFields } from '../contents/read-model/content-rows';
import type { Section } from '../sections/section.entity';
import {
  contentsOf,
  definedContainersOf,
  elementIdsOf,
  elementsOf,
  fieldDefinitionsOf,
  type FormRow,
  formsOf,
  type ListedRow,
  listedFieldsOf,
  listedOf,
  listingParamsOf,
  listingsOf,
  mediaOf,
  normalisePath,
  optionListsOf,
  pageAnswerOf,
  linkTargetOf,
  linksOf,
  navigationHrefsOf,
  pageContentFieldsOf,
  type PageRow,
  pageSectionsOf,
  referencesOf,
  sectionOf,
  type SectionParts,
  withReadableReferences,
} from './page-mappers';

let nextId = 1;
function section(parts: Partial<Section>): Section {
  return {
    id: nextId++,
    type: SectionType.PAGE,
    block: 'richtext',
    formId: null,
    containerId: null,
    containerContentId: null,
    contentId: null,
    elementId: null,
    position: 0,
    content: {},
    lang: 'en' as Lang,
    ...parts,
  } as Section;
}

function pageRow(parts: Partial<PageRow> = {}): PageRow {
  return {
    full: 'blog/hello',
    slugPublished: true,
    contentId: 10,
    contentTitle: 'Hello',
    contentPublished: true,
    contentUpdatedAt: new Date('2024-02-29T10:00:00Z'),
    containerId: 3,
    containerTitle: 'Blog',
    containerPublished: true,
    hideFooter: false,
    disableContentSections: false,
    sectionsPosition: null,
    containerFull: 'blog',
    fulls: null,
    contentAccesses: [],
    containerAccesses: [],
    metadata: [],
    definitions: [{ name: 'cover', label: 'Cover', type: ContainerFieldType.IMAGE, multiple: false }],
    sections: [],
    fieldsJson: '{"cover":7}',
    fallbackFields: [],
    ...parts,
  };
}

function listedRow(parts: Partial<ListedRow>): ListedRow {
  return {
    sectionId: 1,
    total: 0,
    id: 1,
    title: 'A',
    containerId: 3,
    updatedAt: new Date('2024-01-01T00:00:00Z'),
    full: null,
    fieldsJson: '{}',
    fallbackFields: [],
    types: {},
    ...parts,
  };
}

const localized = (fields: LocalizedFields['fields'], types: LocalizedFields['types'] = {}): LocalizedFields => ({ fields, fallbackFields: [], types });

const noParts: SectionParts = { elements: new Map(), forms: {}, listed: new Map(), totals: new Map(), fields: new Map() };

describe('page mappers', () => {
  describe('normalisePath', () => {
    it('drops the slashes around and between segments', () => {
      expect(normalisePath('/blog//hello/')).toBe('blog/hello');
      expect(normalisePath('/')).toBe('');
    });

    it('refuses what cannot be a page path', () => {
      expect(normalisePath('/blog/<script>')).toBeNull();
      expect(normalisePath('/../etc')).toBeNull();
      expect(normalisePath(`/${'a'.repeat(5000)}`)).toBeNull();
    });
  });

  describe('pageSectionsOf', () => {
    const header = section({ type: SectionType.HEADER, block: 'navigation', position: 0 });
    const footer = section({ type: SectionType.FOOTER, block: 'navigation', position: 1 });
    const own = section({ block: 'hero' });
    const ownFr = section({ block: 'cta', lang: 'fr' as Lang });
    const unknown = section({ block: 'retired-block' });

    it("takes the page's sections in the locale, and en's where the locale has none", () => {
      const page = pageRow({ sections: [own, ownFr] });
      expect(pageSectionsOf(page, [header, footer], 'fr' as Lang).own).toEqual([ownFr]);
      expect(pageSectionsOf(pageRow({ sections: [own] }), [header, footer], 'fr' as Lang).own).toEqual([own]);
    });

    it('leaves out the footer a container hides, and a content page its sections when its container turns them off', () => {
      const read = pageSectionsOf(pageRow({ sections: [own], hideFooter: true, disableContentSections: true }), [header, footer], 'en' as Lang);
      expect(read.own).toEqual([]);
      expect(read.layout).toEqual([header]);
      // A container's own page keeps its sections whatever the setting says.
      expect(pageSectionsOf(pageRow({ contentId: null, sections: [own], disableContentSections: true }), [], 'en' as Lang).own).toEqual([own]);
    });

    it('keeps in `all` only the sections of a known block', () => {
      const read = pageSectionsOf(pageRow({ sections: [own, unknown] }), [header], 'en' as Lang);
      expect(read.all).toEqual([own, header]);
    });
  });

  describe('elements', () => {
    it('places each element once', () => {
      expect(elementIdsOf([section({ elementId: 4 }), section({ elementId: 4 }), section({}), section({ elementId: 2 })])).toEqual([4, 2]);
    });

    it('shows only available elements of a known block, an empty content for none', () => {
      const base = { title: 'E', formId: null };
      const elements = elementsOf([
        { ...base, id: 1, block: 'cta', content: null as unknown as Record<string, unknown>, status: Status.AVAILABLE },
        { ...base, id: 2, block: 'cta', content: {}, status: Status.DISCONTINUED },
        { ...base, id: 3, block: 'retired-block', content: {}, status: Status.AVAILABLE },
      ]);
      expect([...elements.keys()]).toEqual([1]);
      expect(elements.get(1)).toEqual({ id: 1, title: 'E', block: 'cta', formId: null, content: {} });
    });
  });

  describe('listings', () => {
    const newest = section({ block: 'contents', containerContentId: 5, content: {} });
    const byTitle = section({ block: 'contents', containerContentId: 6, content: { sort: 'title', limit: 2, paginate: true } });

    it('lists the `contents` blocks that name a container', () => {
      expect(listingsOf([newest, section({ block: 'contents' }), section({ block: 'hero', containerContentId: 5 }), byTitle])).toEqual([newest, byTitle]);
    });

    it("asks for a paginating block's page, and the first page of the others", () => {
      const [ids, containers, limits, sorts, offsets] = listingParamsOf([newest, byTitle], 3);
      expect(ids).toEqual([newest.id, byTitle.id]);
      expect(containers).toEqual([5, 6]);
      expect(limits[1]).toBe(2);
      expect(typeof limits[0]).toBe('number');
      expect(sorts).toEqual(['updatedAt', 'title']);
      expect(offsets).toEqual([0, 4]);
    });

    it('orders each listing by its sort and keeps the total of one that lists nothing', () => {
      const rows = [
        listedRow({ sectionId: byTitle.id, id: 8, title: 'b', total: 3 }),
        listedRow({ sectionId: byTitle.id, id: 9, title: 'a', total: 3 }),
        listedRow({ sectionId: byTitle.id, id: 7, title: 'a', total: 3 }),
        listedRow({ sectionId: newest.id, id: null as unknown as number, total: 0 }),
      ];
      const { listed, totals } = listedOf([newest, byTitle], rows);
      expect(listed.get(byTitle.id)?.map((r) => r.id)).toEqual([7, 9, 8]);
      expect(listed.get(newest.id)).toEqual([]);
      expect(totals).toEqual(
        new Map([
          [byTitle.id, 3],
          [newest.id, 0],
        ]),
      );
      const older = listedRow({ sectionId: newest.id, id: 1, updatedAt: new Date('2024-01-01T00:00:00Z') });
      const newer = listedRow({ sectionId: newest.id, id: 2, updatedAt: new Date('2024-06-01T00:00:00Z') });
      const tie = listedRow({ sectionId: newest.id, id: 3, updatedAt: new Date('2024-01-01T00:00:00Z') });
      expect(
        listedOf([newest], [older, newer, tie])
          .listed.get(newest.id)
          ?.map((r) => r.id),
      ).toEqual([2, 3, 1]);
    });

    it("takes the listed contents' fields from their rows once each, but the page's own", () => {
      const rows = [
        listedRow({
          sectionId: 1,
          id: 4,
          fieldsJson: '{"logo": 7, "title": "Four"}',
          types: { logo: ContainerFieldType.IMAGE, title: ContainerFieldType.STRING },
        }),
        listedRow({ sectionId: 1, id: 10 }),
        listedRow({ sectionId: 2, id: 4 }),
        listedRow({ sectionId: 2, id: 5, fallbackFields: ['title'], types: null }),
        listedRow({ sectionId: 3, id: null as unknown as number }),
      ];
      const fields = listedFieldsOf(rows, 10);
      expect([...fields.keys()]).toEqual([4, 5]);
      expect(fields.get(4)).toEqual({ fields: { logo: 7, title: 'Four' }, fallbackFields: [], types: { logo: 'IMAGE', title: 'STRING' } });
      expect(fields.get(5)).toEqual({ fields: {}, fallbackFields: ['title'], types: {} });
      expect([...listedFieldsOf(rows, null).keys()]).toEqual([4, 10, 5]);
    });

    it("asks for the listed containers' definitions but the content page's own container's", () => {
      const listings = [section({ block: 'contents', containerContentId: 3 }), section({ block: 'contents', containerContentId: 6 })];
      expect(definedContainersOf(listings, { containerId: 3, contentId: 10 })).toEqual([6]);
      expect(definedContainersOf(listings, { containerId: 3, contentId: null })).toEqual([3, 6]);
    });
  });

  describe('fields and definitions', () => {
    it("reads a content page's fields with its definitions' types; a container page has none", () => {
      expect(pageContentFieldsOf(pageRow())).toEqual({ fields: { cover: 7 }, fallbackFields: [], types: { cover: ContainerFieldType.IMAGE } });
      expect(pageContentFieldsOf(pageRow({ contentId: null }))).toBeUndefined();
    });

    it('gathers the definitions by container, the page content first', () => {
      const rows = [
        { containerId: 6, name: 'a', label: 'A', type: ContainerFieldType.STRING, multiple: false },
        { containerId: 6, name: 'b', label: 'B', type: ContainerFieldType.STRING, multiple: true },
      ];
      expect(fieldDefinitionsOf(pageRow(), rows)).toEqual({
        3: pageRow().definitions,
        6: [
          { name: 'a', label: 'A', type: ContainerFieldType.STRING, multiple: false },
          { name: 'b', label: 'B', type: ContainerFieldType.STRING, multiple: true },
        ],
      });
      expect(fieldDefinitionsOf(pageRow({ contentId: null }), [])).toEqual({});
    });
  });

  describe('referencesOf', () => {
    it('tells contents from media by field type, and collects the media and forms of sections and elements', () => {
      const fields = new Map([
        [
          1,
          localized(
            { author: 20, related: [21, 22], cover: 30, price: 5 },
            { author: ContainerFieldType.CONTENT, related: ContainerFieldType.CONTENT, cover: ContainerFieldType.IMAGE },
          ),
        ],
        [2, localized({ author: 20, gallery: [31] }, { author: ContainerFieldType.CONTENT, gallery: ContainerFieldType.IMAGE })],
      ]);
      const element: PageElement = { id: 9, title: 'E', block: 'form', formId: 41, content: {} };
      const refs = referencesOf(
        fields,
        [section({ block: 'hero', content: { mediaId: 32 } }), section({ block: 'form', formId: 40 })],
        new Map([[9, element]]),
      );
      expect(refs).toEqual({ contentIds: [20, 21, 22], mediaIds: [30, 31, 32], formIds: [40, 41] });
    });
  });

  describe('references the reader may follow', () => {
    it('names only the contents read, with their paths', () => {
      expect(
        contentsOf([
          { id: 1, title: 'A', containerId: 3, full: 'blog/a' },
          { id: 2, title: 'B', containerId: 3, full: null },
        ]),
      ).toEqual({ 1: { id: 1, title: 'A', containerId: 3, path: '/blog/a' }, 2: { id: 2, title: 'B', containerId: 3, path: null } });
    });

    it('drops from CONTENT fields the ids the reader may not follow, and leaves what was read alone', () => {
      const types = { one: ContainerFieldType.CONTENT, many: ContainerFieldType.CONTENT, price: ContainerFieldType.NUMBER };
      const read = new Map([[1, localized({ one: 9, many: [8, 9], price: 9 }, types)]]);
      const readable = withReadableReferences(read, { 8: { id: 8, title: 'Open', containerId: 3, path: null } });
      expect(readable.get(1)?.fields).toEqual({ one: null, many: [8], price: 9 });
      expect(Object.keys(readable.get(1)?.fields ?? {})).toEqual(['one', 'many', 'price']);
      expect(read.get(1)?.fields).toEqual({ one: 9, many: [8, 9], price: 9 });
    });
  });

  describe('media and forms', () => {
    it("answers a medium's alt in the locale, else en's, and its size as a number", () => {
      const row = { id: 5, uri: '/u/a.jpg', mimeType: 'image/jpeg', width: 10, height: 20, name: 'a.jpg', size: '1234' };
      expect(mediaOf([{ ...row, alt: { en: 'A cover', fr: 'Une couverture' } }], 'fr' as Lang)[5]).toEqual({ ...row, alt: 'Une couverture', size: 1234 });
      expect(mediaOf([{ ...row, alt: { en: 'A cover' } }], 'it' as Lang)[5].alt).toBe('A cover');
      expect(mediaOf([{ ...row, alt: null }], 'it' as Lang)[5].alt).toBeNull();
    });

    const field = (parts: Partial<FormRow['fields'][number]>): FormRow['fields'][number] => ({
      name: 'email',
      type: 'EMAIL',
      label: 'E-mail',
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
      lang: 'en' as Lang,
      ...parts,
    });

    it("answers a form's fields in the locale, else en's, and the option lists they name", () => {
      const form: FormRow = {
        id: 40,
        title: 'Contact',
        successMessage: 'Thanks',
        errorMessage: null,
        fields: [
          field({}),
          field({ name: 'country', type: 'ZOHOOPTIONS', options: ['countries', 'cities'] }),
          field({ lang: 'fr' as Lang, label: 'Courriel' }),
        ],
      };
      const fr = formsOf([form], 'fr' as Lang);
      expect(fr.forms[40]).toMatchObject({ fieldsLocale: 'fr', fields: [{ label: 'Courriel' }] });
      expect(fr.forms[40].fields[0]).not.toHaveProperty('lang');
      expect(fr.optionKeys).toEqual([]);
      const italian = formsOf([form], 'it' as Lang);
      expect(italian.forms[40]).toMatchObject({ fieldsLocale: 'en', fields: [{ name: 'email' }, { name: 'country' }] });
      expect(italian.optionKeys).toEqual(['countries', 'cities']);
    });

    it('answers the option lists named, strings only, and nothing from the prototype', () => {
      const settings = [{ name: 'optionLists', value: { countries: ['France', 3, 'Italy'], other: ['x'], cities: 'not a list' } }];
      expect(optionListsOf(settings, ['countries', 'cities', 'missing', 'constructor'])).toEqual({ countries: ['France', 'Italy'] });
      expect(optionListsOf([], ['countries'])).toEqual({});
    });
  });

  describe('sectionOf', () => {
    const form = { id: 40, title: 'Contact', successMessage: null, errorMessage: null, fieldsLocale: 'en' as Lang, fields: [] };

    it('leaves out a section whose element, form or element form is gone', () => {
      expect(sectionOf(section({ block: 'element', elementId: 9 }), noParts)).toBeNull();
      expect(sectionOf(section({ block: 'form', formId: 40 }), noParts)).toBeNull();
      const element: PageElement = { id: 9, title: 'E', block: 'form', formId: 40, content: { theme: 'grey' } };
      const elements = new Map([[9, element]]);
      expect(sectionOf(section({ block: 'element', elementId: 9 }), { ...noParts, elements })).toBeNull();
      expect(sectionOf(section({ block: 'element', elementId: 9 }), { ...noParts, elements, forms: { 40: form } })).toMatchObject({
        element,
        theme: 'grey',
        items: null,
        itemsTotal: null,
      });
    });

    it("draws a `contents` block's cards with their fields, its own theme before its element's", () => {
      const listing = section({ block: 'contents', containerContentId: 3, content: { theme: 'black' } });
      const parts: SectionParts = {
        ...noParts,
        listed: new Map([[listing.id, [listedRow({ id: 4, full: 'blog/four', total: 7 })]]]),
        totals: new Map([[listing.id, 7]]),
        fields: new Map([[4, { fields: { cover: 7 }, fallbackFields: ['cover'], types: {} }]]),
      };
      expect(sectionOf(listing, parts)).toMatchObject({
        theme: 'black',
        itemsTotal: 7,
        items: [{ id: 4, path: '/blog/four', updatedAt: '2024-01-01T00:00:00.000Z', fields: { cover: 7 }, fallbackFields: ['cover'] }],
      });
      expect(sectionOf(section({ block: 'contents', containerContentId: 3 }), noParts)).toMatchObject({ items: [], itemsTotal: 0, theme: null });
    });
  });

  describe('navigation links', () => {
    const nav = section({
      type: SectionType.HEADER,
      block: 'navigation',
      content: {
        items: [
          { label: 'Blog', href: '/fr/blog', children: [{ label: 'Hi', href: '/fr/blog/hello?x=1#top' }] },
          { label: 'Out', href: 'https://x.test' },
        ],
      },
    });

    it('reads the hrefs of navigation sections, children included', () => {
      expect(navigationHrefsOf([nav, section({ block: 'richtext', content: { html: '<a href="/x">x</a>' } })])).toEqual([
        '/fr/blog',
        '/fr/blog/hello?x=1#top',
        'https://x.test',
      ]);
    });

    it.each([
      ['/fr/blog', { lang: 'fr', full: 'blog', rest: '' }],
      ['/blog/hello?x=1#top', { lang: 'en', full: 'blog/hello', rest: '?x=1#top' }],
      ['/fr', { lang: 'fr', full: '', rest: '' }],
      ['/', { lang: 'en', full: '', rest: '' }],
      ['https://x.test/fr/blog', null],
      ['//evil.test/x', null],
      ['/Blog.html', null],
      ['#top', null],
    ])('takes %s as a link to a page path in its locale', (href, target) => {
      expect(linkTargetOf(href)).toEqual(target);
    });

    it('answers the shown sections’ links whose page has another address', () => {
      const links = new Map([
        ['/fr/blog', '/fr/blogue'],
        ['/fr/other', '/fr/autre'],
      ]);
      expect(linksOf([nav], links)).toEqual({ '/fr/blog': '/fr/blogue' });
    });
  });

  describe('pageAnswerOf', () => {
    const answer = (page: PageRow) =>
      pageAnswerOf({
        ...noParts,
        full: page.full,
        lang: 'fr' as Lang,
        pageNumber: 2,
        page,
        roleIds: ['members'],
        sections: { own: [section({ block: 'element', elementId: 1 }), section({ block: 'hero' })], layout: [], all: [] },
        settings: [{ name: 'primaryColor', value: '#112233' }],
        media: {},
        contents: {},
        optionLists: {},
        fieldDefinitions: {},
        fields: new Map([[10, { fields: { cover: 7 }, fallbackFields: [], types: {} }]]),
        links: new Map(),
      });

    it('answers a content page with its fields, paths in every locale, and drops the sections it cannot draw', () => {
      const read = answer(pageRow({ metadata: [{ name: 'description', content: 'Hi', lang: 'en' as Lang }] }));
      expect(read).toMatchObject({
        locale: 'fr',
        page: 2,
        path: '/blog/hello',
        kind: 'content',
        title: 'Hello',
        container: { id: 3, path: '/blog' },
        content: { id: 10, updatedAt: '2024-02-29T10:00:00.000Z', fields: { cover: 7 } },
        metadata: [{ name: 'description', content: 'Hi' }],
        accesses: [{ roleId: 'members' }],
      });
      expect(read.sections.map((s) => s.block)).toEqual(['hero']);
      expect(read.alternates).toContainEqual({ locale: 'fr', path: '/fr/blog/hello' });
      expect(read.theme).toMatchObject({ primaryColor: '#112233' });
    });

    it("answers each locale's own path in the alternates", () => {
      const read = answer(pageRow({ full: 'blog/bonjour', fulls: { en: 'blog/hello', fr: 'blog/bonjour', tr: 'blog/hello', es: 'blog/hola', it: '' } }));
      expect(read.path).toBe('/blog/bonjour');
      expect(read.alternates).toEqual([
        { locale: 'en', path: '/blog/hello' },
        { locale: 'fr', path: '/fr/blog/bonjour' },
        { locale: 'tr', path: '/tr/blog/hello' },
        { locale: 'es', path: '/es/blog/hola' },
        { locale: 'it', path: '/it' },
      ]);
    });

    it("answers a container's page without content, titled by the container", () => {
      const read = answer(pageRow({ full: 'blog', contentId: null, contentTitle: null, containerFull: null }));
      expect(read).toMatchObject({ kind: 'container', title: 'Blog', content: null, container: { path: null } });
    });
  });
});
