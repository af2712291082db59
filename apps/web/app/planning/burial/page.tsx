import { BurialPlotStepScreen } from "@/features/planning/burial-plot-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("burial");

export default function Page() {
  return <StepRoute step="burial" screen={<BurialPlotStepScreen />} />;
}
