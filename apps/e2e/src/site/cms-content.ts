import sharp from 'sharp';
import { api, baseUrl, ownerCredentials, signInViaApi } from '../support';

/**
 * Content the site's browser tests read, created through the API with the owner's token as an
 * editor would: a picture, a form, a reusable element, a news container with contents, a page of
 * every block, a guarded page and the layout. Slugs carry a suffix of their own, so the suite
 * never meets another run's pages; the home page is left alone (other suites read the built-in one).
 */
export interface SiteContent {
  token: string;
  suffix: string;
  /** The rich page's path without locale prefix, e.g. `about-lq2x`. */
  pagePath: string;
  pageId: number;
  pageSections: Record<string, unknown>[];
  newsId: number;
  newsPath: string;
  newsIds: number[];
  guardedPath: string;
  guardedTitle: string;
  memberRoleId: string;
  formId: number;
  mediaId: number;
}

async function ok<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

/** A landscape picture with some depth, so that a screenshot shows whether it is sized and cropped well. */
async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f3b57"/><stop offset="1" stop-color="#26d17d"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#g)"/>
    <circle cx="1180" cy="330" r="210" fill="#ffffff" fill-opacity="0.18"/>
    <circle cx="420" cy="760" r="320" fill="#0e1014" fill-opacity="0.18"/>
    <rect x="160" y="180" width="560" height="340" rx="36" fill="#ffffff" fill-opacity="0.12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upload(token: string): Promise<number> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'team.png');
  body.append('alt', JSON.stringify({ en: 'Our team at work', fr: 'Notre équipe au travail' }));
  const response = await fetch(`${baseUrl()}/api/medias`, { method: 'POST', headers: { token, accept: 'application/json' }, body });
  const media = (await response.json()) as { id: number };
  if (response.status !== 201) throw new Error(`Media upload answered ${response.status}: ${JSON.stringify(media)}`);
  return media.id;
}

export const FORM_TEXT = {
  success: 'Thank you, we will answer within a day.',
  error: 'Please correct the fields below.',
  emailWarning: 'Give an e-mail address we can answer',
  phoneWarning: 'Give a phone number such as +33 1 23 45 67 89',
};

export function richSections(
  ids: { mediaId: number; newsId: number; newsPath: string; elementId: number; formId: number },
  heroTitle = 'We build multilingual sites',
): Record<string, unknown>[] {
  return [
    {
      block: 'hero',
      content: {
        eyebrow: 'About us',
        title: heroTitle,
        text: 'A small team of editors and engineers, publishing in five languages.',
        mediaId: ids.mediaId,
        action: { label: 'Read our news', href: `/${ids.newsPath}` },
        theme: 'white',
      },
    },
    {
      block: 'richtext',
      content: {
        html:
          '<h2>Our story</h2><p>We started with <strong>one page</strong> and a <a href="https://example.com">good idea</a>.</p>' +
          '<ul><li>Content in five languages</li><li>Fast pages, even without JavaScript</li></ul>' +
          '<blockquote><p>Publishing should be simple.</p></blockquote>',
      },
    },
    {
      block: 'feature-list',
      content: {
        title: 'What we value',
        theme: 'black',
        items: [
          { title: 'Clarity', text: 'Every page says one thing well.' },
          { title: 'Speed', text: 'Rendered on the server and cached.' },
          { title: 'Care', text: 'Accessible to everyone.' },
        ],
      },
    },
    { block: 'contents', containerContentId: ids.newsId, content: { title: 'Latest news', sort: 'title', theme: 'grey' } },
    { block: 'media', content: { mediaId: ids.mediaId, caption: 'Our office in the morning light.' } },
    { block: 'element', elementId: ids.elementId },
    { block: 'form', formId: ids.formId, content: { title: 'Write to us', text: 'Tell us about your project. We answer every message.' } },
  ];
}

