import { QueryClient } from '@tanstack/react-query';

/** Server state cache for the signed-in part of the app (dashboards, modules). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
