import { createHash, randomUUID } from "node:crypto";
import type {
  Address,
  CreateDirectDebitBody,
  CreateDirectDebitResponse,
  CreatePaymentBody,
  PaymentChoiceBody,
  PaymentResponse,
  PlanPaymentsResponse,
  Violation,
} from "@kindred/contracts";
import {
  accountNumberEnding,
  isPlanPaid,
  messages,
  moneyRefunded,
  nextPlanMoney,
  paymentChoiceProblems,
  paymentSchedule,
  planMoneyState,
  refundOwed,
  sumPence,
  type MoneyEvent,
  type PaymentChoice,
  type PaymentTerms,
} from "@kindred/domain";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isUniqueViolation, type Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import {
  arrearsStatements,
  collections,
  mandates,
  payments,
  plans as planTable,
  providerEvents,
} from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "../auth";
import type { PlanOptionsService } from "../catalogue";
import type { Mailer } from "../email";
import { noSuchPlan, selectOwnedPlan, type PlansService } from "../plans";
import type { PurchaseReadiness } from "../purchase";
import { checkBankDetails } from "../direct-debit";
import { paymentDescription } from "./money-jobs";
import { isCompletedPayment, paymentFactsOf } from "./paid-status";
import {
  applyMoneyEvent,
  planMoneyOf,
  selectPlanMoneyRows,
  type MandateRow,
  type NewMoneyRows,
  type PaymentRow,
  type RefundRow,
} from "./plan-money-store";
import type { CardPaymentProvider, DirectDebitProvider, IncomingWebhook, ProviderEvent } from "./provider";

/**
 * Taking the money for a plan, correctly and once (issue 10; docs/decisions/016-payments.md and
 * 023-plan-money.md). Every amount comes from the domain's `paymentSchedule` over the plan's own
 * price; every call that moves money is keyed by the customer's Idempotency-Key; every change a
 * provider reports arrives as a verified webhook, handled once; and every change to a plan's
 * money, whoever causes it, goes through the domain's one state machine (`applyMoneyEvent`).
 */
export interface PaymentsService {
  choose(holder: TokenHolder, planId: string, choice: PaymentChoiceBody): Promise<PlanPaymentsResponse>;
  planPayments(holder: TokenHolder, planId: string): Promise<PlanPaymentsResponse>;
  createPayment(
    holder: TokenHolder,
    idempotencyKey: string,
    body: CreatePaymentBody,
  ): Promise<{ payment: PaymentResponse; created: boolean }>;
  getPayment(holder: TokenHolder, paymentId: string): Promise<PaymentResponse>;
  createDirectDebit(
    holder: TokenHolder,
    idempotencyKey: string,
    body: CreateDirectDebitBody,
  ): Promise<{ answer: CreateDirectDebitResponse; created: boolean }>;
  cancel(holder: TokenHolder, planId: string): Promise<PlanPaymentsResponse>;
  /** A provider's webhook: verified by the provider, then each event applied once. */
  handleWebhook(provider: "card" | "directDebit", webhook: IncomingWebhook): Promise<void>;
}

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

const digest = (request: object) => createHash("sha256").update(JSON.stringify(request)).digest("hex");

/** After this many missed instalments the customer is sent a statement (FPCOB). */
export const missedPaymentsBeforeStatement = 2;
/** Days the statement gives to catch up. */
export const catchUpDays = 10;

