import { TransportationStepScreen } from "@/features/planning/transportation-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("transportation");

export default function Page() {
  return <StepRoute step="transportation" screen={<TransportationStepScreen />} />;
}
