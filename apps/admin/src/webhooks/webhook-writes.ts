import { changedFields, filledFields, type ResourceWrites } from '../http/resource-writes';

const FIELDS = ['url', 'events', 'secret', 'enabled'] as const;

/** A webhook's writes: a blank secret on an edit keeps the stored one; the secret typed is never kept in the cache. */
export const webhookWrites: ResourceWrites = {
  create: (data) => filledFields(FIELDS, data),
  update: (data, previous) => {
    const payload = changedFields(FIELDS, data, previous);
    if (typeof payload.secret !== 'string' || payload.secret.trim() === '') delete payload.secret;
    return payload;
  },
  forget: ['secret'],
};

/** A secret as the Generate button makes it: 32 random bytes as hex, prefixed so that it reads as one. */
export function generateSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `whsec_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
