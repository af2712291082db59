import type { PlanReadyResponse, Violation } from "@kindred/contracts";
import { findJourneyProblems, messages } from "@kindred/domain";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "../auth";
import type { PlanOptionsService } from "../catalogue";
import type { DocumentsService } from "../documents";
import type { PlansService, PlanWithPeople } from "../plans";

/**
 * Whether a plan can be paid for (`POST /api/plan/valid`): a finished journey, all six documents
 * accepted as the plan now stands, the customer's details stored, and an account to hold it whose
 * email address is confirmed (docs/decisions/014).
 * Answers every missing piece at once, so the person sees the whole of what is left.
 */
export interface PurchaseReadiness {
  check(holder: TokenHolder, planId: string): Promise<PlanReadyResponse>;
  /**
   * The same, answering the plan as it was read for the check (stored, priced and with its
   * people), so paying for it reads and prices it once. 404 to anyone but the owner, first.
   */
  readyPlan(holder: TokenHolder, planId: string): Promise<PlanWithPeople>;
  /** The same, as yes or no. */
  isReady(holder: TokenHolder, planId: string): Promise<boolean>;
}

export function createPurchaseReadiness({
  plans,
  documents,
  planOptions,
  isEmailConfirmed,
}: {
  plans: PlansService;
  documents: DocumentsService;
  planOptions: PlanOptionsService;
  /** Whether a customer's email address is confirmed: documents and receipts must reach them. */
  isEmailConfirmed: (userId: string) => Promise<boolean>;
}): PurchaseReadiness {
  const readiness: PurchaseReadiness = {
    isReady: (holder, planId) =>
      readiness.check(holder, planId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ViolationError && error.statusCode === 422) return false;
          throw error;
        },
      ),
    async check(holder, planId) {
      await readiness.readyPlan(holder, planId);
      return { valid: true, planId };
    },
    async readyPlan(holder, planId) {
      const owned = await plans.getPlanWithPeople(holder.userId, planId);
      const { plan, people } = owned;
      const [catalogue, legal] = await Promise.all([
        planOptions.getPlanOptions(),
        documents.legalDocumentsOf(owned),
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
      } else if (!(await isEmailConfirmed(holder.userId))) {
        missing.push({ propertyPath: "email", title: messages.emailNotConfirmed });
      }
      if (missing.length > 0) throw new ViolationError(missing, 422);
      return owned;
    },
  };
  return readiness;
}
