"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import type { LegalDocumentsResponse, PlanOptionsResponse, Violation } from "@kindred/contracts";
import { findJourneyProblems, journeyStepPath, storedJourney } from "@kindred/domain";
import { LoadingSpinner } from "../../components/loading-spinner";
import { CallUs } from "../../components/phone-link";
import { ViolationsBox } from "../../components/violations-box";
import { apiRequest } from "../../lib/api-client";
import { isUserLoggedIn } from "../../lib/customer-session";
import { planQueries } from "../../lib/plan-queries";
import { PurchasePlanContext, type PurchasePlan } from "../../lib/purchase-plan";
import { readLocal } from "../../lib/storage";
import { getJourneySnapshot } from "./journey-store";
import { savePlanForReading } from "./plan-autosave";
import { restoreSavedPlan } from "./saved-plan";
import { usePlanOptions } from "./use-plan-options";

type GateState =
  | { status: "checking" }
  | { status: "open"; plan: PurchasePlan }
  | { status: "failed"; violations: Violation[] };

/** The plan this browser works on, when it is paid for (SPEC.md's paid) or cancelled; else null. */
async function boughtPlanId(queryClient: QueryClient): Promise<string | null> {
  const planId = readLocal("planId");
  if (typeof planId !== "string" || !isUserLoggedIn()) return null;
  const payments = await queryClient.fetchQuery(planQueries.payments(planId)).catch(() => null);
  return payments && (payments.paid || payments.cancelledAt !== null) ? planId : null;
}

/** Where a person goes who is not ready to buy: their first unanswered step, or the documents. */
const documentsPath = "/planning/documents";

/**
 * The route guard of SPEC.md section 2 for the purchase screens: only a finished journey whose six
 * documents are all accepted may be bought. The plan is saved first, so the server holds what is
 * bought; a journey not finished goes back to the attendance step (SPEC.md), and documents not
 * yet accepted to the documents screen, where the person can accept them.
 *
 * Until the page is drawn on the server, the browser asks the API itself, so each request that
 * waits for another costs a slow phone a round trip and the API's time (issue 44: on a busy
 * machine the gate took over 10 s to open). The catalogue comes with the page (`initialPlanOptions`,
 * from the web server's copy); the saved plan and whether this browser's plan is bought are asked
 * together, as neither needs the other's answer; only the save and the documents' check wait.
 */
export function PurchaseGate({
  initialPlanOptions,
  children,
}: {
  initialPlanOptions?: PlanOptionsResponse | null;
  children: ReactNode;
}) {
  const { state: options } = usePlanOptions(initialPlanOptions);
  const queryClient = useQueryClient();
  const router = useRouter();
  const [state, setState] = useState<GateState>({ status: "checking" });

  useEffect(() => {
    if (options.status === "failed") {
      setState({ status: "failed", violations: options.violations });
      return;
    }
    if (options.status !== "ready") return;
    let current = true;
    void (async () => {
      // A plan paid for (or being paid for by Direct Debit), or cancelled, is closed to change:
      // it is not saved again, and what is bought is what the server holds. The restore keeps the
      // stored plan when it is the person's, and otherwise stores one still open (never bought),
      // so asking about the stored plan meanwhile gives the same answer as asking after it.
      const [, bought] = await Promise.all([
        restoreSavedPlan(queryClient, options.planOptions),
        boughtPlanId(queryClient),
      ]);
      if (!current) return;
      if (bought) {
        setState({ status: "open", plan: { planId: bought, signedIn: isUserLoggedIn() } });
        return;
      }
      const { journeyData } = storedJourney(getJourneySnapshot());
      if (findJourneyProblems(journeyData, options.planOptions).length > 0) {
        router.replace(journeyStepPath("attendance"));
        return;
      }
      const saved = await savePlanForReading();
      if (!current) return;
      if (!saved.ok) {
        setState({ status: "failed", violations: saved.violations });
        return;
      }
      const legal = await apiRequest<LegalDocumentsResponse>(`/api/plan/${saved.planId}/legal`);
      if (!current) return;
      if (!legal.ok) {
        setState({ status: "failed", violations: legal.data.violations });
        return;
      }
      if (!legal.data.allAccepted) {
        router.replace(documentsPath);
        return;
      }
      setState({ status: "open", plan: { planId: saved.planId, signedIn: isUserLoggedIn() } });
    })();
    return () => {
      current = false;
    };
  }, [options, queryClient, router]);

  if (state.status === "open") {
    return <PurchasePlanContext value={state.plan}>{children}</PurchasePlanContext>;
  }
  if (state.status === "failed") {
    return (
      <div className="page-width journey-page screen-tall">
        <ViolationsBox title="Sorry, we could not open your plan" violations={state.violations}>
          <p>Please try again in a moment, or call us and we will help.</p>
          <CallUs className="call-us" />
        </ViolationsBox>
      </div>
    );
  }
  return (
    <div className="page-width journey-page screen-tall">
      <LoadingSpinner label="Opening your plan…" />
    </div>
  );
}
