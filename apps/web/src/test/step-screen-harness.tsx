import type { ComponentType } from "react";
import { render, screen, within } from "@testing-library/react";
import type { PlanOptionsResponse } from "@kindred/contracts";
import type { JourneyStepHandle } from "@kindred/domain";
import { vi } from "vitest";
import { RunningPrice } from "../components/running-price";
import { QueryProvider } from "../lib/query-provider";
import type { StepScreenProps } from "../features/planning/step-screen-props";
import { findServerStep } from "../features/planning/step-text";
import { useJourney } from "../features/planning/use-journey";

/**
 * Renders one step's screen as the step page does: with the live journey from the store (so
 * answers re-render it) and the running price beside it. Returns the Continue callback.
 */
export function renderStepScreen(
  Screen: ComponentType<StepScreenProps>,
  handle: JourneyStepHandle,
  planOptions: PlanOptionsResponse,
  { continueLabel = "Continue" }: { continueLabel?: string } = {},
) {
  const onContinue = vi.fn();
  function Harness() {
    const journey = useJourney();
    return (
      <>
        <Screen
          planOptions={planOptions}
          journey={journey}
          step={findServerStep(planOptions.steps, handle)}
          onContinue={onContinue}
          continueLabel={continueLabel}
        />
        <RunningPrice priceData={journey.priceData} />
      </>
    );
  }
  return { ...render(<Harness />, { wrapper: QueryProvider }), onContinue };
}

/** What the running price panel shows beside `label` ("Basic price", "Additional", "Total"…). */
export function priceShown(label: string): string | null | undefined {
  const panel = screen.getByRole("complementary", { name: "Your price so far" });
  return within(panel).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
}
