import type { JourneyStep } from "@kindred/contracts";
import { missingStepHeading, missingStepQuestion, type JourneyStepHandle } from "@kindred/domain";

/** The server's step for a handle, if it sent one. */
export function findServerStep(
  steps: readonly JourneyStep[],
  handle: JourneyStepHandle,
): JourneyStep | undefined {
  return steps.find((candidate) => candidate.handle === handle);
}

/** The step's heading, or SPEC.md's "Heading Missing". */
export function stepHeading(step: JourneyStep | undefined): string {
  return step?.title.trim() || missingStepHeading;
}

export function stepHint(step: JourneyStep | undefined): string | null {
  return step?.description.trim() || null;
}

/** The question for one field of the step, or SPEC.md's "Missing question, please contact support". */
export function stepQuestion(step: JourneyStep | undefined, fieldName: string): string {
  return (
    step?.questions.find((candidate) => candidate.fieldName === fieldName)?.question.trim() ||
    missingStepQuestion
  );
}

/**
 * Whether the step's heading already asks its one question: its legend is then read by screen
 * readers but not shown again under the heading (issue 8 item 6, "each question appears twice").
 */
export function headingAsksTheQuestion(step: JourneyStep | undefined): boolean {
  return step?.questions.length === 1;
}
