import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/query-provider";

/** The account and the confirmation of an email address read server data through TanStack Query: its provider is here, not in every page's layout (decision 033). */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
