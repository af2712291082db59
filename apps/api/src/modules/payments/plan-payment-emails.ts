import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { collections, mandates, payments, plans as planTable } from "../../db/schema";
import type { PlanOptionsService } from "../catalogue";
import type { DocumentsService } from "../documents";
import type { Email } from "../email";
import type { PlansService } from "../plans";
import type { PlanEmail } from "./plan-money-store";

/**
 * The emails a change of a plan's money sends, written from what is stored when the email job
 * runs (the change's transaction only queues the job: the plan's PDFs take a moment to make).
 */
export interface PlanPaymentEmails {
  /** The email, or null when the plan has no customer to write to. */
  compose(planId: string, about: PlanEmail): Promise<Email | null>;
}

/**
 * The customer of a plan, whoever asks (a job or a webhook, not the customer), or null. Read
 * outside a transaction: inside one, PGlite's one connection is taken.
 */
export async function customerOfPlan(db: Database, plans: PlansService, planId: string) {
  const [plan] = await db
    .select({ userId: planTable.userId })
    .from(planTable)
    .where(eq(planTable.id, planId));
  if (!plan) return null;
  return (await plans.getPeople(plan.userId, planId)).customer ?? null;
}

export function createPlanPaymentEmails({
  db,
  plans,
  planOptions,
  documents,
}: {
  db: Database;
  plans: PlansService;
  planOptions: PlanOptionsService;
  documents: DocumentsService;
}): PlanPaymentEmails {
  return {
    async compose(planId, about) {
      const customer = await customerOfPlan(db, plans, planId);
      if (!customer) return null;
      const to = { name: `${customer.firstName} ${customer.lastName}`, address: customer.email };
      const { firstName } = customer;

      switch (about.kind) {
        case "plan-confirmed": {
          const [payment] = await db.select().from(payments).where(eq(payments.id, about.paymentId));
          if (!payment) return null;
          // What happens when the person covered dies depends on how the plan is paid for (the
          // months of a deposit plan) and on the catalogue's first months.
          const [plan] = await db
            .select({ choice: planTable.paymentChoice })
            .from(planTable)
            .where(eq(planTable.id, planId));
          const { moratoriumMonths } = (await planOptions.getPlanOptions()).paymentTerms;
          const months =
            payment.paymentOption === "deposit" && plan?.choice?.option === "deposit"
              ? plan.choice.months
              : undefined;
          const attachments = await Promise.all(
            (["plan-summary", "plan-details"] as const).map(async (reference) => {
              const document = await documents.planLegalDocumentPdf(
                payment.userId,
                planId,
                reference,
                undefined,
              );
              return {
                filename: document.fileName,
                contentType: "application/pdf",
                contentBase64: document.pdf.toString("base64"),
              };
            }),
          );
          return {
            kind: "plan-paid",
            to,
            firstName,
            planReference: planId,
            paymentOption: payment.paymentOption,
            amount: payment.amountPence,
            ...(months === undefined ? {} : { months }),
            moratoriumMonths,
            attachments,
          };
        }
        case "direct-debit-notice": {
          const [mandate] = await db.select().from(mandates).where(eq(mandates.id, about.mandateId));
          if (!mandate) return null;
          const instalments = await db
            .select({ date: collections.dueDate, amount: collections.amountPence })
            .from(collections)
            .where(eq(collections.mandateId, mandate.id))
            .orderBy(asc(collections.number));
          return {
            kind: "direct-debit-notice",
            to,
            firstName,
            notice: {
              planReference: planId,
              mandateReference: mandate.reference,
              accountHolderName: mandate.accountHolderName,
              sortCode: mandate.sortCode,
              accountNumberEnding: mandate.accountNumberEnding,
              instalments,
            },
          };
        }
        case "plan-cancelled":
          return { kind: "plan-cancelled", to, firstName, planReference: planId, refund: about.refundOwed };
        case "late-payment-refunded":
          return {
            kind: "late-payment-refunded",
            to,
            firstName,
            planReference: planId,
            amount: about.amount,
            planCancelled: about.planCancelled,
          };
        // Written with their emails (issue 23 item 3).
        case "funeral-director-appointed":
        case "funeral-director-letter":
          return null;
      }
    },
  };
}
