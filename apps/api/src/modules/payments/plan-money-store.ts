import {
  type MoneyEffect,
  type MoneyEmail,
  type MoneyEvent,
  nextPlanMoney,
  type PlanMoney,
  planMoneyState,
  purchaseMessages,
} from "@kindred/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { collections, mandates, payments, plans, refunds } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { JobQueue } from "../../db/job-queue";
import { agreePriceIn, agreedPriceDiffers, forgetAgreedPriceIn, type PricedView } from "../plans";
import { appointFuneralDirector, type AppointmentEmail } from "./funeral-director-appointment";

/**
 * A plan's money as stored, and the one way it changes (docs/decisions/023-plan-money.md): the
 * plan's row is locked, its payments, mandates, collections and refunds read, the domain's
 * `nextPlanMoney` applied, what changed written back, and what must follow queued, all in the
 * caller's transaction. Nothing else writes these rows' `status`, `wanted` or refunds.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type MandateRow = typeof mandates.$inferSelect;
type CollectionRow = typeof collections.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** Every row of a plan's money, oldest first. */
export interface PlanMoneyRows {
  plan: PlanRow;
  payments: PaymentRow[];
  mandates: MandateRow[];
  collections: CollectionRow[];
  refunds: RefundRow[];
}

/** The queue of provider calls and emails that follow a change of a plan's money. */
export const planMoneyQueue = "plan-money";

/** The emails that follow a change of a plan's money: the domain's, and the funeral director's appointment's. */
export type PlanEmail = MoneyEmail | AppointmentEmail;

/** A job of `planMoneyQueue`: one effect of one change, for one plan. */
export interface PlanMoneyJob {
  planId: string;
  effect: MoneyEffect | { type: "email"; email: AppointmentEmail };
}

/** Reads a plan's money rows; with `lock`, the plan's row stays locked until the transaction ends. */
export async function selectPlanMoneyRows(
  db: Database,
  planId: string,
  { lock = false } = {},
): Promise<PlanMoneyRows | undefined> {
  const query = db.select().from(plans).where(eq(plans.id, planId));
  const [plan] = lock ? await query.for("update") : await query;
  if (!plan) return undefined;
  // One statement at a time: PGlite's one connection takes no overlapping statements in a transaction.
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.planId, planId))
    .orderBy(asc(payments.createdAt));
  const mandateRows = await db
    .select()
    .from(mandates)
    .where(eq(mandates.planId, planId))
    .orderBy(asc(mandates.createdAt));
  const collectionRows = await db
    .select()
    .from(collections)
    .where(eq(collections.planId, planId))
    .orderBy(asc(collections.dueDate), asc(collections.number));
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.planId, planId))
    .orderBy(asc(refunds.createdAt));
  return {
    plan,
    payments: paymentRows,
    mandates: mandateRows,
    collections: collectionRows,
    refunds: refundRows,
  };
}

/** The domain's view of the rows. */
export function planMoneyOf(rows: PlanMoneyRows): PlanMoney {
  return {
    cancelled: rows.plan.cancelledAt !== null,
    funeralRequested: rows.plan.funeralRequestedAt !== null,
    choice: rows.plan.paymentChoice,
    payments: rows.payments.map((row) => ({
      id: row.id,
      option: row.paymentOption,
      amount: row.amountPence,
      status: row.status,
      wanted: row.wanted,
    })),
    mandates: rows.mandates.map((row) => ({ id: row.id, status: row.status, wanted: row.wanted })),
    collections: rows.collections.map((row) => ({
      id: row.id,
      mandateId: row.mandateId,
      amount: row.amountPence,
      status: row.status,
      wanted: row.wanted,
    })),
    refunds: rows.refunds.map((row) => ({
      of: (row.paymentId ?? row.collectionId)!,
      amount: row.amountPence,
      status: row.status,
      attempt: row.attempt,
      transferReference: row.transferReference,
    })),
  };
}

/** The rows an event adds, beyond what the domain knows of them (keys, references, dates). */
export interface NewMoneyRows {
  payment?: typeof payments.$inferInsert & { id: string };
  mandate?: typeof mandates.$inferInsert & { id: string };
  collections?: (typeof collections.$inferInsert & { id: string })[];
}

export interface AppliedMoneyEvent {
  before: PlanMoney;
  after: PlanMoney;
  effects: MoneyEffect[];
}

/**
 * Applies one event to the plan's money inside `transaction`, with the plan's row locked: refused
 * in the person's words (nothing changes), or stored with every effect queued. `newRows` holds
 * the rest of any payment, mandate or collections the event adds.
 */
