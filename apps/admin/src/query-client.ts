import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole app, shared with react-admin's <Admin queryClient>. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
  },
});
