"use client";

import { BackLink } from "../../components/back-link";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import { AttendanceQuestion } from "./attendance-question";
import { usePlanOptions } from "./use-plan-options";

/** `/planning/attendance`: loads the plan options, then asks what kind of funeral. */
export function AttendanceScreen() {
  const { state, retry } = usePlanOptions();

  return (
    <div className="page-width journey-page">
      <BackLink href="/" />
      {state.status === "loading" ? <LoadingSpinner label="Loading your plan…" /> : null}
      {state.status === "failed" ? (
        <ViolationsBox title="Sorry, we could not load the funeral options" violations={state.violations}>
          <p>Please try again. If it still does not work, we can help you by phone.</p>
          <CallUs className="call-us" />
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </ViolationsBox>
      ) : null}
      {state.status === "ready" ? <AttendanceQuestion planOptions={state.planOptions} /> : null}
    </div>
  );
}
