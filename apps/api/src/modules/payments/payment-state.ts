import type { PaymentResponse, PlanFuneral, PlanPaymentsResponse } from "@kindred/contracts";
import {
  isMissedCollection,
  depositOwed,
  endOfTheFirstMonths,
  isPlanPaid,
  moneyHeld,
  moneyRefunded,
  planMoneyState,
  refundOwed,
  ukToday,
} from "@kindred/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { arrearsStatements, atNeedCases } from "../../db/schema";
import type { TokenHolder } from "../auth";
import { noSuchPlan, selectOwnedPlan, type PlansService } from "../plans";
import type { PurchaseReadiness } from "../purchase";
import { appointedBranch, appointmentOf } from "./funeral-director-appointment";
import { isCompletedPayment, paymentFactsOf } from "./paid-status";
import {
  planMoneyOf,
  selectPlanMoneyRows,
  type MandateRow,
  type PaymentRow,
  type PlanMoneyRows,
  type RefundRow,
} from "./plan-money-store";
import type { PlanSchedules } from "./plan-schedule";

/**
 * What a plan's payments look like to its customer (`GET /api/plan/{id}/payments`): where the
 * plan stands, its schedule, its payments, its Direct Debit and collections, any arrears, and
 * what has been refunded or is on its way back.
 */

/** One of the holder's plans as stored; 404 to anyone else. */
export async function ownedPlan(db: Database, holder: TokenHolder, planId: string) {
  const plan = await selectOwnedPlan(db, planId, holder.userId);
  if (!plan) throw noSuchPlan();
  return plan;
}

/**
 * The plan's owner as the account's own answer needs them, for a reader that is not the customer
 * (an anniversary statement's job, a member of staff): `planPayments` checks the plan is theirs.
 * `clientId` names who reads; `userKind` is the owner's (a visitor's plan is not ready to pay).
 */
export function planOwner(
  userId: string,
  clientId: string,
  userKind: TokenHolder["userKind"] = "customer",
): TokenHolder {
  return {
    userId,
    userKind,
    scope: userKind === "guest" ? "APPLICATION" : "CUSTOMER",
    clientId,
    tokenHash: "",
  };
}

/**
 * A card payment's status in the customer's words: one disputed at their bank still pays for the
 * plan until the dispute is decided, and one charged back was not paid after all, as a collection
 * charged back reads (issue 46 item 5).
 */
function customerSeesStatus(status: PaymentRow["status"]): PaymentResponse["status"] {
  if (status === "disputed") return "confirmed";
  if (status === "charged_back") return "failed";
  return status;
}

