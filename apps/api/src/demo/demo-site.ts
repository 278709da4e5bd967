import { type BlockContent, type BlockName, type BlockReference, Lang, LANGS, localePath, LOGO_SETTING_NAME } from '@cms/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawn } from 'node:child_process';
import { ABOUT, BLOG, CONTACT, COOKIE_TEXT, HOME, NAV, POSTS, SITE_NAME, type PerLang } from './demo-content';

/*
 * The demo site of a first start: written through the public REST API as the first owner, so it
 * is ordinary data, checked by the same rules as an editor's, that anyone may change or delete.
 */

type Inject = NestFastifyApplication['inject'];

class DemoError extends Error {}

function client(inject: Inject, token: string) {
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown): Promise<{ id: number }> => {
    const res = await inject({ method, url, payload: payload as object, headers: { token, 'content-type': 'application/json' } });
    if (res.statusCode >= 300) throw new DemoError(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return res.json() as { id: number };
  };
  return {
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    async upload(file: Buffer, name: string, alt: PerLang<string>): Promise<number> {
      const boundary = `demo${Date.now().toString(36)}`;
      const part = (headers: string, body: Buffer | string) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
      const payload = Buffer.concat([
        part('Content-Disposition: form-data; name="name"', name),
        ...LANGS.map((lang) => part(`Content-Disposition: form-data; name="alt[${lang}]"`, alt[lang])),
        part(`Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg`, file),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const res = await inject({
        method: 'POST',
        url: '/api/medias',
        payload,
        headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      if (res.statusCode !== 201) throw new DemoError(`uploading ${name} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
      return (res.json() as { id: number }).id;
    },
  };
}

type Palette = [string, string, string];
interface DemoPicture {
  palette: Palette;
  seed: number;
  width?: number;
  height?: number;
}

/** A soft abstract picture, as SVG: a diagonal gradient with a few translucent circles. */
function demoSvg({ palette: [deep, bright, light], seed, width = 1600, height = 1000 }: DemoPicture): string {
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const x = ((seed * 37 + i * 53) % 100) / 100;
      const y = ((seed * 61 + i * 29) % 100) / 100;
      const r = 0.18 + (((seed + i) * 17) % 20) / 100;
      const fill = [light, bright, '#ffffff', deep][i];
      return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${Math.round(r * height)}" fill="${fill}" opacity="${0.18 + i * 0.07}"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${bright}"/></linearGradient>` +
    `<filter id="b"><feGaussianBlur stdDeviation="${Math.round(height / 40)}"/></filter></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><g filter="url(#b)">${circles}</g></svg>`
  );
}

/**
 * The pictures as JPEGs, drawn by sharp in a child process that then exits: rasterising blurred
 * SVGs of 1600 × 1200 left 40–140 MB in the server's memory allocator for the rest of its life
 * (issue 29, docs/perf.md), for pictures drawn once.
 */
async function drawDemoPictures(pictures: DemoPicture[]): Promise<Buffer[]> {
  const script =
    'const sharp = require(process.argv[1]);' +
    'sharp.cache(false);' +
    'let input = "";' +
    'process.stdin.on("data", (chunk) => (input += chunk)).on("end", async () => {' +
    '  const out = [];' +
    '  for (const svg of JSON.parse(input)) out.push((await sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer()).toString("base64"));' +
    '  process.stdout.write(JSON.stringify(out));' +
    '});';
  const child = spawn(process.execPath, ['-e', script, require.resolve('sharp')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  child.stdin.end(JSON.stringify(pictures.map(demoSvg)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new DemoError(`drawing the demo pictures failed (exit ${code}): ${stderr.trim()}`);
  return (JSON.parse(stdout) as string[]).map((base64) => Buffer.from(base64, 'base64'));
}

/** One soft abstract picture (a diagonal gradient with a few translucent circles), as a JPEG. */
export async function demoImage(palette: Palette, seed: number, width = 1600, height = 1000): Promise<Buffer> {
  return (await drawDemoPictures([{ palette, seed, width, height }]))[0];
}

/** A section of a block, its content checked against the block's schema (BLOCKS) when this file compiles. */
const section = <N extends BlockName>(block: N, content: BlockContent<N>, reference: Partial<Record<BlockReference, number>> = {}) => ({
  block,
  content,
  ...reference,
});

const perLang = <T>(make: (lang: Lang) => T): PerLang<T> => Object.fromEntries(LANGS.map((lang) => [lang, make(lang)])) as PerLang<T>;

/**
 * Seeds the demo site: settings, a home page (hero, features, latest posts, call to action), a
 * blog with three posts, an about page, a contact page with its form, and the header and footer
 * menus, each in the five languages. Signs in as the owner and out again.
 */
export async function seedDemoSite(app: NestFastifyApplication, owner: { email: string; password: string }): Promise<void> {
  const inject: Inject = app.inject.bind(app);
  const signIn = await inject({ method: 'POST', url: '/api/auth/signin', payload: owner });
  if (signIn.statusCode !== 200 && signIn.statusCode !== 201) throw new DemoError(`signing in as ${owner.email} answered ${signIn.statusCode}`);
  const { token } = signIn.json() as { token: string };
  const api = client(inject, token);
  try {
    for (const [name, value] of [
      ['siteName', SITE_NAME],
      ['cookieConsentText', COOKIE_TEXT],
    ] as const) {
      await api.put(`/api/settings/by-name/${name}`, { value });
    }

    // Every picture in one child process: hero, logo, then each post's cover.
    const [heroPicture, logoPicture, ...covers] = await drawDemoPictures([
      { palette: ['#0b3d2e', '#26d17d', '#d1fae5'], seed: 7, width: 1600, height: 1200 },
      { palette: ['#0b3d2e', '#26d17d', '#d1fae5'], seed: 3, width: 256, height: 256 },
      ...POSTS.map((post, index) => ({ palette: post.palette, seed: index + 11 })),
    ]);
    const heroImage = await api.upload(heroPicture, 'studio.jpg', {
      en: 'Soft green light',
      fr: 'Une douce lumière verte',
      tr: 'Yumuşak yeşil ışık',
      es: 'Una suave luz verde',
      it: 'Una morbida luce verde',
    });
    const logo = await api.upload(
      logoPicture,
      'lumen-logo.jpg',
      perLang(() => ''),
    );
    await api.put(`/api/settings/by-name/${LOGO_SETTING_NAME}`, { value: logo });

    const blog = await api.post('/api/containers', {
      title: 'Blog',
      slug: 'blog',
      published: true,
      fields: [
        { label: 'Title', name: 'title', type: 'STRING', required: true, max: 200 },
        { label: 'Subtitle', name: 'subtitle', type: 'STRING', max: 300 },
        { label: 'Cover', name: 'cover', type: 'IMAGE' },
        { label: 'Published on', name: 'date', type: 'DATE' },
        { label: 'Body', name: 'body', type: 'RICHTEXT' },
      ],
    });
    for (const lang of LANGS) {
      await api.put(`/api/containers/${blog.id}?locale=${lang}`, {
        sections: [
          section('hero', { eyebrow: NAV[lang].blog, title: BLOG[lang].title, text: BLOG[lang].text, theme: 'grey' }),
          section('contents', { limit: 6, paginate: true, excerptField: 'subtitle' }, { containerContentId: blog.id }),
        ],
        metadata: [
          { name: 'title', content: BLOG[lang].title },
          { name: 'description', content: BLOG[lang].text },
        ],
      });
    }
    // Oldest first: lists ordered by last change show the newest post first.
    for (const [index, post] of [...POSTS.entries()].reverse()) {
      const cover = await api.upload(
        covers[index],
        `${post.slug}.jpg`,
        perLang((lang) => post.text[lang].title),
      );
      const localized = (lang: Lang) => {
        const text = post.text[lang];
        return {
          fields: { title: text.title, subtitle: text.subtitle, cover, date: post.date, body: text.body },
          metadata: [{ name: 'description', content: text.subtitle }],
        };
      };
      const content = await api.post('/api/contents?locale=en', {
        title: post.text.en.title,
        containerId: blog.id,
        published: true,
        slug: post.slug,
        ...localized(Lang.en),
      });
      for (const lang of LANGS.filter((l) => l !== Lang.en)) await api.put(`/api/contents/${content.id}?locale=${lang}`, localized(lang));
    }

    const home = await api.post('/api/containers', { title: 'Home', slug: '', published: true });
    for (const lang of LANGS) {
      const h = HOME[lang];
      await api.put(`/api/containers/${home.id}?locale=${lang}`, {
        sections: [
          section('hero', {
            eyebrow: h.eyebrow,
            title: h.title,
            text: h.text,
            mediaId: heroImage,
            action: { label: h.action, href: localePath(lang, '/blog') },
          }),
          section('feature-list', { title: h.featuresTitle, theme: 'grey', items: h.features.map(([title, text]) => ({ title, text })) }),
          section('contents', { title: h.latest, limit: 3, excerptField: 'subtitle' }, { containerContentId: blog.id }),
          section('cta', { title: h.ctaTitle, text: h.ctaText, theme: 'black', action: { label: h.ctaAction, href: localePath(lang, '/contact') } }),
        ],
        metadata: [
          { name: 'title', content: h.title },
          { name: 'description', content: h.description },
        ],
      });
    }

    const about = await api.post('/api/containers', { title: 'About', slug: 'about', published: true });
    for (const lang of LANGS) {
      const a = ABOUT[lang];
      await api.put(`/api/containers/${about.id}?locale=${lang}`, {
        sections: [
          section('hero', { eyebrow: a.eyebrow, title: a.title, text: a.text, mediaId: heroImage }),
          section('richtext', { html: a.body }),
          section('feature-list', { theme: 'grey', items: HOME[lang].features.map(([title, text]) => ({ title, text })) }),
        ],
        metadata: [
          { name: 'title', content: a.eyebrow },
          { name: 'description', content: a.description },
        ],
      });
    }

    const formFields = (lang: Lang) => {
      const c = CONTACT[lang];
      return [
        { name: 'name', type: 'TEXT', label: c.name, required: true, max: 120, line: 0, position: 0 },
        { name: 'email', type: 'EMAIL', label: c.email, required: true, line: 0, position: 1 },
        { name: 'message', type: 'PARAGRAPH', label: c.message, required: true, min: 10, max: 5000, line: 1, position: 2 },
        { name: 'send', type: 'BUTTON', label: c.send, line: 2, position: 3 },
      ];
    };
    const form = await api.post('/api/forms?locale=en', { title: 'Contact', fields: formFields(Lang.en) });
    for (const lang of LANGS.filter((l) => l !== Lang.en)) await api.put(`/api/forms/${form.id}?locale=${lang}`, { fields: formFields(lang) });
    const contact = await api.post('/api/containers', { title: 'Contact', slug: 'contact', published: true });
    for (const lang of LANGS) {
      const c = CONTACT[lang];
      await api.put(`/api/containers/${contact.id}?locale=${lang}`, {
        sections: [section('form', { title: c.title, text: c.text }, { formId: form.id })],
        metadata: [
          { name: 'title', content: c.title },
          { name: 'description', content: c.description },
        ],
      });
    }

    for (const lang of LANGS) {
      const n = NAV[lang];
      const to = (path: string) => localePath(lang, path);
      await api.post(`/api/layout?locale=${lang}`, {
        sections: [
          {
            type: 'HEADER',
            ...section('navigation', {
              items: [
                { label: n.home, href: to('/') },
                { label: n.blog, href: to('/blog'), children: POSTS.map((post) => ({ label: post.text[lang].title, href: to(`/blog/${post.slug}`) })) },
                { label: n.about, href: to('/about') },
                { label: n.contact, href: to('/contact') },
              ],
            }),
          },
          {
            type: 'FOOTER',
            ...section('navigation', {
              items: [
                {
                  label: n.studio,
                  href: to('/about'),
                  children: [
                    { label: n.about, href: to('/about') },
                    { label: n.contact, href: to('/contact') },
                  ],
                },
                {
                  label: n.blog,
                  href: to('/blog'),
                  children: [
                    { label: n.allPosts, href: to('/blog') },
                    ...POSTS.slice(0, 2).map((post) => ({ label: post.text[lang].title, href: to(`/blog/${post.slug}`) })),
                  ],
                },
              ],
            }),
          },
        ],
      });
    }
  } finally {
    await inject({ method: 'POST', url: '/api/auth/signout', headers: { token } });
  }
}
