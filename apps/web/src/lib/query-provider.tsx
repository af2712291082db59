"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

/**
 * Server data in the browser goes through TanStack Query (docs/decisions/011-web-plumbing.md):
 * each feature exports query option factories, screens read them with `useQuery`, and nothing
 * keeps a cache of its own. One client per page load (signing in or out reloads the page, so
 * nothing of the previous person is kept, as docs/decisions/006-browser-session.md says).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failure is shown at once with a way to try again, as before; no silent retries.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60 * 1000,
      },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
