/**
 * The blocks a page section (or a reusable element) can be, with the schema of each block's JSON
 * `content`. The API validates every section against this registry; the admin can build its
 * section editors from it and the site picks a component by `block`.
 */

/** Colour theme of a section, read by the site's theme-on-scroll (black: dark, grey: grey, white: light). */
export const BLOCK_THEMES = ['black', 'grey', 'white'] as const;
export type BlockTheme = (typeof BLOCK_THEMES)[number];

/** How one property of a block's content is checked. */
export type BlockFieldSchema =
  /** Plain text, rendered escaped. */
  | { kind: 'text'; required?: boolean; maxLength: number }
  /** HTML, sanitised by the API on write (allow-list of tags; no scripts, event handlers or javascript: URLs). */
  | { kind: 'html'; required?: boolean; maxLength: number }
  /** A link target: a path starting with `/` or `#`, or an http(s), mailto or tel URL. */
  | { kind: 'href'; required?: boolean }
  | { kind: 'enum'; required?: boolean; values: readonly string[] }
  | { kind: 'int'; required?: boolean; min: number; max: number }
  | { kind: 'boolean'; required?: boolean }
  /** The id of a Media; the API checks that it exists and the page read resolves it. */
  | { kind: 'mediaId'; required?: boolean }
  | { kind: 'object'; required?: boolean; fields: Readonly<Record<string, BlockFieldSchema>> }
  | { kind: 'list'; required?: boolean; maxItems: number; of: BlockFieldSchema };

/** The section column a block needs filled: the form it shows, the element it places, the container it lists. */
export type BlockReference = 'formId' | 'elementId' | 'containerContentId';

export interface BlockDefinition {
  label: string;
  /** The reference the section must carry (and the only one it may carry). */
  reference?: BlockReference;
  /** Whether a reusable element may be of this block (an element cannot place an element or list contents). */
  reusable: boolean;
  /** The block's content; every block also takes an optional `theme` (see BLOCK_THEMES). */
  content: Readonly<Record<string, BlockFieldSchema>>;
}

const link = {
  kind: 'object',
  fields: { label: { kind: 'text', required: true, maxLength: 200 }, href: { kind: 'href', required: true } },
} as const satisfies BlockFieldSchema;

/** Largest `limit` of a `contents` block (how many of the container's contents it lists). */
export const CONTENTS_BLOCK_MAX_LIMIT = 50;
export const CONTENTS_BLOCK_DEFAULT_LIMIT = 12;
/** How a `contents` block orders what it lists: newest first, or by title. */
export const CONTENTS_BLOCK_SORTS = ['updatedAt', 'title'] as const;
export type ContentsBlockSort = (typeof CONTENTS_BLOCK_SORTS)[number];

/** Most entries of a navigation block, and of the submenu of one entry. */
export const NAVIGATION_MAX_ITEMS = 12;
export const NAVIGATION_MAX_CHILDREN = 20;

const navigationLink = { label: { kind: 'text', required: true, maxLength: 100 }, href: { kind: 'href', required: true } } as const;

export const BLOCKS = {
  richtext: {
    label: 'Rich text',
    reusable: true,
    content: { html: { kind: 'html', required: true, maxLength: 100_000 } },
  },
  hero: {
    label: 'Hero',
    reusable: true,
    content: {
      title: { kind: 'text', required: true, maxLength: 300 },
      subtitle: { kind: 'text', maxLength: 500 },
      eyebrow: { kind: 'text', maxLength: 200 },
      text: { kind: 'text', maxLength: 2000 },
      mediaId: { kind: 'mediaId' },
      action: link,
    },
  },
  media: {
    label: 'Image or video',
    reusable: true,
    content: { mediaId: { kind: 'mediaId', required: true }, caption: { kind: 'text', maxLength: 500 } },
  },
  form: {
    label: 'Form',
    reference: 'formId',
    reusable: true,
    content: { title: { kind: 'text', maxLength: 300 }, text: { kind: 'text', maxLength: 2000 } },
  },
  element: {
    label: 'Reusable element',
    reference: 'elementId',
    reusable: false,
    content: {},
  },
  contents: {
    label: "A container's contents",
    reference: 'containerContentId',
    reusable: false,
    content: {
      title: { kind: 'text', maxLength: 300 },
      limit: { kind: 'int', min: 1, max: CONTENTS_BLOCK_MAX_LIMIT },
      sort: { kind: 'enum', values: CONTENTS_BLOCK_SORTS },
      /** The STRING or PARAGRAPH field each card shows as its excerpt (else the first such field). */
      excerptField: { kind: 'text', maxLength: 100 },
      /** Pages of `limit` cards with links to the others (`?page=2`); otherwise only the first `limit`. */
      paginate: { kind: 'boolean' },
    },
  },
  cta: {
    label: 'Call to action',
    reusable: true,
    content: { title: { kind: 'text', required: true, maxLength: 300 }, text: { kind: 'text', maxLength: 2000 }, action: { ...link, required: true } },
  },
  'feature-list': {
    label: 'Feature list',
    reusable: true,
    content: {
      title: { kind: 'text', maxLength: 300 },
      items: {
        kind: 'list',
        required: true,
        maxItems: 24,
        of: { kind: 'object', fields: { title: { kind: 'text', required: true, maxLength: 200 }, text: { kind: 'text', maxLength: 1000 } } },
      },
    },
  },
  navigation: {
    label: 'Navigation menu',
    reusable: true,
    content: {
      items: {
        kind: 'list',
        required: true,
        maxItems: NAVIGATION_MAX_ITEMS,
        of: {
          kind: 'object',
          fields: {
            ...navigationLink,
            children: { kind: 'list', maxItems: NAVIGATION_MAX_CHILDREN, of: { kind: 'object', fields: navigationLink } },
          },
        },
      },
    },
  },
} as const satisfies Record<string, BlockDefinition>;

export type BlockName = keyof typeof BLOCKS;
export const BLOCK_NAMES = Object.keys(BLOCKS) as BlockName[];

export function isBlockName(value: unknown): value is BlockName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(BLOCKS, value);
}

/** The value a property of this schema holds in a block's stored JSON content. */
export type BlockFieldValue<S> = S extends { kind: 'text' | 'html' | 'href' }
  ? string
  : S extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : S extends { kind: 'int' | 'mediaId' }
      ? number
      : S extends { kind: 'boolean' }
        ? boolean
        : S extends { kind: 'object'; fields: infer F }
          ? BlockFieldsValue<F>
          : S extends { kind: 'list'; of: infer O }
            ? BlockFieldValue<O>[]
            : never;

type Required_<F> = { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F];
/** An object of these property schemas: the `required` ones present, the others optional. */
export type BlockFieldsValue<F> = { [K in Required_<F>]: BlockFieldValue<F[K]> } & { [K in Exclude<keyof F, Required_<F>>]?: BlockFieldValue<F[K]> };

/** A block's content as the API stores and answers it, derived from its schema in BLOCKS. */
export type BlockContent<N extends BlockName> = BlockFieldsValue<(typeof BLOCKS)[N]['content']> & { theme?: BlockTheme };
