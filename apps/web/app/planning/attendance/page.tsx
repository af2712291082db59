import { AttendanceStepScreen } from "@/features/planning/attendance-step";
import { StepRoute, stepMetadata } from "@/features/planning/step-route";

export const metadata = stepMetadata("attendance");

export default function Page() {
  return <StepRoute step="attendance" screen={<AttendanceStepScreen />} />;
}
