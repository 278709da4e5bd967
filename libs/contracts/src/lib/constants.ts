/** Browser-side constants the spec fixes (section 9). */
export const TOKEN_STORAGE_KEY = 'token';
export const TOKEN_HEADER = 'token';
export const ME_QUERY_KEY = 'me';
export const CONTAINER_MENU_LIMIT = 15;
export const SCROLL_MEASURE_DELAY_MS = 800;
export const DEFAULT_PRIMARY_COLOR = '#26D17D';
export const DEFAULT_BACKGROUND_COLOR = '#FFFFFF';
export const LINK_PREFETCH_MARGIN_PX = 200;
export const INITIALIZING_TEXT = 'Initializing...';
export const AUTH_GUARD_LOG = 'Redirection from Auth Guard';
export const REVALIDATE_SUCCESS_TOAST = 'Pages successfully revalidated';
export const REVALIDATE_ERROR_TOAST = 'Error Revalidating pages';
/** Paths that belong to the back office bundle rather than the public renderer. */
export const SIGN_IN_PATH = '/sign-in';
export const NOT_FOUND_PATH = '/not-found';
export const ADMIN_BASE_PATH = '/admin';
/**
 * Session-storage key of the page a visitor was headed to before /sign-in. The back office writes
 * it; every page that is not /sign-in, the public site's included, clears it (spec section 2).
 */
export const SIGN_IN_REDIRECT_STORAGE_KEY = 'signInRedirect';
/** Largest id (and whole number) a row takes: PostgreSQL's `integer`. Ids from outside are checked against it. */
export const MAX_ID = 2_147_483_647;
/** The one rule for a record's id from outside: a whole number from 1 to MAX_ID. */
export const isRecordId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
/** An id written in a path, a query or a form field (`"42"`): its number, or undefined when it is not one. */
export const recordIdOf = (text: string): number | undefined => (/^\d{1,10}$/.test(text) && isRecordId(Number(text)) ? Number(text) : undefined);
/** A colour as fields, settings and media store it: `#RRGGBB` (the API stores it upper-case). */
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
