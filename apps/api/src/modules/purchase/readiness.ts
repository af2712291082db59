import type { PlanReadyResponse, Violation } from "@kindred/contracts";
import { findJourneyProblems, messages } from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "../auth";
import type { PlanOptionsService } from "../catalogue";
import type { DocumentsService } from "../documents";
import type { PlansService } from "../plans";

/**
 * Whether a plan can be paid for (`POST /api/plan/valid`): a finished journey, all six documents
 * accepted as the plan now stands, the customer's details stored, and an account to hold it.
 * Answers every missing piece at once, so the person sees the whole of what is left.
 */
export interface PurchaseReadiness {
  check(holder: TokenHolder, planId: string): Promise<PlanReadyResponse>;
}

export function createPurchaseReadiness({
  plans,
  documents,
  planOptions,
}: {
  plans: PlansService;
  documents: DocumentsService;
  planOptions: PlanOptionsService;
}): PurchaseReadiness {
  return {
    async check(holder, planId) {
      const plan = await plans.getPlan(holder.userId, planId);
      const [catalogue, legal, people] = await Promise.all([
        planOptions.getPlanOptions(),
        documents.legalDocuments(holder.userId, planId),
        plans.getPeople(holder.userId, planId),
      ]);
      const missing: Violation[] = [];
      if (findJourneyProblems(plan.journey, catalogue).length > 0) {
        missing.push({ propertyPath: "journey", title: messages.planNotFinished });
      }
      if (!legal.allAccepted) {
        missing.push({ propertyPath: "documents", title: messages.documentsNotAccepted });
      }
      if (people.customer === null) {
        missing.push({ propertyPath: "customer", title: messages.customerDetailsMissing });
      }
      if (holder.userKind !== "customer") {
        missing.push({ propertyPath: "account", title: messages.accountNeededToPay });
      }
      if (missing.length > 0) throw new ViolationError(missing, 422);
      return { valid: true, planId };
    },
  };
}
