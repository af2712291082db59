import { CrematoriaStepScreen } from "@/features/planning/crematoria-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("crematoria");

export default function Page() {
  return <StepRoute step="crematoria" screen={<CrematoriaStepScreen />} />;
}
