import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/query-provider";

/** The journey's steps read server data through TanStack Query: its provider is here, not in every page's layout (decision 033). */
export default function PlanningLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
