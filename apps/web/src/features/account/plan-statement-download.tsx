"use client";

import { PdfDownloadButton } from "../../components/pdf-download-button";

/**
 * The plan's statement as it stands today (issue 23 item 5; docs/decisions/029-plan-statements.md),
 * downloaded as the plan's own documents are: it needs the person's token, so through the API as base64.
 */
export function PlanStatementDownload({ planId }: { planId: string }) {
  return (
    <>
      <p>
        Your plan statement shows what you chose and its guaranteed price, what you have paid and what is
        still to pay, your funeral director, and what happens if the person covered dies. We also email you
        one on each anniversary of your plan.
      </p>
      <div>
        <PdfDownloadButton
          path={`/api/plan/${encodeURIComponent(planId)}/statement`}
          label="Download your plan statement (PDF)"
          failureTitle="Sorry, your statement could not be downloaded"
        />
      </div>
    </>
  );
}
