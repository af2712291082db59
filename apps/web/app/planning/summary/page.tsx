import { SummaryStepScreen } from "@/features/planning/summary-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";
import { QueryProvider } from "@/lib/query-provider";

export const metadata = stepMetadata("summary");

export default function Page() {
  return (
    <StepRoute
      step="summary"
      screen={
        // This step reads server data through Query; most steps do not, and load none (decision 033).
        <QueryProvider>
          <SummaryStepScreen />
        </QueryProvider>
      }
    />
  );
}
