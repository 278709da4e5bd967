/** The react-admin resource of the webhooks screens (AdminApp loads the screens themselves on demand). */
export const WEBHOOKS_RESOURCE = 'webhooks';
