export { api, signInViaApi, type ApiAnswer } from './api';
export { CHROMIUM_ARGS, imagesLoaded, launchBrowser, newPage, PHONE, visitorPage, type ConsoleEntry, type TestPage } from './browser';
export { baseUrl, ownerCredentials } from './env';
export { screenshot } from './screenshot';
