"use client";

import type { ReactNode } from "react";
import type { PlanOptionsResponse } from "@kindred/contracts";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import { QueryProvider } from "../../lib/query-provider";
import { usePlanOptions } from "./use-plan-options";

interface PlanOptionsFallbackProps {
  /** The step, once the browser has the catalogue. */
  children: (planOptions: PlanOptionsResponse) => ReactNode;
}

/**
 * A journey step whose page the server drew without the catalogue (the API could not be reached
 * then): the browser fetches it itself, says so if it cannot, and offers to try again. Loaded only
 * then, with Query, so a step's first load carries neither (decision 033).
 */
export default function PlanOptionsFallback({ children }: PlanOptionsFallbackProps) {
  return (
    <QueryProvider>
      <FetchedPlanOptions>{children}</FetchedPlanOptions>
    </QueryProvider>
  );
}

function FetchedPlanOptions({ children }: PlanOptionsFallbackProps) {
  const { state, retry } = usePlanOptions();
  if (state.status === "ready") return children(state.planOptions);
  return (
    <div className="page-width journey-page journey-page--step">
      {state.status === "failed" ? (
        <ViolationsBox title="Sorry, we could not load the funeral options" violations={state.violations}>
          <p>Please try again. If it still does not work, we can help you by phone.</p>
          <CallUs className="call-us" />
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </ViolationsBox>
      ) : (
        <LoadingSpinner label="Loading your plan…" />
      )}
    </div>
  );
}