export async function createSiteContent(): Promise<SiteContent> {
  const { email, password } = ownerCredentials();
  const token = await signInViaApi(email, password);
  const as = api(token);
  const suffix = Date.now().toString(36);

  const mediaId = await upload(token);
  const form = await ok(
    as.post<{ id: number }>('/forms?locale=en', {
      title: `Contact ${suffix}`,
      successMessage: FORM_TEXT.success,
      errorMessage: FORM_TEXT.error,
      fields: [
        { name: 'name', type: 'TEXT', label: 'Your name', placeholder: 'Ada Lovelace', required: true, line: 0, position: 0, max: 80 },
        { name: 'email', type: 'EMAIL', label: 'E-mail', required: true, line: 0, position: 1, warningMessage: FORM_TEXT.emailWarning },
        { name: 'phone', type: 'PHONENUMBER', label: 'Phone', line: 1, position: 0, warningMessage: FORM_TEXT.phoneWarning },
        { name: 'topic', type: 'RADIO', label: 'Topic', options: ['A new site', 'Support'], line: 1, position: 1, defaultText: 'A new site' },
        { name: 'message', type: 'PARAGRAPH', label: 'Message', placeholder: 'A few words about your project', line: 2, position: 0, max: 2000 },
        { name: 'send', type: 'BUTTON', label: 'Send the message', line: 3, position: 0 },
      ],
    }),
    'Form creation',
  );
  const newsPath = `news-${suffix}`;
  const news = await ok(as.post<{ id: number }>('/containers?locale=en', { title: `News ${suffix}`, slug: newsPath, published: true }), 'News container');
  const newsIds: number[] = [];
  for (const [index, title] of ['Autumn release', 'Behind the scenes', 'Community day'].entries()) {
    const content = await ok(
      as.post<{ id: number }>('/contents?locale=en', { title, containerId: news.id, slug: `story-${index + 1}`, published: true }),
      'News content',
    );
    newsIds.push(content.id);
  }

  const element = await ok(
    as.post<{ id: number }>('/elements', {
      title: `Newsletter ${suffix}`,
      block: 'cta',
      content: {
        title: 'Join the newsletter',
        text: 'One e-mail a month, nothing more.',
        action: { label: 'Read the news', href: `/${newsPath}` },
        theme: 'grey',
      },
    }),
    'Element creation',
  );
  const pagePath = `about-${suffix}`;
  const pageSections = richSections({ mediaId, newsId: news.id, newsPath, elementId: element.id, formId: form.id });
  const page = await ok(
    as.post<{ id: number }>('/containers?locale=en', {
      title: 'About us',
      slug: pagePath,
      published: true,
      sections: pageSections,
      metadata: [
        { name: 'description', content: 'Who we are and how to reach us.' },
        { name: 'og:title', content: 'About the team' },
      ],
    }),
    'Rich page',
  );
  await ok(as.put(`/containers/${page.id}?locale=fr`, { metadata: [{ name: 'description', content: 'Qui nous sommes.' }] }), 'French metadata');

  const memberRoleId = `members-${suffix}`;
  await ok(as.post('/roles', { id: memberRoleId, name: `Members ${suffix}`, rights: [] }), 'Role creation');
  const guardedPath = `members-${suffix}`;
  const guardedTitle = 'The members’ corner';
  await ok(
    as.post('/containers?locale=en', {
      title: 'Members',
      slug: guardedPath,
      published: true,
      accesses: [{ roleId: memberRoleId }],
      sections: [
        { block: 'hero', content: { title: guardedTitle, text: 'Plans and minutes, for members only.', theme: 'black' } },
        { block: 'richtext', content: { html: '<p>The next meeting is on <strong>Thursday</strong>.</p>' } },
      ],
    }),
    'Guarded page',
  );

  await ok(
    as.post('/layout?locale=en', {
      sections: [
        {
          type: 'HEADER',
          block: 'richtext',
          content: { html: `<p><a href="/${pagePath}">About</a> · <a href="/${newsPath}">News</a></p>`, theme: 'grey' },
        },
        { type: 'FOOTER', block: 'richtext', content: { html: '<p>© Example Ltd — 1 Example Street, Paris</p>', theme: 'black' } },
      ],
    }),
    'Layout',
  );

  return {
    token,
    suffix,
    pagePath,
    pageId: page.id,
    pageSections,
    newsId: news.id,
    newsPath,
    newsIds,
    guardedPath,
    guardedTitle,
    memberRoleId,
    formId: form.id,
    mediaId,
  };
}
