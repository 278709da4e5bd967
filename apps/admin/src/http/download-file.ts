import { TOKEN_HEADER } from '@cms/contracts';
import { tokenStore } from '../auth/token-store';
import { translate } from '../i18n-provider';
import { API_URL } from './api-request';
import { localizeApiAnswer } from './server-errors';

/** The file name of a Content-Disposition header, else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : fallback;
}

/**
 * GET `${API_URL}/${pathAndQuery}` with the session token (a plain link could not send it), saved
 * as a file by the browser under the name the answer gives, else `fallbackName`.
 */
export async function downloadFile(pathAndQuery: string, accept: string, fallbackName: string): Promise<void> {
  const headers = new Headers({ Accept: accept });
  const token = tokenStore.get();
  if (token) headers.set(TOKEN_HEADER, token);
  const response = await fetch(`${API_URL}/${pathAndQuery}`, { headers });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const known = body && typeof body === 'object' && 'message' in body;
    throw new Error(
      known ? localizeApiAnswer({ status: response.status, body }, translate) : translate('cms.server_errors.export_failed', { status: response.status }),
    );
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
