import { FreeGuideScreen } from "@/features/free-guide/free-guide-screen";
import { publicPageMetadata } from "@/lib/page-metadata";
import { QueryProvider } from "@/lib/query-provider";

// The canonical address has no query string: a link with UTM tags is the same page.
export const metadata = publicPageMetadata({
  title: "Your free guide to planning a funeral",
  description:
    "A free guide to the choices a funeral involves, what they typically cost, how prepaid funeral plans are protected, and a checklist to talk through with your family.",
  path: "/free-guide",
});

export default function Page() {
  // The form sends through TanStack Query; the thank-you page does without it (decision 033).
  return (
    <QueryProvider>
      <FreeGuideScreen />
    </QueryProvider>
  );
}
