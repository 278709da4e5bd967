import type { ContainerListItem } from '@cms/contracts';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

function isContainerListItem(value: unknown): value is ContainerListItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (typeof item.id === 'number' || typeof item.id === 'string') && typeof item.title === 'string';
}

/**
 * The containers behind the Containers dropdown. The menu must never break the page: a missing
 * endpoint (404), a refusal or a malformed answer all mean "no container", without a toast.
 */
export async function fetchMenuContainers(signal?: AbortSignal): Promise<ContainerListItem[]> {
  try {
    const { json } = await httpClient(`${API_URL}/containers?q=`, { signal });
    return Array.isArray(json) ? json.filter(isContainerListItem) : [];
  } catch {
    return [];
  }
}
