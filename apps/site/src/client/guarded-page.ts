import { AUTH_GUARD_LOG, DEFAULT_LANG, isLang, NOT_FOUND_PATH, TOKEN_HEADER, type PageResponse } from '@cms/contracts';
// The page mapping and the renderer hold no Node API: this chunk, loaded only on guarded pages,
// draws the page with the very components the server uses.
import { mapPageResponse } from '../server/pages/map-page';
import { signInHref } from '../server/pages/guarded-page';
import { renderPage } from '../server/render/render-page';
import { DEFAULT_THEME } from '../server/theme/site-theme';
import { readToken } from './session-token';

type GuardOutcome = 'rendered' | 'redirected' | 'failed';

/**
 * Where a guard answer sends the visitor (spec: sign-in when signed out, not-found without the
 * role). The API answers a role without access as it answers a missing page: 404.
 */
export function guardRedirect(status: number, signIn: string): string | null {
  if (status === 401) return signIn;
  if (status === 403 || status === 404) return NOT_FOUND_PATH;
  return null;
}

/** Puts the rendered document in place of the stand-in: its title, description and body. */
function swapDocument(doc: Document, html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  doc.title = next.title;
  for (const name of ['description', 'robots']) {
    doc.head.querySelector(`meta[name="${name}"]`)?.remove();
    const meta = next.head.querySelector(`meta[name="${name}"]`);
    if (meta) doc.head.appendChild(doc.importNode(meta, true));
  }
  const style = next.head.querySelector('style');
  const ownStyle = doc.head.querySelector('style');
  if (style && ownStyle) ownStyle.textContent = style.textContent;
  doc.documentElement.replaceChild(doc.importNode(next.body, true), doc.body);
}

/**
 * A page only some roles may read: the server sent a stand-in (a sign-in link, nothing of the
 * page). With the visitor's token, ask the API for the page and draw it here; without a token, or
 * when the API refuses it, go where the spec says.
 */
export async function showGuardedPage(win: Window, doc: Document, apiPath: string): Promise<GuardOutcome> {
  const lang = doc.documentElement.lang;
  const locale = isLang(lang) ? lang : DEFAULT_LANG;
  const signIn = signInHref(locale, apiPath.replace(/^\//, ''));
  const redirect = (to: string): GuardOutcome => {
    console.log(AUTH_GUARD_LOG);
    win.location.replace(to);
    return 'redirected';
  };

  const token = readToken(win);
  if (!token) return redirect(signIn);
  let response: Response;
  try {
    response = await win.fetch(`/api/pages?path=${encodeURIComponent(apiPath)}&locale=${encodeURIComponent(locale)}`, {
      headers: { accept: 'application/json', [TOKEN_HEADER]: token },
      cache: 'no-store',
    });
  } catch {
    return 'failed';
  }
  const target = guardRedirect(response.status, signIn);
  if (target) return redirect(target);
  if (!response.ok) return 'failed';
  const page = mapPageResponse((await response.json()) as PageResponse);
  const html = renderPage({
    page: { ...page, noIndex: true },
    theme: page.theme ?? DEFAULT_THEME,
    assets: { scripts: [], styles: [] },
    origin: win.location.origin,
  });
  swapDocument(doc, html);
  return 'rendered';
}
