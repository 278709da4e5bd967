/** The five locale home pages and the welcome line each one greets with. */
export const HOMES = [
  { path: '/', lang: 'en', welcome: 'Welcome to our website' },
  { path: '/fr', lang: 'fr', welcome: 'Bienvenue sur notre site' },
  { path: '/tr', lang: 'tr', welcome: 'Web sitemize hoş geldiniz' },
  { path: '/es', lang: 'es', welcome: 'Bienvenido a nuestro sitio web' },
  { path: '/it', lang: 'it', welcome: 'Benvenuti nel nostro sito' },
] as const;
