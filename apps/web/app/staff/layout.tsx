import type { Metadata } from "next";
import type { ReactNode } from "react";
import { StaffFrame } from "@/features/staff/staff-frame";
import { QueryProvider } from "@/lib/query-provider";

// The staff back office (docs/decisions/031-staff-back-office.md): never indexed or followed,
// never in the sitemap, no referrer sent on. The root layout leaves out the customer site's
// header, footer, cookie banner and third parties here (components/customer-site-only.tsx and
// page-extras.tsx), so this frame is the whole page.
export const metadata: Metadata = {
  title: { default: "Back office", template: "%s | Kindred back office" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default function StaffLayout({ children }: { children: ReactNode }) {
  // The back office reads server data through TanStack Query (decision 033: only where it is used).
  return (
    <QueryProvider>
      <StaffFrame>{children}</StaffFrame>
    </QueryProvider>
  );
}
