/** Where the server under test answers, as globalSetup exported it. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npx nx run e2e:e2e`');
  return url.replace(/\/$/, '');
}

/** The owner account globalSetup created through CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD. */
export function ownerCredentials(): { email: string; password: string } {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are not set: run through `npx nx run e2e:e2e`');
  return { email, password };
}
