import { tokenStore } from '../auth/token-store';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';
import {
  type HistoryTarget,
  type RestoreAnswer,
  totalOfContentRange,
  type VersionDetail,
  VERSIONS_PAGE,
  versionsPath,
  type VersionSummary,
  type Viewer,
} from './versions';

/** One page of versions, newest first, and how many there are in all. */
export async function fetchVersions(target: HistoryTarget, start: number, signal?: AbortSignal): Promise<{ versions: VersionSummary[]; total: number }> {
  const range = encodeURIComponent(JSON.stringify([start, start + VERSIONS_PAGE - 1]));
  const { json, headers } = await httpClient(`${versionsPath(target)}?range=${range}`, { signal });
  const versions = (Array.isArray(json) ? json : []) as VersionSummary[];
  return { versions, total: totalOfContentRange(headers.get('Content-Range')) ?? start + versions.length };
}

export async function fetchVersion(target: HistoryTarget, versionId: number, signal?: AbortSignal): Promise<VersionDetail> {
  return (await httpClient(`${versionsPath(target)}/${versionId}`, { signal })).json as VersionDetail;
}

/** Makes the version the record's draft (drafts containers) or the record itself. */
export async function restoreVersion(target: HistoryTarget, versionId: number): Promise<RestoreAnswer> {
  const answer = (await httpClient(`${versionsPath(target)}/${versionId}/restore`, { method: 'POST' })).json as Partial<RestoreAnswer> | undefined;
  return { versionId: answer?.versionId ?? versionId, dropped: Array.isArray(answer?.dropped) ? answer.dropped.map(String) : [] };
}

const presencePath = (target: HistoryTarget) => `${API_URL}/presence/${target.resource}/${encodeURIComponent(String(target.id ?? 0))}`;

/** Says the screen is open; answers the other people who had it open in the last two minutes. */
export async function announcePresence(target: HistoryTarget): Promise<Viewer[]> {
  const { json } = await httpClient(presencePath(target), { method: 'PUT' });
  return (Array.isArray(json) ? json : []) as Viewer[];
}

/** Says the screen was left; nothing is lost if it fails (the API forgets after two minutes). */
export function leavePresence(target: HistoryTarget): void {
  // Signed out already: there is no one to say it for, and the 401 would start a second sign-out.
  if (!tokenStore.get()) return;
  httpClient(presencePath(target), { method: 'DELETE', keepalive: true } as RequestInit).catch(() => undefined);
}