/** A payment as the customer sees it: refunded once the provider confirms its refund. */
function toPayment(row: PaymentRow, refundRows: readonly RefundRow[] = []): PaymentResponse {
  const refunded = refundRows.some((refund) => refund.paymentId === row.id && refund.status === "refunded");
  const finished = row.status !== "pending" && row.status !== "requires_action";
  return {
    id: row.id,
    planId: row.planId,
    paymentOption: row.paymentOption,
    amount: row.amountPence,
    status: refunded ? "refunded" : row.status,
    completed: isCompletedPayment(row.status),
    provider: row.provider,
    // Nothing more can be done with a finished payment, nor with one we no longer want.
    clientSecret: finished || !row.wanted ? null : row.clientSecret,
    providerPaymentId: row.providerPaymentId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const planCancelled = () =>
  new ViolationError([{ propertyPath: "plan", title: messages.planCancelled }], 409);

/** Who an email to the customer goes to. */
const recipientOf = (customer: { firstName: string; lastName: string; email: string }) => ({
  name: `${customer.firstName} ${customer.lastName}`,
  address: customer.email,
});

/**
 * What an Idempotency-Key was first used for: the row made then, or undefined for a new key. The
 * same key on a different request is refused, so a key stands for one attempt only.
 */
function earlierUseOf<Row extends { requestDigest: string }>(
  existing: Row | undefined,
  requestDigest: string,
) {
  if (existing && existing.requestDigest !== requestDigest) {
    throw new ViolationError(
      [{ propertyPath: "Idempotency-Key", title: messages.idempotencyKeyReused }],
      422,
    );
  }
  return existing;
}

export function createPaymentsService({
  db,
  jobQueue,
  plans,
  planOptions,
  readiness,
  mailer,
  card,
  directDebit,
  now = () => new Date(),
  log,
}: {
  db: Database;
  jobQueue: JobQueue;
  plans: PlansService;
  planOptions: PlanOptionsService;
  readiness: PurchaseReadiness;
  mailer: Mailer;
  card: CardPaymentProvider;
  directDebit: DirectDebitProvider;
  now?: () => Date;
  log: FastifyBaseLogger;
}): PaymentsService {
  const paymentTerms = async (): Promise<PaymentTerms> => (await planOptions.getPlanOptions()).paymentTerms;

  async function ownedPlan(holder: TokenHolder, planId: string) {
    const plan = await selectOwnedPlan(db, planId, holder.userId);
    if (!plan) throw noSuchPlan();
    return plan;
  }

  /** Applies a change to the plan's money in a transaction of its own. */
  const apply = (planId: string, event: MoneyEvent, newRows?: NewMoneyRows) =>
    db.transaction((transaction) =>
      applyMoneyEvent(transaction, jobQueue, planId, event, { newRows, now: now() }),
    );

  /** The schedule of the plan as it is priced now; a choice the price no longer allows must be made again. */
  async function scheduleOf(planId: string, userId: string, choice: PaymentChoice) {
    const plan = await plans.getPlan(userId, planId);
    const terms = await paymentTerms();
    const problems = paymentChoiceProblems(plan.price.total, choice, terms);
    if (problems.deposit || problems.months) {
      throw new ViolationError([{ propertyPath: "paymentOption", title: messages.paymentChoiceNeeded }], 422);
    }
    return paymentSchedule(plan.price.total, choice, terms, isoDay(now()));
  }

  const mandateResponse = (mandate: MandateRow) => ({
    reference: mandate.reference,
    status: mandate.status,
    accountHolderName: mandate.accountHolderName,
    sortCode: mandate.sortCode,
    accountNumberEnding: mandate.accountNumberEnding,
    createdAt: mandate.createdAt.toISOString(),
  });

  async function state(holder: TokenHolder, planId: string): Promise<PlanPaymentsResponse> {
    await ownedPlan(holder, planId);
    const rows = await selectPlanMoneyRows(db, planId);
    if (!rows) throw noSuchPlan();
    const { plan } = rows;
    const statements = await db.select().from(arrearsStatements).where(eq(arrearsStatements.planId, planId));
    const money = planMoneyOf(rows);
    const mandate = rows.mandates.at(-1) ?? null;
    const liveCollections = rows.collections.filter((row) => mandate && row.mandateId === mandate.id);
    const refundedOf = new Set(
      rows.refunds.filter((refund) => refund.status === "refunded").map((refund) => refund.collectionId),
    );
    const collected = liveCollections.filter((row) => row.status === "collected");
    const missed = liveCollections.filter((row) => row.status === "failed");
    const statement = statements.at(-1);
    const schedule = plan.paymentChoice
      ? await scheduleOf(planId, holder.userId, plan.paymentChoice).catch(() => null)
      : null;
    const wantedPayments = rows.payments.filter((row) => row.wanted || plan.cancelledAt);
    const paid = isPlanPaid(
      paymentFactsOf(
        wantedPayments,
        rows.mandates.filter((row) => row.wanted),
      ),
    );
    const unpaidState = planMoneyState(money, false);
    const planState =
      unpaidState === "being_planned" && (await readiness.isReady(holder, planId))
        ? "ready_to_pay"
        : unpaidState;
    return {
      planId,
      state: planState,
      paid,
      choice: plan.paymentChoice,
      schedule,
      payments: rows.payments.map((row) => toPayment(row, rows.refunds)),
      directDebit: mandate && mandateResponse(mandate),
      collections: liveCollections.map((row) => ({
        number: row.number,
        date: row.dueDate,
        amount: row.amountPence,
        status: refundedOf.has(row.id) ? "refunded" : row.status,
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
      refunded: moneyRefunded(money),
      refundOwed: refundOwed(money),
    };
  }

  async function customerFor(holder: TokenHolder, planId: string) {
    const people = await plans.getPeople(holder.userId, planId);
    const customer = people.customer;
    if (!customer)
      throw new ViolationError([{ propertyPath: "customer", title: messages.customerDetailsMissing }], 422);
    return customer;
  }

  /** The customer of a plan, read before a transaction (inside one, PGlite's one connection is taken). */
  async function customerOfPlan(planId: string) {
    const [plan] = await db
      .select({ userId: planTable.userId })
      .from(planTable)
      .where(eq(planTable.id, planId));
    if (!plan) return null;
    return (await plans.getPeople(plan.userId, planId)).customer ?? null;
  }

  /** Missed instalments counted from the provider's events; at two, a statement with 10 days to catch up. */
  async function checkMissedPayments(
    planId: string,
    transaction: Database,
    customer: { firstName: string; lastName: string; email: string } | null,
  ) {
    const [plan] = await transaction.select().from(planTable).where(eq(planTable.id, planId));
    if (!plan || plan.cancelledAt) return;
    const missed = await transaction
      .select()
      .from(collections)
      .where(
        and(eq(collections.planId, planId), eq(collections.status, "failed"), eq(collections.wanted, true)),
      )
      .orderBy(asc(collections.number));
    const statements = await transaction
      .select()
      .from(arrearsStatements)
      .where(eq(arrearsStatements.planId, planId));
    const alreadyStated = Math.max(0, ...statements.map((statement) => statement.missedCount));
    if (missed.length < missedPaymentsBeforeStatement || missed.length <= alreadyStated) return;
    const today = isoDay(now());
    const catchUpBy = new Date(Date.parse(`${today}T00:00:00Z`) + catchUpDays * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await transaction.insert(arrearsStatements).values({
      planId,
      missedCount: missed.length,
      owedPence: sumPence(missed.map((row) => row.amountPence)),
      catchUpBy,
    });
    if (!customer) return;
    await mailer.queue(
      {
        kind: "arrears-statement",
        to: recipientOf(customer),
        firstName: customer.firstName,
        planReference: planId,
        missed: missed.map((row) => ({ date: row.dueDate, amount: row.amountPence })),
        catchUpBy,
      },
      transaction,
    );
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
    if (event.kind === "card_payment")
      return { cause: "provider", type: "card_payment", id, status: event.status };
    if (event.kind === "mandate") return { cause: "provider", type: "mandate", id, status: event.status };
    return { cause: "provider", type: "collection", id, status: event.status };
  }

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
      await apply(row.planId, { cause: "provider", type: "card_payment", id: row.id, status: "failed" });
      log.error({ paymentId: row.id, provider: card.name }, "the card provider could not open a payment");
      throw error;
    }
  }

  return {
    async choose(holder, planId, choice) {
      const plan = await plans.getPlan(holder.userId, planId);
      const problems = paymentChoiceProblems(plan.price.total, choice, await paymentTerms());
      const violations: Violation[] = Object.entries(problems).map(([propertyPath, title]) => ({
        propertyPath,
        title,
      }));
      // A closed plan is refused in its own words before the choice's details are looked at.
      const rows = await selectPlanMoneyRows(db, planId);
      const closed = rows && nextPlanMoney(planMoneyOf(rows), { cause: "customer", type: "choose", choice });
      if (closed && !closed.ok && closed.status === 409) {
        throw new ViolationError([{ propertyPath: "plan", title: closed.message }], 409);
      }
      if (violations.length > 0) throw new ViolationError(violations, 422);
      await apply(planId, { cause: "customer", type: "choose", choice });
      return state(holder, planId);
    },

    planPayments: state,

    async createPayment(holder, idempotencyKey, body) {
      const requestDigest = digest(body);
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

      const plan = await ownedPlan(holder, body.planId);
      await readiness.check(holder, body.planId);
      if (plan.cancelledAt) throw planCancelled();
      if (!plan.paymentChoice) {
        throw new ViolationError(
          [{ propertyPath: "paymentOption", title: messages.paymentChoiceNeeded }],
          422,
        );
      }
      if (plan.paymentChoice.option !== body.paymentOption) {
        throw new ViolationError(
          [{ propertyPath: "paymentOption", title: messages.paymentOptionDiffers }],
          422,
        );
      }
      const schedule = await scheduleOf(body.planId, holder.userId, plan.paymentChoice);

      // The payment already open for this very option and amount (another tab, a retried request
      // with a new key) is the answer, never a second charge; one for anything else is cancelled.
      const [open] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.planId, body.planId), eq(payments.wanted, true)))
        .orderBy(asc(payments.createdAt));
      const stillOpen =
        open && (open.status === "pending" || open.status === "requires_action") ? open : undefined;
      if (stillOpen?.paymentOption === body.paymentOption && stillOpen.amountPence === schedule.payNow) {
        return {
          payment: toPayment(stillOpen.providerPaymentId ? stillOpen : await openWithProvider(stillOpen)),
          created: false,
        };
      }

      const id = randomUUID();
      try {
        await apply(
          body.planId,
          {
            cause: "customer",
            type: "open_card_payment",
            payment: { id, option: body.paymentOption, amount: schedule.payNow },
          },
          {
            payment: {
              id,
              planId: body.planId,
              userId: holder.userId,
              paymentOption: body.paymentOption,
              amountPence: schedule.payNow,
              idempotencyKey,
              requestDigest,
              provider: card.name,
            },
          },
        );
      } catch (error) {
        // The same key, sent twice at once: the other request made the payment.
        if (isUniqueViolation(error)) {
          const again = await replay();
          if (again) return { payment: toPayment(again), created: false };
          throw new ViolationError([{ propertyPath: "plan", title: messages.planPaymentInProgress }], 409);
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
        throw new ViolationError([{ propertyPath: "payment", title: messages.notAPaymentReference }], 404);
      return toPayment(row);
    },

    async createDirectDebit(holder, idempotencyKey, body) {
      const { accountNumber, ...rest } = body;
      // The digest stands for the request without holding the account number itself.
      const requestDigest = digest({ ...rest, accountNumber: digest({ accountNumber }) });
      const answerFor = async (mandate: MandateRow): Promise<CreateDirectDebitResponse> => {
        const rows = await db
          .select()
          .from(collections)
          .where(eq(collections.mandateId, mandate.id))
          .orderBy(asc(collections.number));
        const first = rows[0];
        if (!first) throw new Error("A mandate was kept without its collections");
        return {
          directDebit: mandateResponse(mandate),
          firstCollection: { date: first.dueDate, amount: first.amountPence },
          instalments: rows.length,
        };
      };
      const replay = async () => {
        const [existing] = await db
          .select()
          .from(mandates)
          .where(and(eq(mandates.userId, holder.userId), eq(mandates.idempotencyKey, idempotencyKey)));
        return earlierUseOf(existing, requestDigest);
      };
      const earlier = await replay();
      if (earlier) return { answer: await answerFor(earlier), created: false };

      await ownedPlan(holder, body.planId);
      await readiness.check(holder, body.planId);
      const rows = await selectPlanMoneyRows(db, body.planId);
      if (!rows) throw noSuchPlan();
      const { plan } = rows;
      const mandateId = randomUUID();
      // Asked of the state machine before the provider is: a plan that may not have a Direct
      // Debit now (cancelled, paid in full, one in place already) makes no mandate at all.
      const planned = nextPlanMoney(planMoneyOf(rows), {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId,
        collections: [],
      });
      if (!planned.ok)
        throw new ViolationError([{ propertyPath: "plan", title: planned.message }], planned.status);
      const choice = plan.paymentChoice;
      if (choice?.option !== "deposit")
        throw new Error("The state machine let a Direct Debit through without a deposit");
      const checked = checkBankDetails(body);
      const customer = await customerFor(holder, body.planId);
      const schedule = await scheduleOf(body.planId, holder.userId, choice);
      const reference = `KND-${body.planId.slice(0, 8).toUpperCase()}`;
      // Stored through the people contract, so it is an address as that schema checked it.
      const address = customer.address as Address;
      const opened = await directDebit.createMandate({
        bankAccount: { accountHolderName: body.accountHolderName, sortCode: checked.sortCode, accountNumber },
        customer: {
          givenName: customer.firstName,
          familyName: customer.lastName,
          email: customer.email,
          address: {
            line1: address.line1,
            line2: address.line2 || undefined,
            locality: address.locality,
            postcode: address.postcode,
          },
        },
        reference,
        idempotencyKey: `mandate:${holder.userId}:${idempotencyKey}`,
      });
      const collectionRows = [];
      for (const instalment of schedule.instalments) {
        const { providerPaymentId } = await directDebit.createCollection({
          providerMandateId: opened.providerMandateId,
          amountPence: instalment.amount,
          chargeDate: instalment.date,
          description: `Kindred funeral plan, instalment ${instalment.number} of ${schedule.instalments.length}`,
          reference: `${reference}-${instalment.number}`,
          idempotencyKey: `collection:${opened.providerMandateId}:${instalment.number}`,
        });
        collectionRows.push({
          id: randomUUID(),
          planId: body.planId,
          mandateId,
          number: instalment.number,
          dueDate: instalment.date,
          amountPence: instalment.amount,
          providerPaymentId,
        });
      }
      try {
        await apply(
          body.planId,
          {
            cause: "customer",
            type: "set_up_direct_debit",
            mandateId,
            collections: collectionRows.map((row) => ({ id: row.id, amount: row.amountPence })),
          },
          {
            mandate: {
              id: mandateId,
              planId: body.planId,
              userId: holder.userId,
              provider: directDebit.name,
              providerMandateId: opened.providerMandateId,
              reference: opened.reference,
              accountHolderName: body.accountHolderName,
              sortCode: checked.sortCode,
              accountNumberEnding: accountNumberEnding(accountNumber),
              idempotencyKey,
              requestDigest,
            },
            collections: collectionRows,
          },
        );
      } catch (error) {
        const again = isUniqueViolation(error) ? await replay() : undefined;
        if (again) return { answer: await answerFor(again), created: false };
        // Refused after the provider made it (the plan was cancelled meanwhile, say): it is
        // cancelled there too, so nothing is ever collected under it.
        if (!(error instanceof ViolationError) && !isUniqueViolation(error)) throw error;
        await directDebit.cancelMandate(opened.providerMandateId);
        if (isUniqueViolation(error)) {
          throw new ViolationError([{ propertyPath: "plan", title: messages.directDebitAlreadySetUp }], 409);
        }
        throw error;
      }
      const [mandate] = await db.select().from(mandates).where(eq(mandates.id, mandateId));
      if (!mandate) throw new Error("A mandate just made was not found");
      return { answer: await answerFor(mandate), created: true };
    },

    async cancel(holder, planId) {
      await ownedPlan(holder, planId);
      // One transaction: the plan is cancelled, every refund it owes recorded and queued, every
      // open payment, collection to come and mandate queued for cancelling, and the email queued.
      await apply(planId, { cause: "customer", type: "cancel" });
      return state(holder, planId);
    },

    async handleWebhook(provider, webhook) {
      const source = provider === "card" ? card : directDebit;
      const events = await source.parseWebhook(webhook);
      for (const event of events) {
        // Read before the transaction: inside it, PGlite's one connection is taken.
        const missedPaymentCustomer =
          event.kind === "collection" && event.status === "failed"
            ? await db
                .select({ planId: collections.planId })
                .from(collections)
                .where(eq(collections.providerPaymentId, event.providerPaymentId))
                .then(([row]) => (row ? customerOfPlan(row.planId) : null))
            : null;
        await db.transaction(async (transaction) => {
          const first = await transaction
            .insert(providerEvents)
            .values({ provider: source.name, eventId: event.eventId, type: `${event.kind}.${event.status}` })
            .onConflictDoNothing()
            .returning();
          // Delivered before: handled then, so nothing changes now.
          if (first.length === 0) return;
          const subject = await subjectOf(source.name, event, transaction);
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
          await applyMoneyEvent(transaction, jobQueue, subject.planId, moneyEventOf(event, subject.id), {
            now: now(),
          });
          if (event.kind === "collection" && event.status === "failed") {
            await checkMissedPayments(subject.planId, transaction, missedPaymentCustomer);
          }
        });
      }
    },
  };
}
