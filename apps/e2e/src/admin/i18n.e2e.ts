import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/screenshot';
import { api, apiSignIn, baseUrl, createUserWithRights, launchChromium, owner, storeToken, unique } from './admin-session';

jest.setTimeout(180_000);

/** What each language must show: the words are the catalogs' (apps/admin/src/i18n). */
const LANGUAGES = [
  {
    browser: 'en-US',
    lang: 'en',
    signIn: 'Sign in',
    submit: 'Sign in',
    email: 'E-mail',
    home: 'Home',
    containers: 'Containers',
    layout: 'Layout',
    menu: 'English',
    title: 'Title',
    save: 'Save',
  },
  {
    browser: 'fr-FR',
    lang: 'fr',
    signIn: 'Connexion',
    submit: 'Se connecter',
    email: 'E-mail',
    home: 'Accueil',
    containers: 'Conteneurs',
    layout: 'Mise en page',
    menu: 'Français',
    title: 'Titre',
    save: 'Enregistrer',
  },
  {
    browser: 'tr-TR',
    lang: 'tr',
    signIn: 'Giriş yap',
    submit: 'Giriş yap',
    email: 'E-posta',
    home: 'Ana sayfa',
    containers: 'Kapsayıcılar',
    layout: 'Sayfa düzeni',
    menu: 'Türkçe',
    title: 'Başlık',
    save: 'Kaydet',
  },
  {
    browser: 'es-ES',
    lang: 'es',
    signIn: 'Iniciar sesión',
    submit: 'Iniciar sesión',
    email: 'Correo electrónico',
    home: 'Inicio',
    containers: 'Contenedores',
    layout: 'Diseño',
    menu: 'Español',
    title: 'Título',
    save: 'Guardar',
  },
  {
    browser: 'it-IT',
    lang: 'it',
    signIn: 'Accedi',
    submit: 'Accedi',
    email: 'E-mail',
    home: 'Home',
    containers: 'Contenitori',
    layout: 'Layout',
    menu: 'Italiano',
    title: 'Titolo',
    save: 'Salva',
  },
] as const;

/**
 * Words of the English screens that no Turkish screen should show: a string that skipped the
 * i18n provider would bring one of them. (Turkish shares none of them, unlike French or Italian.)
 */
const ENGLISH_WORDS = [
  'Title',
  'Status',
  'Published',
  'Updated',
  'Search',
  'Create',
  'Fields',
  'Label',
  'Name',
  'Type',
  'Required',
  'Multiple',
  'Metadata',
  'Access',
  'Save',
  'Delete',
  'Containers',
  'Contents',
  'Elements',
  'Users',
  'Forms',
  'Medias',
  'Layout',
  'Rows',
  'Home',
  'Available',
  'Discontinued',
  'Block',
  'Content',
  'Page',
  'sections',
  'Locale',
  'Hide',
  'footer',
  'Role',
];

let browser: Browser;
let ownerToken: string;
let container: { id: number; title: string };

