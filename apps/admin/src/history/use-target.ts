import { useRecordContext, useResourceContext } from 'react-admin';
import { useEditSession } from './EditSession';
import type { HistoryTarget, VersionedResource } from './versions';

const VERSIONED: readonly string[] = ['contents', 'containers', 'elements', 'forms', 'settings', 'layout'];

/** The record whose history the screen shows: the session's own, else react-admin's resource and record. */
export function useHistoryTarget(): HistoryTarget | null {
  const session = useEditSession();
  const resource = useResourceContext();
  const record = useRecordContext<{ id: number | string }>();
  if (session?.target) return session.target;
  if (!resource || !VERSIONED.includes(resource) || record?.id === undefined) return null;
  return { resource: resource as VersionedResource, id: record.id };
}
