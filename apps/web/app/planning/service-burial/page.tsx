import { BurialServiceStepScreen } from "@/features/planning/burial-service-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("service-burial");

export default function Page() {
  return <StepRoute step="service-burial" screen={<BurialServiceStepScreen />} />;
}
