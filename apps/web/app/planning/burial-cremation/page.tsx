import { BurialCremationStepScreen } from "@/features/planning/burial-cremation-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("burial-cremation");

export default function Page() {
  return <StepRoute step="burial-cremation" screen={<BurialCremationStepScreen />} />;
}
