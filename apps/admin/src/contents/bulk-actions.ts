import type { BulkRecordError, BulkUndoItem, ContentBulkActionRequest, ContentBulkActionResult } from '@cms/contracts';
import { HttpError } from 'react-admin';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** POST /api/contents/bulk-actions: one transaction for all the contents named; its answer carries the undo list. */
export async function runBulkAction(body: ContentBulkActionRequest): Promise<ContentBulkActionResult> {
  const { json } = await httpClient(`${API_URL}/contents/bulk-actions`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: new Headers({ 'Content-Type': 'application/json' }),
  });
  return json as ContentBulkActionResult;
}

/** Puts back the contents a bulk action changed (refused, with nothing put back, when one changed since). */
export function undoBulkAction(undo: BulkUndoItem[]): Promise<ContentBulkActionResult> {
  return runBulkAction({ action: 'undo', undo });
}

/** The contents a refused bulk action names, each with why: `#12: fields.price: is required`. */
export function refusedRecords(error: unknown): BulkRecordError[] {
  const body = error instanceof HttpError ? (error.body as { records?: unknown } | null) : null;
  return Array.isArray(body?.records) ? (body.records as BulkRecordError[]).filter((r) => typeof r?.id === 'number' && typeof r.message === 'string') : [];
}

/** What a refusal says: each content named (with its title when the list shows it), else the error's own message. */
export function refusalText(error: unknown, titleOf: (id: number) => string | undefined): string {
  const records = refusedRecords(error);
  if (!records.length) return error instanceof Error ? error.message : String(error);
  return records.map((r) => `${titleOf(r.id) ?? `#${r.id}`}: ${r.message}`).join('; ');
}
