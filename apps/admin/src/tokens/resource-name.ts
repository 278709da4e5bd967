/** The react-admin resource of the API tokens screen (AdminApp loads the screen itself on demand). */
export const TOKENS_RESOURCE = 'tokens';
