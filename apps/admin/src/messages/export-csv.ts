import { downloadFile } from '../http/download-file';

/** GET /api/messages/export?formId= with the session token, saved as a file by the browser. */
export function downloadMessagesCsv(formId: number | string): Promise<void> {
  return downloadFile(`messages/export?formId=${encodeURIComponent(String(formId))}`, 'text/csv', `form-${formId}-messages.csv`);
}
