import { localStorageStore } from 'react-admin';

/**
 * react-admin's store, shared by the shell (sign-in, not-found) and the back office so that both
 * read one interface language; the choice lives in local storage under `RaStore.locale`.
 */
export const store = localStorageStore();

export const LOCALE_STORE_KEY = 'locale';
