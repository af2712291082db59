import type { MoneyEvent } from "@kindred/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { collections, mandates, payments, providerEvents, refunds } from "../../db/schema";
import type { Mailer } from "../email";
import type { PlansService } from "../plans";
import { checkMissedPayments } from "./arrears";
import { isAbandonedMandate } from "./direct-debit-requests";
import { applyMoneyEvent } from "./plan-money-store";
import { customerOfPlan } from "./plan-payment-emails";
import type { ProviderEvent } from "./provider";

/**
 * What a provider tells us, turned into a change of the plan's money (docs/decisions/
 * 016-payments.md and 023-plan-money.md). Each event is verified before it comes here (a webhook's
 * signature, or the provider's own record read by reconciliation); here it is recorded in
 * `provider_events` in the same transaction as the change it makes, so it is handled once, and
 * goes through the one state machine like every other change.
 */

/**
 * An event about a payment, mandate or collection we have not stored yet: a provider can report
 * on an object before the call that made it has finished here. Nothing is recorded, and the
 * webhook is answered 503 so the provider sends it again (the sandbox's queue retries it too).
 */
export class NotKnownYet extends Error {
  readonly statusCode = 503;
  constructor(event: ProviderEvent) {
    super(`No ${event.kind} is stored yet for this ${event.kind} event; it will be sent again`);
    this.name = "NotKnownYet";
  }
}

export interface ProviderEvents {
  /**
   * Applies one verified event from the provider named `providerName`, once: true when it was
   * applied now, false when an event with its id was handled before (nothing changes). Throws
   * `NotKnownYet` for an object not stored yet: nothing is recorded, so it can come again.
   */
  applyProviderEvent(providerName: string, event: ProviderEvent): Promise<boolean>;
}

/** Which of our payments, mandates or collections a provider's event is about: its plan and id. */
async function subjectOf(providerName: string, event: ProviderEvent, transaction: Database) {
  if (event.kind === "card_payment") {
    const [row] = await transaction
      .select({ id: payments.id, planId: payments.planId })
      .from(payments)
      .where(
        and(eq(payments.provider, providerName), eq(payments.providerPaymentId, event.providerPaymentId)),
      );
    return row;
  }
  if (event.kind === "mandate") {
    const [row] = await transaction
      .select({ id: mandates.id, planId: mandates.planId })
      .from(mandates)
      .where(
        and(eq(mandates.provider, providerName), eq(mandates.providerMandateId, event.providerMandateId)),
      );
    return row;
  }
  const [row] = await transaction
    .select({ id: collections.id, planId: collections.planId })
    .from(collections)
    .where(eq(collections.providerPaymentId, event.providerPaymentId));
  return row;
}

/** The state machine's event for a provider's event about `id`. */
function moneyEventOf(event: ProviderEvent, id: string): MoneyEvent {
  if (event.status === "refunded") return { cause: "provider", type: "refunded", of: id };
  if (event.status === "refund_failed") return { cause: "provider", type: "refund_failed", of: id };
  if (event.kind === "card_payment") {
    // A dispute won gives the money back to us; one lost gives it to the customer (issue 46 item 5).
    const status =
      event.status === "dispute_won"
        ? "confirmed"
        : event.status === "dispute_lost"
          ? "charged_back"
          : event.status;
    return { cause: "provider", type: "card_payment", id, status };
  }
  if (event.kind === "mandate") return { cause: "provider", type: "mandate", id, status: event.status };
  return { cause: "provider", type: "collection", id, status: event.status };
}

export function createProviderEvents({
  db,
  jobQueue,
  mailer,
  plans,
  now = () => new Date(),
}: {
  db: Database;
  jobQueue: JobQueue;
  mailer: Mailer;
  plans: PlansService;
  now?: () => Date;
}): ProviderEvents {
  return {
    async applyProviderEvent(providerName, event) {
      // Read before the transaction: inside it, PGlite's one connection is taken.
      const missedPaymentCustomer =
        event.kind === "collection" && event.status === "failed"
          ? await db
              .select({ planId: collections.planId })
              .from(collections)
              .where(eq(collections.providerPaymentId, event.providerPaymentId))
              .then(([row]) => (row ? customerOfPlan(db, plans, row.planId) : null))
          : null;
      return db.transaction(async (transaction) => {
        const first = await transaction
          .insert(providerEvents)
          .values({ provider: providerName, eventId: event.eventId, type: `${event.kind}.${event.status}` })
          .onConflictDoNothing()
          .returning();
        // Delivered before: handled then, so nothing changes now.
        if (first.length === 0) return false;
        const subject = await subjectOf(providerName, event, transaction);
        // A mandate made for a request that was cut short, which we gave up and cancelled: known,
        // and nothing of ours changes.
        if (
          !subject &&
          event.kind === "mandate" &&
          (await isAbandonedMandate(transaction, event.providerMandateId))
        )
          return true;
        if (!subject) throw new NotKnownYet(event);
        if (event.status === "failed" && event.kind !== "mandate") {
          const failureReason = event.reason ?? "failed";
          if (event.kind === "card_payment") {
            await transaction.update(payments).set({ failureReason }).where(eq(payments.id, subject.id));
          } else {
            await transaction
              .update(collections)
              .set({ failureReason })
              .where(eq(collections.id, subject.id));
          }
        }
        if (event.status === "refund_failed") {
          // The provider's reason, for finance (never shown to the customer).
          await transaction
            .update(refunds)
            .set({ failureReason: event.reason ?? "refund_failed" })
            .where(
              event.kind === "card_payment"
                ? eq(refunds.paymentId, subject.id)
                : eq(refunds.collectionId, subject.id),
            );
        }
        await applyMoneyEvent(transaction, jobQueue, subject.planId, moneyEventOf(event, subject.id), {
          now: now(),
        });
        if (event.kind === "collection" && event.status === "failed") {
          await checkMissedPayments(transaction, mailer, {
            planId: subject.planId,
            customer: missedPaymentCustomer,
            now: now(),
          });
        }
        return true;
      });
    },
  };
}
