"use client";

import { isServer, QueryClient, QueryClientProvider } from "@tanstack/react-query";
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

/**
 * The browser's one client for this page load, made by the first provider (or the first code
 * loaded after the page, such as a journey step's restore) that needs it.
 */
let pageQueryClient: QueryClient | undefined;

export function queryClientForPage(): QueryClient {
  // On the server, a fresh one for each request: nothing of one person's page reaches another's.
  if (isServer) return makeQueryClient();
  return (pageQueryClient ??= makeQueryClient());
}

/** A new page load, as far as Query goes (each component test is one). */
export function forgetQueryClient(): void {
  pageQueryClient = undefined;
}

/**
 * Only the parts of the site that read server data through Query have this provider, in their
 * layouts (decision 033): the home page and the content pages do not load Query at all. Every
 * provider of a page load shares one client, so moving from the journey to the purchase or the
 * account keeps what was read, as one provider over the whole site did.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClientForPage);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
