import { FuneralDirectorStepScreen } from "@/features/planning/funeral-director-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("funeral-director");

export default function Page() {
  return <StepRoute step="funeral-director" screen={<FuneralDirectorStepScreen />} />;
}
