import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LegalDocument, LegalDocumentsResponse, Violation } from "@kindred/contracts";
import { apiRequest } from "../../lib/api-client";
import { downloadPlanDocument } from "../../lib/plan-document";
import { writeSession } from "../../lib/storage";
import { restoreJourneyPlan } from "./saved-plan";
import { savePlanForReading } from "./plan-autosave";
import { usePlanOptions } from "./use-plan-options";

export type LegalDocumentsState =
  | { status: "loading" }
  | { status: "failed"; violations: Violation[] }
  | ({ status: "ready"; planId: string } & LegalDocumentsResponse);

/** SPEC.md section 3: the browser keeps which documents are accepted, for the route guard. */
function remember(answer: LegalDocumentsResponse): void {
  writeSession(
    "legalDocs",
    answer.documents.map(({ docReference, accepted }) => ({ docReference, accepted })),
  );
}

/**
 * The six documents of the person's plan: the plan is saved first (so the documents show what
 * the server has priced), then read with which are accepted. `accept` records a tick or untick.
 */
export function useLegalDocuments() {
  const { state: options } = usePlanOptions();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LegalDocumentsState>({ status: "loading" });

  useEffect(() => {
    if (options.status === "failed") {
      setState({ status: "failed", violations: options.violations });
      return;
    }
    if (options.status !== "ready") return;
    let current = true;
    void (async () => {
      await restoreJourneyPlan(queryClient, options.planOptions);
      const saved = await savePlanForReading();
      if (!current) return;
      if (!saved.ok) {
        setState({ status: "failed", violations: saved.violations });
        return;
      }
      const { planId } = saved;
      const answer = await apiRequest<LegalDocumentsResponse>(`/api/plan/${planId}/legal`);
      if (!current) return;
      if (!answer.ok) {
        setState({ status: "failed", violations: answer.data.violations });
        return;
      }
      remember(answer.data);
      setState({ status: "ready", planId, ...answer.data });
    })();
    return () => {
      current = false;
    };
  }, [options, queryClient]);

  // Ticks are sent one after another, in the order they were given, and each shows at once.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const planId = state.status === "ready" ? state.planId : null;

  const accept = useCallback(
    (docReference: string, accepted: boolean): Promise<Violation[]> => {
      if (planId === null) return Promise.resolve([]);
      const tick = (value: boolean) =>
        setState((previous) =>
          previous.status === "ready"
            ? {
                ...previous,
                documents: previous.documents.map((document) =>
                  document.docReference === docReference ? { ...document, accepted: value } : document,
                ),
              }
            : previous,
        );
      tick(accepted);
      pending.current += 1;
      const sent = queue.current.then(async (): Promise<Violation[]> => {
        const answer = await apiRequest<LegalDocumentsResponse>(`/api/plan/${planId}/legal`, {
          method: "PUT",
          body: { documents: [{ docReference, accepted }] },
        });
        pending.current -= 1;
        if (!answer.ok) {
          tick(!accepted);
          return answer.data.violations;
        }
        // The API's answer is the truth once nothing else is on its way.
        if (pending.current === 0) {
          remember(answer.data);
          setState({ status: "ready", planId, ...answer.data });
        }
        return [];
      });
      queue.current = sent.catch(() => undefined);
      return sent;
    },
    [planId],
  );

  return { state, accept };
}

/**
 * Downloads one document's PDF. A public one is a plain link; a plan's own needs the bearer
 * token, so it is fetched through the API (see lib/plan-document.ts).
 */
export function downloadDocument(document: LegalDocument): Promise<Violation[]> {
  return downloadPlanDocument(document.file);
}
