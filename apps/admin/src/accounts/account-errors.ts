import { formatWait } from '../http/api-error';
import { ApiRequestError } from '../http/api-request';
import { localizedApiMessage } from '../http/server-errors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What went wrong with a one-time link or an account form, in the reader's language. */
export function accountErrorMessage(error: unknown, translate: Translate, link: 'reset' | 'invitation' = 'reset'): string {
  if (!(error instanceof ApiRequestError)) return translate('cms.accounts.failed');
  if (error.status === 429) return translate('cms.accounts.throttled', { wait: formatWait(error.retryAfter ?? 60, translate) });
  if (error.status === 404) return translate(`cms.accounts.${link}_link_unknown`);
  if (error.status === 410) return translate(/used/.test(error.message) ? `cms.accounts.${link}_link_used` : `cms.accounts.${link}_link_expired`);
  return localizedApiMessage(error, translate);
}
