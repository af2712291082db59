import { AdditionalStepScreen } from "@/features/planning/additional-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("additional");

export default function Page() {
  return <StepRoute step="additional" screen={<AdditionalStepScreen />} />;
}
