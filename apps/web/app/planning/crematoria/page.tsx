import { CrematoriaStepScreen } from "@/features/planning/crematoria-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";
import { QueryProvider } from "@/lib/query-provider";

export const metadata = stepMetadata("crematoria");

export default function Page() {
  return (
    <StepRoute
      step="crematoria"
      screen={
        // This step reads server data through Query; most steps do not, and load none (decision 033).
        <QueryProvider>
          <CrematoriaStepScreen />
        </QueryProvider>
      }
    />
  );
}