export async function applyMoneyEvent(
  transaction: Database,
  jobQueue: JobQueue,
  planId: string,
  event: MoneyEvent,
  { newRows = {}, now = new Date() }: { newRows?: NewMoneyRows; now?: Date } = {},
): Promise<AppliedMoneyEvent> {
  const rows = await selectPlanMoneyRows(transaction, planId, { lock: true });
  if (!rows) throw new Error(`No plan ${planId} for a money event`);
  const before = planMoneyOf(rows);
  const next = nextPlanMoney(before, event);
  if (!next.ok) {
    throw new ViolationError([{ propertyPath: "plan", title: next.message }], next.status);
  }
  await store(transaction, rows, before, next.money, newRows, now);
  const followUps: PlanMoneyJob["effect"][] = [...next.effects];
  // The plan is bought (its confirmation is sent): its funeral director is appointed in the same
  // transaction (FPCOB 10.1.3R), so a crash cannot leave a bought plan without one.
  if (next.effects.some((effect) => effect.type === "email" && effect.email.kind === "plan-confirmed")) {
    followUps.push(...(await appointFuneralDirector(transaction, rows.plan, now)));
  }
  for (const effect of followUps) {
    await jobQueue.sendWithin(transaction, planMoneyQueue, { planId, effect } satisfies PlanMoneyJob);
  }
  return { before, after: next.money, effects: next.effects };
}

/**
 * Applies a change to a plan's money in a transaction of its own, for a caller outside one;
 * `alongside`, when given, is done in the same transaction once the change is allowed (the price
 * agreed with a request for money, say), so both are stored or neither.
 */
export type ChangePlanMoney = (
  planId: string,
  event: MoneyEvent,
  newRows?: NewMoneyRows,
  alongside?: (transaction: Database, applied: AppliedMoneyEvent, now: Date) => Promise<unknown>,
) => Promise<AppliedMoneyEvent>;

/**
 * What a request for money does alongside its event (issue 24 item 6; decision 008): fixes the
 * plan's price at `pricedNow`, the price `priced` (the plan as read for the request) is asked at,
 * while its price is open (`priceOpen`); a bought plan keeps the price it was sold at. Refused
 * (409) if the plan's journey was saved since it was read.
 */
export function agreeingPrice(
  priced: Pick<PlanRow, "id" | "version">,
  pricedNow: PricedView,
): NonNullable<Parameters<ChangePlanMoney>[3]> {
  return async (transaction, { before }, now) => {
    if (!priceOpen(before)) return;
    await agreePriceIn(transaction, priced, pricedNow, now);
  };
}

/**
 * Whether a plan's price may still be agreed (again): it is not bought yet, nor closed, and no
 * money has been taken for it. Once a payment is taken (a deposit, say, before the Direct Debit is
 * set up), or the plan is paid or paying by instalments (and after, cancelled or its funeral
 * asked for), its agreed price is the one it was sold at, for good.
 */
export function priceOpen(money: PlanMoney): boolean {
  const state = planMoneyState(money, true);
  const open = state === "being_planned" || state === "ready_to_pay" || state === "payment_in_progress";
  return open && !money.payments.some((payment) => payment.wanted && payment.status === "confirmed");
}

/**
 * Clears a plan's agreed price within `transaction` (decision 008's amendment: its journey was
 * saved, or the catalogue moved since the price was agreed), with the plan's money rows locked:
 * a card payment still open at that price is cancelled by the state machine's `price_reopened`,
 * its call to the provider queued in the same transaction, so the old price can no longer be paid
 * while the plan shows another. Refused (409, nothing stored) once the plan is bought or closed.
 */
export async function reopenPriceIn(
  transaction: Database,
  jobQueue: JobQueue,
  planId: string,
): Promise<void> {
  await applyMoneyEvent(transaction, jobQueue, planId, { cause: "customer", type: "price_reopened" });
  await forgetAgreedPriceIn(transaction, planId);
}

/**
 * Before a new request for money (decision 008's amendment): a plan not bought whose agreed price
 * is not what it costs now (an earlier request went nowhere, and the catalogue changed since) is
 * not asked for money at a price the person has not been shown. Its agreed price is cleared, so
 * the plan, its documents and the payment page show today's price with the notice of a change,
 * and the request is refused (409); the documents are then accepted again at that price and the
 * next request agrees it. A bought plan is left to the state machine, which refuses in its words.
 */
export async function refuseUnseenPrice(
  db: Database,
  jobQueue: JobQueue,
  planId: string,
  pricedNow: PricedView,
): Promise<void> {
  const cleared = await db.transaction(async (transaction) => {
    const rows = await selectPlanMoneyRows(transaction, planId, { lock: true });
    if (!rows || !agreedPriceDiffers(rows.plan, pricedNow) || !priceOpen(planMoneyOf(rows))) return false;
    await reopenPriceIn(transaction, jobQueue, planId);
    return true;
  });
  if (cleared) {
    throw new ViolationError(
      [{ propertyPath: "plan", title: purchaseMessages.planPriceChangedSinceAsked }],
      409,
    );
  }
}

/** `ChangePlanMoney` over `db`, each change made at `now()`. */
export function changePlanMoneyIn(db: Database, jobQueue: JobQueue, now: () => Date): ChangePlanMoney {
  return (planId, event, newRows, alongside) =>
    db.transaction(async (transaction) => {
      const at = now();
      const applied = await applyMoneyEvent(transaction, jobQueue, planId, event, { newRows, now: at });
      if (alongside) await alongside(transaction, applied, at);
      return applied;
    });
}