/** A payment as the customer sees it: refunded once the provider confirms its refund. */
export function toPayment(row: PaymentRow, refundRows: readonly RefundRow[] = []): PaymentResponse {
  const refunded = refundRows.some((refund) => refund.paymentId === row.id && refund.status === "refunded");
  const finished = row.status !== "pending" && row.status !== "requires_action";
  return {
    id: row.id,
    planId: row.planId,
    paymentOption: row.paymentOption,
    amount: row.amountPence,
    status: refunded ? "refunded" : customerSeesStatus(row.status),
    completed: isCompletedPayment(row.status),
    provider: row.provider,
    // Nothing more can be done with a finished payment, nor with one we no longer want.
    clientSecret: finished || !row.wanted ? null : row.clientSecret,
    providerPaymentId: row.providerPaymentId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A mandate as it is ever shown again: the account's last four digits only. */
export const mandateResponse = (mandate: MandateRow) => ({
  reference: mandate.reference,
  status: mandate.status,
  accountHolderName: mandate.accountHolderName,
  sortCode: mandate.sortCode,
  accountNumberEnding: mandate.accountNumberEnding,
  createdAt: mandate.createdAt.toISOString(),
});

/**
 * When the plan was bought (its contract date, FPCOB 7.2): when the first payment that made it
 * paid was confirmed, in full or its deposit; or, for a plan paid by a Direct Debit alone, when
 * that was set up. Null while the plan is not paid (`isPlanPaid` decides, from the same rows).
 */
function boughtAt(
  paymentRows: readonly PaymentRow[],
  mandateRows: readonly MandateRow[],
  paid: boolean,
): Date | null {
  if (!paid) return null;
  const confirmedAt = paymentRows
    .filter((row) => isCompletedPayment(row.status))
    .map((row) => row.completedAt ?? row.updatedAt)
    .sort((a, b) => a.getTime() - b.getTime());
  if (confirmedAt.length > 0) return confirmedAt[0] ?? null;
  const live = mandateRows.find((row) => row.status === "pending_submission" || row.status === "active");
  return live?.createdAt ?? null;
}

/**
 * The payments and mandates that say whether a plan was bought: those still wanted, and once the
 * plan is closed (cancelled, or its funeral requested), every payment, as they no longer are.
 */
function boughtFacts({ plan, payments, mandates }: PlanMoneyRows) {
  const closed = plan.cancelledAt !== null || plan.funeralRequestedAt !== null;
  const wantedPayments = payments.filter((row) => row.wanted || closed);
  const wantedMandates = mandates.filter((row) => row.wanted || plan.funeralRequestedAt !== null);
  const paid = isPlanPaid(paymentFactsOf(wantedPayments, wantedMandates));
  return { paid, boughtAt: boughtAt(wantedPayments, wantedMandates, paid) };
}

/** When a plan was bought (its contract date), or null while it is not. */
export function planBoughtAt(rows: PlanMoneyRows): Date | null {
  return boughtFacts(rows).boughtAt;
}

/** What the rule of what happens at death needs of a bought plan; null until it is bought. */
function whenTheTimeComesOf(
  bought: Date | null,
  moratoriumMonths: number,
): PlanPaymentsResponse["whenTheTimeComes"] {
  if (!bought) return null;
  const boughtOn = ukToday(bought);
  return { boughtOn, moratoriumMonths, firstMonthsEndOn: endOfTheFirstMonths(boughtOn, moratoriumMonths) };
}

/**
 * The plan's funeral once we are told of the death (issue 23 item 4): where it stands, when it
 * was asked for, and what the family pays or gets back, as worked out when the case was opened.
 */
async function funeralOf(db: Database, plan: PlanMoneyRows["plan"]): Promise<PlanFuneral | null> {
  if (!plan.funeralRequestedAt) return null;
  const [atNeed] = await db.select().from(atNeedCases).where(eq(atNeedCases.planId, plan.id));
  if (!atNeed?.atDeath) return null;
  const { atDeath, notification, status } = atNeed;
  // The funeral is requested only for a confirmed death (decision 040): the case is then a funeral's.
  if (status !== "funeral_requested" && status !== "funeral_arranged" && status !== "funeral_provided")
    return null;
  return {
    status,
    requestedOn: ukToday(plan.funeralRequestedAt),
    dateOfDeath: notification.dateOfDeath.iso8601,
    atDeath:
      atDeath.funeral === "provided"
        ? { funeral: "provided", because: atDeath.because }
        : {
            funeral: "ifTheBalanceIsPaid",
            balance: atDeath.balance,
            refund: atDeath.refund,
            accidentKnown: notification.accidental !== "not_known",
          },
  };
}

export interface PaymentState {
  planPayments(holder: TokenHolder, planId: string): Promise<PlanPaymentsResponse>;
}

export function createPaymentState({
  db,
  plans,
  readiness,
  schedules,
}: {
  db: Database;
  plans: PlansService;
  readiness: PurchaseReadiness;
  schedules: PlanSchedules;
}): PaymentState {
  return {
    async planPayments(holder, planId) {
      await ownedPlan(db, holder, planId);
      const rows = await selectPlanMoneyRows(db, planId);
      if (!rows) throw noSuchPlan();
      const { plan } = rows;
      const statements = await db
        .select()
        .from(arrearsStatements)
        .where(eq(arrearsStatements.planId, planId));
      const money = planMoneyOf(rows);
      const mandate = rows.mandates.at(-1) ?? null;
      // The newest Direct Debit's collections, and every collection taken under an earlier one
      // that ended (issue 46 item 1): what was paid stays in view, numbered in the order it fell due.
      const liveCollections = rows.collections.filter(
        (row) => (mandate && row.mandateId === mandate.id) || row.status === "collected",
      );
      const refundedOf = new Set(
        rows.refunds.filter((refund) => refund.status === "refunded").map((refund) => refund.collectionId),
      );
      const collected = liveCollections.filter((row) => row.status === "collected");
      const missed = liveCollections.filter((row) => isMissedCollection(row.status));
      const statement = statements.at(-1);
      const choice = plan.paymentChoice;
      const schedule = choice
        ? await plans
            .getPlan(holder.userId, planId)
            .then((priced) => schedules.scheduleOf(priced.price.total, choice))
            .catch(() => null)
        : null;
      const { paid, boughtAt: bought } = boughtFacts(rows);
      const whenTheTimeComes = bought
        ? whenTheTimeComesOf(bought, (await schedules.paymentTerms()).moratoriumMonths)
        : null;
      const appointment = await appointmentOf(db, planId);
      const branch = appointment && appointedBranch(appointment);
      const unpaidState = planMoneyState(money, false);
      const planState =
        unpaidState === "being_planned" && (await readiness.isReady(holder, planId))
          ? "ready_to_pay"
          : unpaidState;
      // The ways to carry on once the Direct Debit ended, at the price agreed (the plan's own).
      const left =
        planState === "payments_stopped" && choice?.option === "deposit"
          ? await plans
              .getPlan(holder.userId, planId)
              .then((priced) => schedules.paymentsLeftOf(priced.price.total, choice, money))
          : null;
      return {
        planId,
        planReference: plan.reference,
        state: planState,
        paid,
        choice: plan.paymentChoice,
        schedule,
        payments: rows.payments.map((row) => toPayment(row, rows.refunds)),
        directDebit: mandate && mandateResponse(mandate),
        collections: liveCollections.map((row, index) => ({
          number: index + 1,
          date: row.dueDate,
          amount: row.amountPence,
          // A collection charged back is, to the customer, one not paid: still owed, as a failed one.
          status: refundedOf.has(row.id) ? "refunded" : row.status === "charged_back" ? "failed" : row.status,
        })),
        collected: collected.length,
        missedPayments: missed.length,
        arrears: statement
          ? {
              owed: statement.owedPence,
              catchUpBy: statement.catchUpBy,
              sentAt: statement.sentAt.toISOString(),
            }
          : null,
        cancelledAt: plan.cancelledAt?.toISOString() ?? null,
        depositOwed: depositOwed(money),
        paymentsStopped:
          left && mandate
            ? {
                endedOn: ukToday(mandate.updatedAt),
                paidSoFar: moneyHeld(money),
                restByCard: left.byCard,
                newDirectDebit: { depositStillOwed: left.depositStillOwed, instalments: left.instalments },
              }
            : null,
        refunded: moneyRefunded(money),
        refundOwed: refundOwed(money),
        whenTheTimeComes,
        funeralDirector: appointment
          ? {
              appointedOn: appointment.appointment.appointedOn,
              branch: branch ? { name: branch.name, address: branch.address, phone: branch.phone } : null,
            }
          : null,
        funeral: await funeralOf(db, plan),
      };
    },
  };
}
