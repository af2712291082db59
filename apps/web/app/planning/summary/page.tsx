import { SummaryStepScreen } from "@/features/planning/summary-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("summary");

export default function Page() {
  return <StepRoute step="summary" screen={<SummaryStepScreen />} />;
}
