/**
 * The form value that lists the fields "Copy from en" filled: content-writes sends them as the
 * locale's own values even where they equal the en value the form was read with.
 */
export const COPIED_FROM_EN = '_copiedFromEn';
