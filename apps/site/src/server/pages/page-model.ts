import type { Lang, ThemeResponse } from '@cms/contracts';
import type { SectionTheme } from '../../shared/section-theme';
import type { Alternate } from '../routing/locale-route';

/**
 * A section of a page: `block` names the component that renders it and `content` is that
 * block's data as JSON, validated by the block itself. For pages of the CMS the mapping has
 * already resolved what the section refers to (its media, form, element or listed contents) into
 * `content`, so a block needs nothing but its section.
 */
export interface SectionModel {
  /** The section's DOM id, unique in the page. */
  id: string;
  block: string;
  theme: SectionTheme;
  content: unknown;
}

/** The layout's sections around the page's own: HEADER, TOP_BODY, BOTTOM_BODY and FOOTER. */
export interface LayoutModel {
  header: SectionModel[];
  topBody: SectionModel[];
  bottomBody: SectionModel[];
  footer: SectionModel[];
}

/** A `<meta>` of the page head; `property` for Open Graph names, `name` for the others. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** Everything the renderer needs to draw one page in one locale. */
export interface PageModel {
  locale: Lang;
  /** Page path without the locale prefix, '' for the home page. */
  path: string;
  title: string;
  description?: string;
  sections: SectionModel[];
  layout?: LayoutModel;
  /** Locales the page exists in: its hreflang alternates and language-switcher targets. */
  locales: readonly Lang[];
  /** The page's addresses in its locales when the CMS gives them; otherwise derived from `locales`. */
  alternates?: readonly Alternate[];
  /** Other `<meta>` tags of the page (keywords, Open Graph...). */
  meta?: readonly MetaTag[];
  /** The page's own colours; the site theme otherwise. */
  theme?: ThemeResponse;
  hideFooter?: boolean;
  noIndex?: boolean;
  /** What the page shows, for Open Graph and the staff bar's edit link: a container's page or a content's. */
  kind?: 'container' | 'content';
  /** The content (content pages) or container (container pages) staff edit from this page. */
  editId?: number;
  /**
   * How many `?page=` pages the page has: the most its paginating `contents` blocks need, 1
   * without one (absent: 1). A page number past it answers 404 and is not cached.
   */
  lastPage?: number;
  /**
   * Set on the stand-in of a page only some roles may read: the API path the client script asks
   * for with the visitor's token (`/blog/x`).
   */
  guardedPath?: string;
}
