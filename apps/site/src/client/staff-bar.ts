import { TOKEN_HEADER, type RightType } from '@cms/contracts';
import { hasRight, holdsAnyRight, type RightsSubject } from '@cms/rights';
import { EDIT_TARGET_ATTR, STAFF_BAR_TEMPLATE_ID, STAFF_EDIT_LINK_ATTR } from '../shared/dom-contract';
import { clearToken, isSessionRejected, readToken } from './session-token';

// Literals rather than the RightType enum object: the page's script stays without the list of every right.
const UPDATE_CONTENT = 'UPDATE_CONTENT' as RightType.UPDATE_CONTENT;
const UPDATE_CONTAINER = 'UPDATE_CONTAINER' as RightType.UPDATE_CONTAINER;

/** `contents/42` → the right to edit it and its screen in the back office; null for anything else. */
export function editTarget(value: string | null): { right: RightType; href: string } | null {
  const match = /^(contents|containers)\/([1-9][0-9]{0,9})$/.exec(value ?? '');
  if (!match) return null;
  return { right: match[1] === 'contents' ? UPDATE_CONTENT : UPDATE_CONTAINER, href: `/admin/${match[1]}/${match[2]}` };
}

/** What the bar shows to this user on this page: nothing, the back office link, or both links. */
export function staffBarFor(me: RightsSubject | null, target: string | null): { editHref: string | null } | null {
  if (!me || !holdsAnyRight(me)) return null;
  const edit = editTarget(target);
  return { editHref: edit && hasRight(me, edit.right) ? edit.href : null };
}

function readMe(value: unknown): RightsSubject | null {
  if (!value || typeof value !== 'object') return null;
  const { role, rights } = value as { role?: unknown; rights?: unknown };
  if (typeof role !== 'string' || !Array.isArray(rights)) return null;
  return { role, rights: rights.filter((right): right is RightType => typeof right === 'string') };
}

/**
 * The "edit this page" bar. Pages are the same for everybody (they are cached): only in the
 * browser of someone holding a session token does this ask /api/me who it is, then show the bar
 * from the page's own template. Visitors without a token cost nothing: no request is made. A token
 * the API refuses (401/403) is dropped from local storage, so the next page asks nothing.
 */
export async function startStaffBar(win: Window, doc: Document): Promise<boolean> {
  const token = readToken(win);
  const template = doc.getElementById(STAFF_BAR_TEMPLATE_ID);
  if (!token || !(template instanceof HTMLTemplateElement)) return false;
  let me: RightsSubject | null = null;
  try {
    const response = await win.fetch('/api/me', { headers: { accept: 'application/json', [TOKEN_HEADER]: token }, cache: 'no-store' });
    if (!response.ok) {
      // A dead token (expired, signed out elsewhere, user removed): signed out here too, no more asking.
      if (isSessionRejected(response.status)) clearToken(win);
      return false;
    }
    me = readMe(await response.json());
  } catch {
    return false;
  }
  const bar = staffBarFor(me, doc.body.getAttribute(EDIT_TARGET_ATTR));
  if (!bar) return false;
  const content = template.content.cloneNode(true) as DocumentFragment;
  const edit = content.querySelector<HTMLAnchorElement>(`[${STAFF_EDIT_LINK_ATTR}]`);
  if (edit && bar.editHref) {
    edit.href = bar.editHref;
    edit.hidden = false;
  }
  doc.body.prepend(content);
  return true;
}
