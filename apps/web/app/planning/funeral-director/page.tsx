import { FuneralDirectorStepScreen } from "@/features/planning/funeral-director-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";
import { QueryProvider } from "@/lib/query-provider";

export const metadata = stepMetadata("funeral-director");

export default function Page() {
  return (
    <StepRoute
      step="funeral-director"
      screen={
        // This step reads server data through Query; most steps do not, and load none (decision 033).
        <QueryProvider>
          <FuneralDirectorStepScreen />
        </QueryProvider>
      }
    />
  );
}