beforeAll(async () => {
  browser = await launchChromium();
  ownerToken = await apiSignIn(owner().email, owner().password);
  // A title and field labels without English words: they are data, shown as typed.
  const title = unique('Haberler');
  const created = await api<{ id: number }>('/containers?locale=en', {
    method: 'POST',
    token: ownerToken,
    body: {
      title,
      published: false,
      fields: [
        { label: 'Özet', name: 'ozet', type: 'STRING', required: true },
        { label: 'Fiyat', name: 'fiyat', type: 'NUMBER', min: 0, max: 100 },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`Container creation answered ${created.status}`);
  container = { id: created.body.id, title };
});

afterAll(async () => {
  if (container) await api(`/containers/${container.id}`, { method: 'DELETE', token: ownerToken });
  await browser?.close();
});

async function newContext(locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

const topBar = (page: Page) => page.locator('header nav');

async function signInAs(page: Page, language: (typeof LANGUAGES)[number]): Promise<void> {
  await page.getByRole('heading', { name: language.signIn, level: 1 }).waitFor();
  await page.getByLabel(language.email).fill(owner().email);
  await page.locator('input[name="password"]').fill(owner().password);
  await page.getByRole('button', { name: language.submit, exact: true }).click();
}

describe('back office in five languages', () => {
  it.each(LANGUAGES)('speaks $lang from the browser language ($browser): sign-in, top bar, a list and an edit screen', async (language) => {
    const { context, page } = await newContext(language.browser);
    try {
      // A protected page sends the visitor to /sign-in, in the browser's language.
      await page.goto(`${baseUrl()}/admin/containers?filter=${encodeURIComponent(JSON.stringify({ q: container.title }))}`);
      await page.waitForURL('**/sign-in');
      expect(await page.locator('html').getAttribute('lang')).toBe(language.lang);
      await screenshot(page, `admin-i18n-${language.lang}-sign-in`, { fullPage: false });
      await signInAs(page, language);

      await page.waitForURL('**/admin/containers**');
      const nav = topBar(page);
      await nav.getByRole('link', { name: language.containers, exact: true }).waitFor();
      await nav.getByRole('link', { name: language.home, exact: true }).waitFor();
      await nav.getByRole('link', { name: language.layout, exact: true }).waitFor();
      await page.getByRole('columnheader', { name: language.title }).waitFor();
      await page.getByText(container.title).waitFor();
      await screenshot(page, `admin-i18n-${language.lang}-list`);

      await page.goto(`${baseUrl()}/admin/containers/${container.id}`);
      await page.locator('input[name="fields.1.label"]').waitFor();
      await page.getByRole('button', { name: language.save, exact: true }).waitFor();
      await screenshot(page, `admin-i18n-${language.lang}-edit`);
    } catch (error) {
      await screenshot(page, `admin-i18n-${language.lang}-failure`);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('shows no English word on Turkish screens', async () => {
    const turkish = LANGUAGES[2];
    const { context, page } = await newContext(turkish.browser);
    try {
      await page.goto(`${baseUrl()}/sign-in`);
      const seen: string[] = [await page.locator('body').innerText()];
      await signInAs(page, turkish);
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      await page.goto(`${baseUrl()}/admin/containers?filter=${encodeURIComponent(JSON.stringify({ q: container.title }))}`);
      await page.getByText(container.title).waitFor();
      seen.push(await page.locator('body').innerText());
      await page.goto(`${baseUrl()}/admin/containers/${container.id}`);
      await page.locator('input[name="fields.1.label"]').waitFor();
      seen.push(await page.locator('body').innerText());
      // Validation messages too: an empty required title.
      await page.locator('input[name="title"]').fill('');
      await page.getByRole('button', { name: turkish.save, exact: true }).click();
      await page.getByText('Zorunlu').first().waitFor();
      seen.push(await page.locator('body').innerText());

      const text = seen.join('\n').replace(container.title, '');
      const english = ENGLISH_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text));
      expect(english).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows no English word on any Turkish screen of the back office', async () => {
    const turkish = LANGUAGES[2];
    const { context, page } = await newContext(turkish.browser);
    const screens = [
      '/admin',
      '/admin/containers/create',
      '/admin/contents',
      '/admin/contents/create',
      '/admin/elements',
      '/admin/elements/create',
      '/admin/forms',
      '/admin/forms/create',
      '/admin/messages',
      '/admin/medias',
      '/admin/medias/create',
      '/admin/medias/packs',
      '/admin/medias/packs/create',
      '/admin/users',
      '/admin/users/create',
      '/admin/users/roles',
      '/admin/users/roles/create',
      '/admin/layout',
      '/admin/no-such-screen',
      '/not-found',
    ];
    const found: string[] = [];
    try {
      await storeToken(page, ownerToken);
      for (const screen of screens) {
        await page.goto(`${baseUrl()}${screen}`);
        await page.waitForLoadState('networkidle');
        await page.locator('#root *').first().waitFor();
        // Rows of lists hold what other tests typed (names, titles): the screen's own words are elsewhere.
        const text = await page.evaluate(() => {
          let shown = document.body.innerText;
          for (const rows of document.querySelectorAll<HTMLElement>('tbody, [aria-label="Medyalar"] li')) shown = shown.replace(rows.innerText, '\n');
          return shown;
        });
        // The screen really showed: the top bar in Turkish, or the not-found page's text.
        if (!text.includes(screen.startsWith('/admin') ? 'Kapsayıcılar' : 'Sayfa bulunamadı')) found.push(`${screen}: not shown`);
        for (const word of ENGLISH_WORDS) {
          if (new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text)) found.push(`${screen}: ${word}`);
        }
      }
      expect(found).toEqual([]);
    } catch (error) {
      await screenshot(page, 'admin-i18n-tr-screens-failure');
      throw error;
    } finally {
      await context.close();
    }
  });

  it("words the API's known errors in the interface language: not unique, still in use on delete", async () => {
    const held = await createUserWithRights(ownerToken, ['VIEW_ROLE']);
    const { context, page } = await newContext('fr-FR');
    try {
      await storeToken(page, ownerToken);
      // A role key already taken: the API answers 409 in English, the screen says it in French.
      await page.goto(`${baseUrl()}/admin/users/roles/create`);
      await page.locator('input[name="name"]').fill(unique('Relecteurs'));
      await page.locator('input[name="id"]').fill(held.roleId);
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Cette valeur est déjà utilisée par un autre enregistrement.').waitFor();

      // A role still held by a user cannot be deleted.
      await page.goto(`${baseUrl()}/admin/users/roles/${encodeURIComponent(held.roleId)}`);
      await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
      await page.getByText('Cet enregistrement est encore utilisé et ne peut pas être supprimé.', { exact: false }).waitFor();
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiSnackbar-root .MuiPaper-root') as Element).opacity === '1');
      await screenshot(page, 'admin-i18n-fr-delete-conflict', { fullPage: false });
    } catch (error) {
      await screenshot(page, 'admin-i18n-errors-failure');
      throw error;
    } finally {
      await context.close();
      await api(`/users/${held.userId}`, { method: 'DELETE', token: ownerToken });
      await api(`/roles/${encodeURIComponent(held.roleId)}`, { method: 'DELETE', token: ownerToken });
    }
  });

  it('changes the language even when storing it with the account fails, and says so', async () => {
    const { context, page } = await newContext('en-US');
    try {
      await storeToken(page, ownerToken);
      // The API refuses the save as a failing server would; every other call goes through.
      await page.route('**/api/me/language', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"Down"}' }),
      );
      await page.goto(`${baseUrl()}/admin/containers`);
      await topBar(page).getByRole('link', { name: 'Containers', exact: true }).waitFor();
      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Français', exact: true }).click();
      await topBar(page).getByRole('link', { name: 'Conteneurs', exact: true }).waitFor();
      await page.getByText('La langue a changé ici, mais n’a pas pu être enregistrée sur votre compte').waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('RaStore.locale'))).toBe('"fr"');
      expect((await api<{ language: string | null }>('/me', { token: ownerToken })).body.language).toBeNull();
    } catch (error) {
      await screenshot(page, 'admin-i18n-save-failure');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('switches the language from the user menu and keeps the choice, sign-in page included; another browser takes it at sign-in', async () => {
    const { context, page } = await newContext('en-US');
    let other: BrowserContext | undefined;
    try {
      await page.goto(`${baseUrl()}/admin/containers`);
      await page.waitForURL('**/sign-in');
      await signInAs(page, LANGUAGES[0]);
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      await page.goto(`${baseUrl()}/admin/containers`);
      const nav = topBar(page);
      await nav.getByRole('link', { name: 'Containers', exact: true }).waitFor();

      for (const language of [LANGUAGES[1], LANGUAGES[2], LANGUAGES[3], LANGUAGES[4]]) {
        await page.getByRole('button', { name: /^(User menu|Menu utilisateur|Kullanıcı menüsü|Menú de usuario|Menu utente)/ }).click();
        // The language names are written in their own language, whatever the current one.
        for (const name of LANGUAGES.map((entry) => entry.menu)) await page.getByRole('menuitem', { name, exact: true }).waitFor();
        if (language.lang === 'tr') {
          // The menu fades in: photograph it once it is fully shown.
          await page.waitForFunction(() => getComputedStyle(document.querySelector('#user-menu .MuiPaper-root') as Element).opacity === '1');
          await screenshot(page, 'admin-i18n-user-menu', { fullPage: false });
        }
        await page.getByRole('menuitem', { name: language.menu, exact: true }).click();
        await nav.getByRole('link', { name: language.containers, exact: true }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(language.lang);
      }
      expect(await page.evaluate(() => window.localStorage.getItem('RaStore.locale'))).toBe('"it"');
      // Stored with the account too: the mails to it are in Italian now.
      const storedLanguage = async () => (await api<{ language: string | null }>('/me', { token: ownerToken })).body.language;
      for (const deadline = Date.now() + 10_000; (await storedLanguage()) !== 'it' && Date.now() < deadline;) await page.waitForTimeout(100);
      expect(await storedLanguage()).toBe('it');

      // The content locale of an editor stays apart: Italian screens editing the Turkish version.
      await page.goto(`${baseUrl()}/admin/containers/${container.id}`);
      await page.getByRole('button', { name: 'Lingua del contenuto tr' }).click();
      await page.getByText('Metadati (tr)').waitFor();
      await nav.getByRole('link', { name: 'Contenitori', exact: true }).waitFor();

      // Kept across a reload, and on the sign-in page after signing out.
      await page.reload();
      await nav.getByRole('link', { name: 'Contenitori', exact: true }).waitFor();
      await page.getByRole('button', { name: /^Menu utente/ }).click();
      await page.getByRole('menuitem', { name: 'Disconnetti' }).click();
      await page.waitForURL('**/sign-in');
      await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();

      // Another browser, with no language chosen, reads the sign-in page in its own language, and
      // the back office in the account's once signed in; that becomes this browser's choice.
      const second = await newContext('en-US');
      other = second.context;
      await second.page.goto(`${baseUrl()}/admin/containers`);
      await second.page.waitForURL('**/sign-in');
      await signInAs(second.page, LANGUAGES[0]);
      await topBar(second.page).getByRole('link', { name: 'Contenitori', exact: true }).waitFor();
      expect(await second.page.locator('html').getAttribute('lang')).toBe('it');
      expect(await second.page.evaluate(() => window.localStorage.getItem('RaStore.locale'))).toBe('"it"');
    } catch (error) {
      await screenshot(page, 'admin-i18n-switch-failure');
      throw error;
    } finally {
      await other?.close();
      await context.close();
      // The owner is every later test's: it goes back to no language of its own.
      await api('/me/language', { method: 'PUT', token: ownerToken, body: { language: null } });
    }
  });
});
