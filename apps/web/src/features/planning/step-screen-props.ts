import type { JourneyStep, PlanOptionsResponse } from "@kindred/contracts";
import type { JourneyState } from "@kindred/domain";

/** What every step's screen is given by the step page. */
export interface StepScreenProps {
  planOptions: PlanOptionsResponse;
  journey: JourneyState;
  /** The server's step (heading, hint, questions), if it sent one. */
  step: JourneyStep | undefined;
  /** Goes on along the path (or, in edit mode, back to the summary). */
  onContinue: () => void;
  /** "Continue", or "Save and go back to summary" in edit mode. */
  continueLabel: string;
}
