import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/query-provider";

/** The purchase screens (the gate, paying and the confirmation) read server data through TanStack Query: its provider is here, not in every page's layout (decision 033). */
export default function PurchaseLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
