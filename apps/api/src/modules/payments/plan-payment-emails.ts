import { depositOwed, moneyHeld, type PlanDocumentReference } from "@kindred/domain";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { collections, mandates, payments, plans as planTable } from "../../db/schema";
import type { PlanOptionsService } from "../catalogue";
import type { DocumentsService } from "../documents";
import type { Email } from "../email";
import { selectPlanReference, type PlansService } from "../plans";
import { appointedBranch, appointmentOf } from "./funeral-director-appointment";
import { planMoneyOf, selectPlanMoneyRows, type PlanEmail } from "./plan-money-store";
import { createPlanSchedules } from "./plan-schedule";

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
  siteUrl,
  now = () => new Date(),
}: {
  db: Database;
  plans: PlansService;
  planOptions: PlanOptionsService;
  documents: DocumentsService;
  /** The site's public address (`SITE_URL`), for links to the account. */
  siteUrl: string;
  now?: () => Date;
}): PlanPaymentEmails {
  const schedules = createPlanSchedules({ planOptions, now });
  /** One of the plan's own documents, as an email carries it. */
  const planPdfAttachment = async (userId: string, planId: string, reference: PlanDocumentReference) => {
    const document = await documents.planLegalDocumentPdf(userId, planId, reference, undefined);
    return {
      filename: document.fileName,
      contentType: "application/pdf",
      contentBase64: document.pdf.toString("base64"),
    };
  };

  return {
    async compose(planId, about) {
      const customer = await customerOfPlan(db, plans, planId);
      if (!customer) return null;
      const planReference = await selectPlanReference(db, planId);
      if (planReference === undefined) return null;
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
            (["plan-summary", "plan-details"] as const).map((reference) =>
              planPdfAttachment(payment.userId, planId, reference),
            ),
          );
          return {
            kind: "plan-paid",
            to,
            firstName,
            planReference,
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
          // A deposit not yet paid when the notice is written is said, with the way to pay it.
          const rows = await selectPlanMoneyRows(db, planId);
          const owed = rows ? depositOwed(planMoneyOf(rows)) : null;
          return {
            kind: "direct-debit-notice",
            to,
            firstName,
            notice: {
              planReference,
              mandateReference: mandate.reference,
              accountHolderName: mandate.accountHolderName,
              sortCode: mandate.sortCode,
              accountNumberEnding: mandate.accountNumberEnding,
              instalments,
              ...(owed === null
                ? {}
                : {
                    depositOwed: {
                      amount: owed,
                      accountLink: `${siteUrl}/account?plan=${encodeURIComponent(planId)}`,
                    },
                  }),
            },
          };
        }
        case "direct-debit-ended": {
          // Written from the plan's money as it stands when the email is sent: what was paid, and
          // what is left of its agreed price, the one way it is worked out (`paymentsLeftOf`).
          const rows = await selectPlanMoneyRows(db, planId);
          const choice = rows?.plan.paymentChoice;
          if (!rows || choice?.option !== "deposit") return null;
          const money = planMoneyOf(rows);
          const { price } = await plans.getPlan(rows.plan.userId, planId);
          const left = await schedules.paymentsLeftOf(price.total, choice, money);
          return {
            kind: "direct-debit-ended",
            to,
            firstName,
            planReference,
            paidSoFar: moneyHeld(money),
            restByCard: left.byCard,
            newDirectDebit: {
              depositStillOwed: left.depositStillOwed,
              instalments: left.instalments.map((instalment) => instalment.amount),
            },
            accountLink: `${siteUrl}/account?plan=${encodeURIComponent(planId)}`,
          };
        }
        case "plan-cancelled":
          return {
            kind: "plan-cancelled",
            to,
            firstName,
            planReference,
            refund: about.refundOwed,
            // An effect queued before `byStaff` was known was the customer's own cancellation.
            cancelledBy: about.byStaff === true ? "us" : "customer",
          };
        case "late-payment-refunded":
          return {
            kind: "late-payment-refunded",
            to,
            firstName,
            planReference,
            amount: about.amount,
            planCancelled: about.planCancelled,
            alreadyPaid: about.alreadyPaid,
          };
        case "refund-failed":
          return { kind: "refund-failed", to, firstName, planReference: planId, amount: about.amount };
        case "funeral-director-appointed": {
          const found = await appointmentOf(db, planId);
          const branch = found && appointedBranch(found);
          // Nothing goes to a branch that had closed: staff choose another.
          if (!found || !branch) return null;
          const [plan] = await db
            .select({ userId: planTable.userId })
            .from(planTable)
            .where(eq(planTable.id, planId));
          if (!plan) return null;
          // Only the people's names: the customer's circumstances are never the director's.
          const people = await plans.getPeople(plan.userId, planId);
          const covered = people.coveredPerson ?? people.customer;
          if (!covered) return null;
          const { sections } = await plans.getPlan(plan.userId, planId);
          const kindOfFuneral = sections
            .filter((section) => section.key === "funeralAttendance" || section.key === "remains")
            .map((section) => section.answer)
            .join(", ");
          return {
            kind: "funeral-director-appointed",
            to: { name: branch.name, address: branch.email },
            greeting: branch.managerName,
            branchName: branch.name,
            planReference,
            coveredPersonName: `${covered.firstName} ${covered.lastName}`,
            kindOfFuneral: kindOfFuneral || "As set out in the plan details",
            appointedOn: found.appointment.appointedOn,
            attachments: [await planPdfAttachment(plan.userId, planId, "plan-details")],
          };
        }
        case "funeral-director-letter": {
          const found = await appointmentOf(db, planId);
          if (!found) return null;
          const branch = appointedBranch(found);
          return {
            kind: "funeral-director-letter",
            to,
            firstName,
            planReference,
            appointedOn: found.appointment.appointedOn,
            funeralDirector: branch
              ? { name: branch.name, address: branch.address, phone: branch.phone }
              : null,
          };
        }
      }
    },
  };
}
