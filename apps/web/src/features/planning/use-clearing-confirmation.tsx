"use client";

import { lazy, Suspense, useState, type ReactNode } from "react";
import type { JourneyCatalogue, JourneyStepHandle } from "@kindred/domain";
import { makeChoice, stepsClearedByChoice, type ClearingChoice } from "./journey-store";

// The dialog loads only when a choice would clear something, keeping the step pages light.
const ClearingConfirmation = lazy(() => import("./clearing-confirmation"));

interface Pending {
  choice: ClearingChoice;
  label: string;
  steps: JourneyStepHandle[];
  then?: () => void;
}

/**
 * Asks before a choice clears earlier answers, and says which (issue 8 item 6): a choice that
 * clears nothing is made at once; otherwise the person is asked, and nothing changes unless they
 * say yes. `then` runs after the choice is made (a package goes straight on to the next step).
 */
export function useClearingConfirmation(catalogue: JourneyCatalogue): {
  choose: (choice: ClearingChoice, label: string, then?: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  function choose(choice: ClearingChoice, label: string, then?: () => void) {
    const steps = stepsClearedByChoice(catalogue, choice);
    if (steps.length > 0) {
      setPending({ choice, label, steps, then });
      return;
    }
    makeChoice(catalogue, choice);
    then?.();
  }

  const dialog = pending ? (
    <Suspense fallback={null}>
      <ClearingConfirmation
        choice={pending.label}
        steps={pending.steps}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          makeChoice(catalogue, pending.choice);
          pending.then?.();
        }}
      />
    </Suspense>
  ) : null;

  return { choose, dialog };
}
