import './styles/site.css';
import { GUARDED_PATH_ATTR } from '../shared/dom-contract';
import { startCookieConsent } from './cookie-consent';
import { markEmbedded } from './embedded';
import { startForms } from './forms';
import { startLinkPrefetch } from './link-prefetch';
import { startScrollTheme } from './scroll-theme';
import { forgetSignInDestination } from './sign-in-destination';
import { startStaffBar } from './staff-bar';

function startPage(): void {
  markEmbedded(window, document.body);
  startScrollTheme(window, document);
  startCookieConsent(window, document);
  startLinkPrefetch(window, document);
  startForms(window, document);
  void startStaffBar(window, document);
}

// Every public page is a route other than /sign-in; a guarded page that sends the visitor to sign
// in names itself in ?redirect=, which /sign-in remembers afresh.
forgetSignInDestination(window);

// A module script runs after the document is parsed, so the body and every section exist.
const guardedPath = document.body.getAttribute(GUARDED_PATH_ATTR);
if (guardedPath === null) {
  startPage();
} else {
  // Only guarded pages load the renderer (a chunk of its own); the page's behaviours start once it is drawn.
  import('./guarded-page')
    .then(({ showGuardedPage }) => showGuardedPage(window, document, guardedPath))
    .catch(() => 'failed' as const)
    .then((outcome) => {
      if (outcome !== 'redirected') startPage();
    });
}
