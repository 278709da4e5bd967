export { api, signInViaApi, type ApiAnswer } from './api';
export { CHROMIUM_ARGS, launchBrowser, newPage, type ConsoleEntry, type TestPage } from './browser';
export { baseUrl, ownerCredentials } from './env';
export { screenshot } from './screenshot';
