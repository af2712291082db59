import { AshesStepScreen } from "@/features/planning/ashes-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("ashes");

export default function Page() {
  return <StepRoute step="ashes" screen={<AshesStepScreen />} />;
}
