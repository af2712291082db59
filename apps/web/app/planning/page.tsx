import { PlanningStart } from "@/features/planning/planning-start";
import { publicPageMetadata } from "@/lib/page-metadata";
import { QueryProvider } from "@/lib/query-provider";

export const metadata = publicPageMetadata({
  title: "Plan your funeral",
  description:
    "Plan a prepaid funeral one question at a time, with the price shown as you go. It takes about 10 minutes and there is nothing to pay today.",
  path: "/planning",
});

export default function Page() {
  return (
    <QueryProvider>
      <PlanningStart />
    </QueryProvider>
  );
}