/** Writes what changed between the stored rows and the money after the event. */
async function store(
  transaction: Database,
  rows: PlanMoneyRows,
  before: PlanMoney,
  money: PlanMoney,
  newRows: NewMoneyRows,
  now: Date,
): Promise<void> {
  if (
    money.cancelled !== before.cancelled ||
    money.funeralRequested !== before.funeralRequested ||
    JSON.stringify(money.choice) !== JSON.stringify(before.choice)
  ) {
    await transaction
      .update(plans)
      .set({
        paymentChoice: money.choice,
        ...(money.cancelled && !before.cancelled ? { cancelledAt: now } : {}),
        ...(money.funeralRequested && !before.funeralRequested ? { funeralRequestedAt: now } : {}),
      })
      .where(eq(plans.id, rows.plan.id));
  }

  for (const payment of money.payments) {
    const stored = rows.payments.find((row) => row.id === payment.id);
    if (!stored) {
      if (newRows.payment?.id !== payment.id) throw new Error("A new payment came without its row");
      await transaction.insert(payments).values({ ...newRows.payment, status: payment.status, wanted: true });
    } else if (stored.status !== payment.status || stored.wanted !== payment.wanted) {
      await transaction
        .update(payments)
        .set({
          status: payment.status,
          wanted: payment.wanted,
          updatedAt: now,
          ...(payment.status === "confirmed" && stored.status !== "confirmed" ? { completedAt: now } : {}),
        })
        .where(eq(payments.id, payment.id));
    }
  }

  for (const mandate of money.mandates) {
    const stored = rows.mandates.find((row) => row.id === mandate.id);
    if (!stored) {
      if (newRows.mandate?.id !== mandate.id) throw new Error("A new mandate came without its row");
      await transaction.insert(mandates).values({ ...newRows.mandate, status: mandate.status, wanted: true });
    } else if (stored.status !== mandate.status || stored.wanted !== mandate.wanted) {
      await transaction
        .update(mandates)
        .set({ status: mandate.status, wanted: mandate.wanted, updatedAt: now })
        .where(eq(mandates.id, mandate.id));
    }
  }

  const addedCollections = money.collections.filter(
    (collection) => !rows.collections.some((row) => row.id === collection.id),
  );
  if (addedCollections.length > 0) {
    const values = addedCollections.map((collection) => {
      const row = newRows.collections?.find((candidate) => candidate.id === collection.id);
      if (!row) throw new Error("A new collection came without its row");
      return { ...row, status: collection.status, wanted: true };
    });
    await transaction.insert(collections).values(values);
  }
  for (const collection of money.collections) {
    const stored = rows.collections.find((row) => row.id === collection.id);
    if (stored && (stored.status !== collection.status || stored.wanted !== collection.wanted)) {
      await transaction
        .update(collections)
        .set({ status: collection.status, wanted: collection.wanted, updatedAt: now })
        .where(eq(collections.id, collection.id));
    }
  }

  const paymentIds = new Set(money.payments.map((payment) => payment.id));
  for (const refund of money.refunds) {
    const stored = rows.refunds.find((row) => (row.paymentId ?? row.collectionId) === refund.of);
    if (!stored) {
      await transaction.insert(refunds).values({
        planId: rows.plan.id,
        ...(paymentIds.has(refund.of) ? { paymentId: refund.of } : { collectionId: refund.of }),
        amountPence: refund.amount,
        status: refund.status,
        attempt: refund.attempt,
        ...(refund.status === "refunded" ? { refundedAt: now } : {}),
      });
    } else if (stored.status !== refund.status || stored.attempt !== refund.attempt) {
      await transaction
        .update(refunds)
        .set({
          status: refund.status,
          attempt: refund.attempt,
          transferReference: refund.transferReference,
          refundedAt: refund.status === "refunded" ? now : null,
          ...(refund.status === "failed" ? { failedAt: now } : {}),
        })
        .where(eq(refunds.id, stored.id));
    }
  }
  // Refund rows are never deleted: one the customer's bank made needless is withdrawn (issue 46 item 5).
}

/** The provider's ids of a plan's card payments, or of its collections (what the sandbox disputes or claims back). */
export async function providerPaymentIdsOf(
  db: Database,
  planId: string,
  kind: "card_payment" | "collection",
): Promise<string[]> {
  const table = kind === "card_payment" ? payments : collections;
  const rows = await db.select({ id: table.providerPaymentId }).from(table).where(eq(table.planId, planId));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/**
 * The provider's ids of a plan's card payments and collections whose refund the provider
 * confirmed: what the sandbox bounces on request (issue 46 item 3).
 */
export async function refundedProviderPaymentIds(db: Database, planId: string): Promise<string[]> {
  const rows = await db
    .select({ payment: payments.providerPaymentId, collection: collections.providerPaymentId })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(collections, eq(collections.id, refunds.collectionId))
    .where(and(eq(refunds.planId, planId), eq(refunds.status, "refunded")));
  return rows.flatMap((row) => {
    const id = row.payment ?? row.collection;
    return id ? [id] : [];
  });
}
