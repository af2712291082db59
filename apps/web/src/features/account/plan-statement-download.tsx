"use client";

import { useState } from "react";
import type { Violation } from "@kindred/contracts";
import { ViolationsBox } from "../../components/violations-box";
import { downloadPlanDocument } from "../../lib/plan-document";

/**
 * The plan's statement as it stands today (issue 23 item 5; docs/decisions/029-plan-statements.md),
 * downloaded as the plan's own documents are: it needs the person's token, so through the API as base64.
 */
export function PlanStatementDownload({ planId }: { planId: string }) {
  const [problems, setProblems] = useState<Violation[]>([]);
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setProblems(await downloadPlanDocument(`/api/plan/${encodeURIComponent(planId)}/statement`));
    setBusy(false);
  }

  return (
    <>
      <p>
        Your plan statement shows what you chose and its guaranteed price, what you have paid and what is
        still to pay, your funeral director, and what happens if the person covered dies. We also email you
        one on each anniversary of your plan.
      </p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => void download()}
        >
          {busy ? "Downloading…" : "Download your plan statement (PDF)"}
        </button>
      </p>
      {problems.length > 0 ? (
        <ViolationsBox title="Sorry, your statement could not be downloaded" violations={problems} />
      ) : null}
    </>
  );
}
