import { useQuery } from '@tanstack/react-query';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** The `optionLists` setting, readable by every editor (GET /api/settings/option-lists). */
export function useOptionLists() {
  return useQuery({
    queryKey: ['settings', 'option-lists'],
    queryFn: async ({ signal }) => {
      const { json } = await httpClient(`${API_URL}/settings/option-lists`, { signal });
      return (json && typeof json === 'object' ? json : {}) as Record<string, string[]>;
    },
    staleTime: 60_000,
  });
}
