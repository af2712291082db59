import { CoffinStepScreen } from "@/features/planning/coffin-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("coffin");

export default function Page() {
  return <StepRoute step="coffin" screen={<CoffinStepScreen />} />;
}
