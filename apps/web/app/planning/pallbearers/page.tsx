import { PallbearersStepScreen } from "@/features/planning/pallbearers-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("pallbearers");

export default function Page() {
  return <StepRoute step="pallbearers" screen={<PallbearersStepScreen />} />;
}
