import { randomUUID } from "node:crypto";
import type { CreatePaymentBody, PaymentResponse } from "@kindred/contracts";
import { mayPayTheRestByCard, purchaseMessages } from "@kindred/domain";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isUniqueViolation, type Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { payments } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "../auth";
import { agreedPriceDiffers, agreedPriceOf, noSuchPlan } from "../plans";
import type { PurchaseReadiness } from "../purchase";
import { earlierUseOf, requestDigestOf } from "./idempotency";
import { paymentDescription } from "./money-jobs";
import {
  agreeingPrice,
  planMoneyOf,
  priceOpen,
  refuseUnseenPrice,
  selectPlanMoneyRows,
  type ChangePlanMoney,
  type PaymentRow,
} from "./plan-money-store";
import type { PlanSchedules } from "./plan-schedule";
import { toPayment } from "./payment-state";
import type { CardPaymentProvider } from "./provider";

/**
 * Paying by card, in full or the deposit (`POST /api/payments/create`): one payment per attempt,
 * whatever is sent twice. The amount is the plan's schedule as it is priced now; the same
 * Idempotency-Key answers the same payment; the payment open for the same option and amount is
 * the answer to a second tab; and the provider is asked under the payment's own id, so asking
 * again never charges twice.
 */
export interface CardPayments {
  createPayment(
    holder: TokenHolder,
    idempotencyKey: string,
    body: CreatePaymentBody,
  ): Promise<{ payment: PaymentResponse; created: boolean }>;
  getPayment(holder: TokenHolder, paymentId: string): Promise<PaymentResponse>;
}

const planCancelled = () =>
  new ViolationError([{ propertyPath: "plan", title: purchaseMessages.planCancelled }], 409);

export function createCardPayments({
  db,
  jobQueue,
  changePlanMoney,
  readiness,
  schedules,
  card,
  now,
  log,
}: {
  db: Database;
  /** Where a cleared price queues the cancelling of a payment opened at it. */
  jobQueue: JobQueue;
  changePlanMoney: ChangePlanMoney;
  readiness: PurchaseReadiness;
  schedules: PlanSchedules;
  card: CardPaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
}): CardPayments {
  /** Opens a payment with the provider under its own id, so asking again answers the same one. */
  async function openWithProvider(row: PaymentRow): Promise<PaymentRow> {
    try {
      const opened = await card.createPayment({
        amountPence: row.amountPence,
        description: paymentDescription(row),
        reference: row.id,
        idempotencyKey: row.id,
      });
      const [ready] = await db
        .update(payments)
        .set({
          providerPaymentId: opened.providerPaymentId,
          clientSecret: opened.clientSecret,
          updatedAt: now(),
        })
        .where(eq(payments.id, row.id))
        .returning();
      return ready ?? row;
    } catch (error) {
      // Nothing was charged: the payment is closed, so another attempt can start afresh.
      await db.update(payments).set({ failureReason: "provider_unavailable" }).where(eq(payments.id, row.id));
      await changePlanMoney(row.planId, {
        cause: "provider",
        type: "card_payment",
        id: row.id,
        status: "failed",
      });
      log.error({ paymentId: row.id, provider: card.name }, "the card provider could not open a payment");
      throw error;
    }
  }

  return {
    async createPayment(holder, idempotencyKey, body) {
      const requestDigest = requestDigestOf(body);
      const replay = async () => {
        const [existing] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.userId, holder.userId), eq(payments.idempotencyKey, idempotencyKey)));
        const earlier = earlierUseOf(existing, requestDigest);
        // Made here, but the provider was never reached (a crash in between): it is opened now.
        if (earlier && !earlier.providerPaymentId && earlier.status === "pending" && earlier.wanted) {
          return openWithProvider(earlier);
        }
        return earlier;
      };
      const earlier = await replay();
      if (earlier) return { payment: toPayment(earlier), created: false };

      // Read and priced once: whose it is (404 to anyone else, first), whether it is ready, and
      // what it costs now (the price this request agrees, decision 008), all from the same reading.
      const { stored: plan, pricedNow } = await readiness.readyPlan(holder, body.planId);
      if (agreedPriceDiffers(plan, pricedNow)) await refuseUnseenPrice(db, jobQueue, body.planId, pricedNow);
      if (plan.cancelledAt) throw planCancelled();
      if (!plan.paymentChoice) {
        throw new ViolationError(
          [{ propertyPath: "paymentOption", title: purchaseMessages.paymentChoiceNeeded }],
          422,
        );
      }
      const rows = await selectPlanMoneyRows(db, body.planId);
      if (!rows) throw noSuchPlan();
      const money = planMoneyOf(rows);
      // A plan paid by instalments that holds money and has no Direct Debit standing (its payments
      // stopped, say) may pay the rest by card, as a payment in full of what is left (issue 46).
      const theRest = body.paymentOption === "full" && mayPayTheRestByCard(money);
      if (plan.paymentChoice.option !== body.paymentOption && !theRest) {
        throw new ViolationError(
          [{ propertyPath: "paymentOption", title: purchaseMessages.paymentOptionDiffers }],
          422,
        );
      }
      // At this moment's price, which this request agrees (decision 008); or, once money was taken,
      // at the price agreed for it, which no catalogue change moves.
      const asked = priceOpen(money) ? pricedNow : (agreedPriceOf(plan) ?? pricedNow);
      const amount = theRest
        ? (await schedules.paymentsLeftOf(asked.price.total, plan.paymentChoice, money)).byCard
        : (await schedules.scheduleOf(asked.price.total, plan.paymentChoice)).payNow;
      if (amount <= 0) {
        throw new ViolationError(
          [{ propertyPath: "plan", title: purchaseMessages.nothingLeftToPayByCard }],
          409,
        );
      }

      // The payment already open for this very option and amount (another tab, a retried request
      // with a new key) is the answer, never a second charge; one for anything else is cancelled.
      const [open] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.planId, body.planId), eq(payments.wanted, true)))
        .orderBy(asc(payments.createdAt));
      const stillOpen =
        open && (open.status === "pending" || open.status === "requires_action") ? open : undefined;
      if (stillOpen?.paymentOption === body.paymentOption && stillOpen.amountPence === amount) {
        return {
          payment: toPayment(stillOpen.providerPaymentId ? stillOpen : await openWithProvider(stillOpen)),
          created: false,
        };
      }

      const id = randomUUID();
      try {
        await changePlanMoney(
          body.planId,
          {
            cause: "customer",
            type: "open_card_payment",
            payment: { id, option: body.paymentOption, amount: amount },
          },
          {
            payment: {
              id,
              planId: body.planId,
              userId: holder.userId,
              paymentOption: body.paymentOption,
              amountPence: amount,
              idempotencyKey,
              requestDigest,
              provider: card.name,
            },
          },
          agreeingPrice(plan, asked),
        );
      } catch (error) {
        // The same key, sent twice at once: the other request made the payment.
        if (isUniqueViolation(error)) {
          const again = await replay();
          if (again) return { payment: toPayment(again), created: false };
          throw new ViolationError(
            [{ propertyPath: "plan", title: purchaseMessages.planPaymentInProgress }],
            409,
          );
        }
        throw error;
      }
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      if (!row) throw new Error("A payment just made was not found");
      return { payment: toPayment(await openWithProvider(row)), created: true };
    },

    async getPayment(holder, paymentId) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, holder.userId)));
      if (!row)
        throw new ViolationError(
          [{ propertyPath: "payment", title: purchaseMessages.notAPaymentReference }],
          404,
        );
      return toPayment(row);
    },
  };
}
