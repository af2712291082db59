import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/query-provider";

/** Telling us of a death read server data through TanStack Query: its provider is here, not in every page's layout (decision 033). */
export default function NotifyADeathLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
