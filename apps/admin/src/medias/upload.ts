import { type MediaDto, type MediaUploadLimitsDto, TOKEN_HEADER } from '@cms/contracts';
import { useQuery } from '@tanstack/react-query';
import { tokenStore } from '../auth/token-store';
import { translate as translateNow } from '../i18n-provider';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import { toMediaUpload } from './media-writes';
import { localizeApiAnswer } from '../http/server-errors';
import { notifyUnauthorized } from '../http/unauthorized';

export { uploadProblem } from './upload-problem';

/** The server's upload limits (GET /api/medias/limits): checked before sending, so no one waits for a 413. */
export function useUploadLimits() {
  return useQuery({
    queryKey: ['medias', 'limits'],
    queryFn: async ({ signal }) => (await httpClient(`${API_URL}/medias/limits`, { signal })).json as MediaUploadLimitsDto,
    staleTime: 5 * 60_000,
  });
}

interface UploadFields {
  name?: string;
  alt?: Record<string, string>;
  packId?: number | null;
}

/**
 * POST /api/medias with XMLHttpRequest, because fetch cannot report upload progress.
 * Same `token` header and error wording as the data provider's client.
 */
export function uploadMedia(file: File, fields: UploadFields, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<MediaDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_URL}/medias`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as MediaDto);
        return;
      }
      if (xhr.status === 401) notifyUnauthorized();
      reject(new Error(localizeApiAnswer({ status: xhr.status, body: body ?? { message: xhr.statusText }, method: 'POST' }, translateNow)));
    };
    xhr.onerror = () => reject(new Error(translateNow('cms.server_errors.unreachable')));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(toMediaUpload({ file, ...fields }));
  });
}
