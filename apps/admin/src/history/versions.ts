import { API_URL } from '../http/api-request';

/** The shapes and addresses of the history routes (history-api.ts makes the calls). */

/** The resources that keep versions, by their API path. */
export type VersionedResource = 'contents' | 'containers' | 'elements' | 'forms' | 'settings' | 'layout';

/** A record whose history is read: the layout is one record, without an id. */
export interface HistoryTarget {
  resource: VersionedResource;
  id?: number | string;
}

export type VersionAction = 'create' | 'update' | 'draft' | 'publish' | 'unpublish' | 'discard' | 'restore' | 'schedule';

export interface VersionSummary {
  id: number;
  createdAt: string;
  userId: number | null;
  userName: string;
  locales: string[];
  published: boolean;
  action: VersionAction;
}

export interface VersionDetail extends VersionSummary {
  /** The whole record as it was, every locale of it. */
  state: Record<string, unknown>;
}

export interface RestoreAnswer {
  versionId: number;
  /** What the version referred to that no longer exists ("media 12 (fields.cover)"). */
  dropped: string[];
}

export interface Viewer {
  userId: number | null;
  userName: string;
  seenAt: string;
  /** When they opened it, as the API keeps it (every instance, every tab of theirs). */
  openedAt?: string;
}

export const VERSIONS_PAGE = 25;

export function versionsPath(target: HistoryTarget): string {
  if (target.resource === 'layout') return `${API_URL}/layout/versions`;
  return `${API_URL}/${target.resource}/${encodeURIComponent(String(target.id))}/versions`;
}

/** The total of a `Content-Range: versions 0-24/31` header; null when it says none. */
export function totalOfContentRange(header: string | null | undefined): number | null {
  const match = /\/(\d+)\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

/** A viewer with the first time this screen saw them: "opened 3 minutes ago", not the last call's "now". */
export interface SeenViewer extends Viewer {
  since: string;
}

/**
 * The viewers of one answer, each with when they opened the record (`since`): the API's
 * `openedAt`, else the earliest `seenAt` this screen had for them (kept in `firstSeen` between
 * calls); one who left and came back starts again.
 */
export function withFirstSeen(viewers: readonly Viewer[], firstSeen: Map<string, string>): SeenViewer[] {
  const present = new Set<string>();
  const seen = viewers.map((viewer) => {
    const key = String(viewer.userId ?? viewer.userName);
    present.add(key);
    const first = firstSeen.get(key);
    const since = viewer.openedAt ?? (first && Date.parse(first) < Date.parse(viewer.seenAt) ? first : viewer.seenAt);
    firstSeen.set(key, since);
    return { ...viewer, since };
  });
  for (const key of [...firstSeen.keys()]) if (!present.has(key)) firstSeen.delete(key);
  return seen;
}
