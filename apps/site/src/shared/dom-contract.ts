/**
 * Names shared by the server markup and the client script: the server renders the elements and
 * attributes below, the client finds them by these names.
 */
export const SECTION_THEME_ATTR = 'data-section-theme';
export const FIRST_SECTION_ATTR = 'data-first-section';
export const EMBEDDED_CLASS = 'embedded';
export const COOKIE_BANNER_TEMPLATE_ID = 'cookie-banner-template';
/** On a button inside the banner; its value is the choice it records. */
export const CONSENT_CHOICE_ATTR = 'data-consent-choice';
/** On the footer button that opens the banner again; hidden until the client script runs. */
export const COOKIE_SETTINGS_ATTR = 'data-cookie-settings';
/** Links carrying this attribute are never prefetched. */
export const NO_PREFETCH_ATTR = 'data-no-prefetch';
/** On the body of the stand-in of a guarded page: the API path the client script reads with the visitor's token. */
export const GUARDED_PATH_ATTR = 'data-guarded-path';
/** On a form of a `form` block; its value is the form's id. */
export const FORM_ATTR = 'data-cms-form';
/** The polite live region of a form (its success message). */
export const FORM_STATUS_ATTR = 'data-form-status';
/** The assertive live region of a form (why it was refused). */
export const FORM_ALERT_ATTR = 'data-form-alert';
/** On the paragraph that shows a field's refusal; its value is the field name. */
export const FORM_ERROR_FOR_ATTR = 'data-error-for';
/** Hidden inputs that tell the site, when a form is posted without JavaScript, which form of the page it was. */
export const FORM_ID_FIELD = '_form';
export const FORM_SECTION_FIELD = '_section';
/** The staff bar's localized markup, inert until the client script finds a signed-in editor. */
export const STAFF_BAR_TEMPLATE_ID = 'staff-bar-template';
/** On the body: what staff edit from this page, `contents/42` or `containers/3` (the back office's route under /admin). */
export const EDIT_TARGET_ATTR = 'data-edit';
/** On the staff bar's edit link, shown when the user may edit what the page shows. */
export const STAFF_EDIT_LINK_ATTR = 'data-staff-edit';
