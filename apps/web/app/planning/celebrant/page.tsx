import { CelebrantStepScreen } from "@/features/planning/celebrant-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("celebrant");

export default function Page() {
  return <StepRoute step="celebrant" screen={<CelebrantStepScreen />} />;
}
