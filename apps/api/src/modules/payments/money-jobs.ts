import { cardPaymentMayStillBeTaken, type MoneyEffect } from "@kindred/domain";
import { and, count, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { JobResult, JobWithMetadata } from "pg-boss";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { collections, mandates, payments, refunds } from "../../db/schema";
import type { Mailer } from "../email";
import type { PlanPaymentEmails } from "./plan-payment-emails";
import { changePlanMoneyIn, planMoneyQueue, type PlanEmail, type PlanMoneyJob } from "./plan-money-store";
import type { CardPaymentProvider, DirectDebitProvider } from "./provider";

/**
 * What follows a change of a plan's money (docs/decisions/023-plan-money.md): each effect the
 * domain asked for is a job, queued in the change's own transaction, so a crash cannot lose it.
 * Each is idempotent: a refund and a cancellation are keyed with the provider, and one already
 * done is recognised, so a job tried again (after a crash, say) repeats nothing. A provider that
 * cannot be reached is tried again, with growing waits, until it answers.
 */

/** A provider call in hand longer than this counts as abandoned (its process died): it is tried again. */
const planMoneyJobExpirySeconds = 30;

export async function startPlanMoneyJobs({
  db,
  jobQueue,
  mailer,
  emails,
  card,
  directDebit,
  log,
}: {
  db: Database;
  jobQueue: JobQueue;
  mailer: Mailer;
  emails: PlanPaymentEmails;
  card: CardPaymentProvider;
  directDebit: DirectDebitProvider;
  log: FastifyBaseLogger;
}): Promise<PlanMoneyJobs> {
  const options = {
    retryLimit: 1_000,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
    // Every provider call is bounded by PAYMENT_PROVIDER_TIMEOUT_MS (10 s by default).
    expireInSeconds: planMoneyJobExpirySeconds,
    notify: true,
  };
  await jobQueue.boss.createQueue(planMoneyQueue, options);
  await jobQueue.boss.updateQueue(planMoneyQueue, options);
  const changePlanMoney = changePlanMoneyIn(db, jobQueue, () => new Date());

  /**
   * Makes one collection of a new Direct Debit with the provider, under the key of its mandate and
   * number, so a try after a crash finds the one an earlier try made. It is asked for even when the
   * plan no longer wants it (cancelled meanwhile), so that one a crashed try made is found and
   * cancelled rather than left for the provider to take. A provider that refuses because the
   * mandate has ended holds nothing it could collect under it: the collection is cancelled here too.
   */
  async function createCollection(planId: string, collectionId: string): Promise<void> {
    const [found] = await db
      .select({ collection: collections, mandate: mandates })
      .from(collections)
      .innerJoin(mandates, eq(mandates.id, collections.mandateId))
      .where(eq(collections.id, collectionId));
    if (!found) return;
    const { collection, mandate } = found;
    let providerPaymentId = collection.providerPaymentId;
    if (!providerPaymentId) {
      const [instalments] = await db
        .select({ count: count() })
        .from(collections)
        .where(eq(collections.mandateId, mandate.id));
      try {
        ({ providerPaymentId } = await directDebit.createCollection({
          providerMandateId: mandate.providerMandateId,
          amountPence: collection.amountPence,
          chargeDate: collection.dueDate,
          description: `Kindred funeral plan, instalment ${collection.number} of ${instalments?.count ?? collection.number}`,
          reference: `${mandate.reference}-${collection.number}`,
          idempotencyKey: `collection:${mandate.providerMandateId}:${collection.number}`,
        }));
      } catch (error) {
        const { status } = await directDebit.lookUpMandate(mandate.providerMandateId);
        if (status !== "failed" && status !== "cancelled") throw error;
        if (collection.status === "scheduled") {
          await changePlanMoney(planId, {
            cause: "reconciliation",
            type: "collection",
            id: collection.id,
            status: "cancelled",
          });
        }
        return;
      }
      await db
        .update(collections)
        .set({ providerPaymentId })
        .where(and(eq(collections.id, collectionId), isNull(collections.providerPaymentId)));
    }
    // Cancelled while it was being made: the cancellation found no collection to cancel then.
    const [now] = await db
      .select({ wanted: collections.wanted })
      .from(collections)
      .where(eq(collections.id, collectionId));
    if (now?.wanted === false) await cancelCollection(collectionId);
  }

  async function refund(effect: Extract<MoneyEffect, { type: "refund" }>): Promise<void> {
    const column = effect.kind === "card_payment" ? refunds.paymentId : refunds.collectionId;
    const [row] = await db.select().from(refunds).where(eq(column, effect.of));
    // Confirmed already, or no longer owed (the money bounced back before it was given back), or
    // an earlier attempt's call, overtaken by one sent again after it failed at the provider.
    if (!row || row.status !== "owed" || row.attempt !== (effect.attempt ?? 1)) return;
    // Each attempt under a key of its own: the first attempt's key answers the refund that failed.
    const idempotencyKey = row.attempt === 1 ? `refund:${effect.of}` : `refund:${effect.of}:${row.attempt}`;
    if (effect.kind === "card_payment") {
      const [payment] = await db.select().from(payments).where(eq(payments.id, effect.of));
      if (!payment?.providerPaymentId)
        throw new Error("A refund is owed on a payment the provider never made");
      await card.refundPayment({
        providerPaymentId: payment.providerPaymentId,
        amountPence: row.amountPence,
        idempotencyKey,
      });
    } else {
      const [collection] = await db.select().from(collections).where(eq(collections.id, effect.of));
      if (!collection?.providerPaymentId)
        throw new Error("A refund is owed on a collection the provider never made");
      await directDebit.refundCollection({
        providerPaymentId: collection.providerPaymentId,
        amountPence: row.amountPence,
        idempotencyKey,
      });
    }
  }

  async function cancelCardPayment(paymentId: string): Promise<void> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    // A declined payment stays open at the provider and could be finished later (issue 46 item 2).
    if (!payment || !cardPaymentMayStillBeTaken(payment.status)) return;
    // Opened with the provider under the payment's own id, so asking again answers the same one.
    const providerPaymentId =
      payment.providerPaymentId ??
      (
        await card.createPayment({
          amountPence: payment.amountPence,
          description: paymentDescription(payment),
          reference: payment.id,
          idempotencyKey: payment.id,
        })
      ).providerPaymentId;
    if (!payment.providerPaymentId) {
      await db.update(payments).set({ providerPaymentId }).where(eq(payments.id, payment.id));
    }
    await card.cancelPayment(providerPaymentId);
  }

  async function cancelCollection(collectionId: string): Promise<void> {
    const [collection] = await db.select().from(collections).where(eq(collections.id, collectionId));
    if (!collection?.providerPaymentId) return;
    if (collection.status !== "scheduled" && collection.status !== "submitted") return;
    await directDebit.cancelCollection(collection.providerPaymentId);
  }

  async function cancelMandate(mandateId: string): Promise<void> {
    const [mandate] = await db.select().from(mandates).where(eq(mandates.id, mandateId));
    if (!mandate || mandate.status === "cancelled" || mandate.status === "failed") return;
    await directDebit.cancelMandate(mandate.providerMandateId);
  }

  async function email(planId: string, about: PlanEmail): Promise<void> {
    const composed = await emails.compose(planId, about);
    if (composed) await db.transaction((transaction) => mailer.queue(composed, transaction));
  }

  // Up to ten at a time, each with its own outcome, so a cancellation's dozen follow-ups do not
  // wait a poll apart, and one that fails is tried again without the others.
  await jobQueue.work(
    planMoneyQueue,
    { batchSize: 10, burstWhenBatchFull: true, includeMetadata: true, perJobResults: true },
    async (jobs: JobWithMetadata<PlanMoneyJob>[]): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        const { planId, effect } = job.data;
        try {
          if (effect.type === "create_collection") await createCollection(planId, effect.collectionId);
          else if (effect.type === "refund") await refund(effect);
          else if (effect.type === "cancel_card_payment") await cancelCardPayment(effect.paymentId);
          else if (effect.type === "cancel_collection") await cancelCollection(effect.collectionId);
          else if (effect.type === "cancel_mandate") await cancelMandate(effect.mandateId);
          else await email(planId, effect.email);
          results.push({ id: job.id, status: "completed" });
        } catch (error) {
          // Only what the job is about: never the provider's answer or the email.
          const reason = (error as Error).name;
          log.warn(
            { jobId: job.id, planId, effect: effect.type, attempt: job.retryCount + 1, reason },
            "a plan's payment follow-up failed; it will be tried again",
          );
          results.push({ id: job.id, status: "failed", output: { reason } });
        }
      }
      return results;
    },
  );
  return { idle: () => jobQueue.idle(planMoneyQueue) };
}

export interface PlanMoneyJobs {
  /** Resolves once every follow-up queued so far is done (or given up): tests wait on it. */
  idle(): Promise<void>;
}

/** What the customer's bank statement and the provider's dashboard call a card payment. */
export function paymentDescription(payment: { planId: string; paymentOption: "full" | "deposit" }): string {
  return `Kindred funeral plan ${payment.planId} (${payment.paymentOption === "full" ? "paid in full" : "deposit"})`;
}
