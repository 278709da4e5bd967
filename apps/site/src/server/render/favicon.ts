/** The API serves the site's favicon: the default one until staff upload their own. */
export const FAVICON_URL = '/api/uploads/favicon.ico';
