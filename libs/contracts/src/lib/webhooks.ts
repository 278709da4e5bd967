/** What a webhook may listen to: writes of contents and media, and messages received through forms. */
export const WEBHOOK_EVENTS = [
  'content.created',
  'content.updated',
  'content.published',
  'content.unpublished',
  'content.deleted',
  'media.created',
  'media.deleted',
  'message.received',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of a delivery asked for by "Send test": sent whatever the webhook listens to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** The kind of record an event is about. */
export type WebhookRecordType = 'content' | 'media' | 'message' | 'webhook';

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** Secrets are at least this long (a generated one is 32 random bytes as hex). */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;

export interface WebhookShape {
  id: number;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** The secret is never answered: its last four characters, to tell two apart. */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookRequest {
  url: string;
  events: WebhookEvent[];
  /** Required on create; omitted on an update keeps the stored one. */
  secret?: string;
  enabled?: boolean;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryShape {
  id: number;
  webhookId: number;
  event: WebhookDeliveryEvent;
  record: { type: WebhookRecordType; id: number; locales: string[] };
  status: WebhookDeliveryStatus;
  occurredAt: string;
  createdAt: string;
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** The HTTP status of the last answer; null when none came (refused, timed out, unreachable). */
  responseStatus: number | null;
  /** The first bytes (1 KB at most) of the last answer's body. */
  responseBody: string | null;
  /** Why the last try did not deliver, when it did not. */
  error: string | null;
  durationMs: number | null;
}

/** The JSON body of every delivery (X-Signature is the HMAC-SHA256 of these exact bytes). */
export interface WebhookPayload {
  id: number;
  event: WebhookDeliveryEvent;
  occurredAt: string;
  record: { type: WebhookRecordType; id: number; locales: string[] };
}
