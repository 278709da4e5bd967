import { SCROLL_MEASURE_DELAY_MS } from '@cms/contracts';
import { FIRST_SECTION_ATTR, SECTION_THEME_ATTR } from '../shared/dom-contract';
import { scrollState, THEME_CLASSES, type ScrollState } from '../shared/section-theme';
import { frameThrottle } from './frame-throttle';

function applyScrollState(body: HTMLElement, state: ScrollState): void {
  for (const name of THEME_CLASSES) body.classList.toggle(name, name === state.themeClass);
  const first = String(state.firstSection);
  if (body.getAttribute(FIRST_SECTION_ATTR) !== first) body.setAttribute(FIRST_SECTION_ATTR, first);
}

function measureScrollState(win: Window, doc: Document): ScrollState {
  const sections = doc.querySelectorAll<HTMLElement>(`[${SECTION_THEME_ATTR}]`);
  const boxes = Array.from(sections, (section) => {
    const rect = section.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, theme: section.getAttribute(SECTION_THEME_ATTR) };
  });
  return scrollState(boxes, win.innerHeight);
}

/** Measures once 800 ms after load (images and fonts have moved things by then) and on every scroll. */
export function startScrollTheme(win: Window, doc: Document): void {
  const update = () => applyScrollState(doc.body, measureScrollState(win, doc));
  const onChange = frameThrottle(update, (callback) => win.requestAnimationFrame(callback));
  win.addEventListener('scroll', onChange, { passive: true });
  win.addEventListener('resize', onChange, { passive: true });
  const measureLater = () => win.setTimeout(update, SCROLL_MEASURE_DELAY_MS);
  if (doc.readyState === 'complete') measureLater();
  else win.addEventListener('load', measureLater, { once: true });
}
