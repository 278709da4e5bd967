import { ContainerFieldType, FIELD_TYPES, type PageResponse } from '@cms/contracts';
import { api, baseUrl, ownerCredentials, signInViaApi } from '../support';

/*
 * Every field type, walked the whole way: written through the API, read back as the registry
 * (FIELD_TYPES) says it is stored, answered in the page read, and drawn in the site's HTML. A
 * type added to ContainerFieldType without a row here does not compile.
 */

interface Ids {
  mediaId: number;
  videoId: number;
  storyId: number;
  optionKey: string;
}

const WALK: Record<ContainerFieldType, { value: (ids: Ids) => unknown; html: (ids: Ids) => string }> = {
  [ContainerFieldType.STRING]: { value: () => 'A walked string', html: () => 'A walked string' },
  [ContainerFieldType.PARAGRAPH]: { value: () => 'A walked paragraph of text.', html: () => 'A walked paragraph of text.' },
  [ContainerFieldType.RICHTEXT]: { value: () => '<p>Rich <strong>walked</strong> text</p>', html: () => 'Rich <strong>walked</strong> text' },
  [ContainerFieldType.LINK]: { value: () => 'https://example.com/walked', html: () => 'href="https://example.com/walked"' },
  [ContainerFieldType.NUMBER]: { value: () => 1234.5, html: () => '<data value="1234.5">' },
  [ContainerFieldType.POSITION]: { value: () => 7, html: () => '<data value="7">' },
  [ContainerFieldType.BOOLEAN]: { value: () => true, html: () => 'entry__bool--true' },
  // A content's first DATE field is its date, drawn under the title rather than among the fields.
  [ContainerFieldType.DATE]: { value: () => '2026-02-28', html: () => 'class="entry__date" dateTime="2026-02-28T00:00:00.000Z"' },
  [ContainerFieldType.OPTION]: { value: () => 'Medium', html: () => '<span class="entry__option">Medium</span>' },
  [ContainerFieldType.ZOHOOPTIONS]: { value: () => 'Italy', html: () => '<span class="entry__option">Italy</span>' },
  [ContainerFieldType.COLOR]: { value: () => '#26d17d', html: () => '<code>#26D17D</code>' },
  [ContainerFieldType.LOCATION]: { value: () => ({ lat: 48.85, lng: 2.35 }), html: () => 'mlat=48.85&amp;mlon=2.35' },
  [ContainerFieldType.TIMERANGE]: { value: () => ({ start: '09:00', end: '17:30' }), html: () => 'dateTime="17:30"' },
  [ContainerFieldType.IMAGE]: { value: (ids) => ids.mediaId, html: () => '<figure class="entry__media">' },
  [ContainerFieldType.VIDEO]: { value: (ids) => ids.videoId, html: () => '<video' },
  [ContainerFieldType.FILE]: { value: (ids) => ids.mediaId, html: () => 'class="entry__file"' },
  [ContainerFieldType.CONTENT]: { value: (ids) => ids.storyId, html: () => '>The referenced story</a>' },
};

const TYPES = Object.values(ContainerFieldType);
const fieldName = (type: ContainerFieldType) => `walk${type.toLowerCase()}`;

async function ok<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

describe('every field type, from the API to the HTML', () => {
  let ids: Ids;
  let contentId: number;
  let path: string;
  let as: ReturnType<typeof api>;

  beforeAll(async () => {
    const { email, password } = ownerCredentials();
    const token = await signInViaApi(email, password);
    as = api(token);
    const suffix = Date.now().toString(36);

    const upload = async (bytes: Buffer, name: string, type: string) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const answer = await fetch(`${baseUrl()}/api/medias`, { method: 'POST', headers: { token, accept: 'application/json' }, body });
      const media = (await answer.json()) as { id: number };
      if (answer.status !== 201) throw new Error(`Upload of ${name} answered ${answer.status}: ${JSON.stringify(media)}`);
      return media.id;
    };
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    // An MP4's file-type box, which is what the upload sniffs.
    const mp4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(512)]);
    const [mediaId, videoId] = [await upload(png, 'walked.png', 'image/png'), await upload(mp4, 'walked.mp4', 'video/mp4')];

    const optionKey = `walk-${suffix}`;
    const lists = await as.get<{ value: Record<string, string[]> | null }>('/settings/by-name/optionLists');
    const current = lists.status === 200 && lists.body?.value ? lists.body.value : {};
    await ok(as.put('/settings/by-name/optionLists', { value: { ...current, [optionKey]: ['France', 'Italy'] } }), 'Option lists');

    const stories = await ok(
      as.post<{ id: number }>('/containers?locale=en', { title: `Walked stories ${suffix}`, slug: `walked-stories-${suffix}`, published: true }),
      'Stories',
    );
    const story = await ok(
      as.post<{ id: number }>('/contents?locale=en', { title: 'The referenced story', containerId: stories.id, slug: 'referenced', published: true }),
      'Story',
    );
    ids = { mediaId, videoId, storyId: story.id, optionKey };

    const container = await ok(
      as.post<{ id: number }>('/containers?locale=en', {
        title: `Every field ${suffix}`,
        slug: `every-field-${suffix}`,
        published: true,
        fields: TYPES.map((type) => ({
          label: `Walked ${type}`,
          name: fieldName(type),
          type,
          ...(type === ContainerFieldType.OPTION ? { options: ['Small', 'Medium'] } : {}),
          ...(type === ContainerFieldType.ZOHOOPTIONS ? { zohoOptionsKey: optionKey } : {}),
        })),
      }),
      'Container of every field type',
    );
    const fields = Object.fromEntries(TYPES.map((type) => [fieldName(type), WALK[type].value(ids)]));
    const content = await ok(
      as.post<{ id: number }>('/contents?locale=en', { title: 'Every field walked', containerId: container.id, slug: 'walked', published: true, fields }),
      'Content of every field type',
    );
    contentId = content.id;
    path = `/every-field-${suffix}/walked`;
  }, 60_000);

  it('reads back each value as the registry stores it', async () => {
    const read = await ok(as.get<{ fields: Record<string, unknown> }>(`/contents/${contentId}?locale=en`), 'Content read');
    for (const type of TYPES) {
      const checked = FIELD_TYPES[type].check(WALK[type].value(ids), { min: null, max: null, multiple: false, options: ['Small', 'Medium'] });
      expect({ type, value: read.fields[fieldName(type)] }).toEqual({ type, value: checked.item });
    }
  });

  it('answers each value in the page read, in a shape the registry says the site can draw', async () => {
    const page = await ok(api().get<PageResponse>(`/pages?path=${encodeURIComponent(path)}&locale=en`), 'Page read');
    for (const type of TYPES) expect({ type, drawable: FIELD_TYPES[type].isItem(page.content?.fields[fieldName(type)]) }).toEqual({ type, drawable: true });
  });

  it('draws each value in the page the site serves', async () => {
    const response = await fetch(`${baseUrl()}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const type of TYPES) expect({ type, shown: html.includes(WALK[type].html(ids)) }).toEqual({ type, shown: true });
    for (const type of TYPES.filter((type) => type !== ContainerFieldType.DATE)) expect(html).toContain(`data-field="${fieldName(type)}"`);
  });
});
