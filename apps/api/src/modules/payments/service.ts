import { createHash } from "node:crypto";
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
  paymentChoiceProblems,
  paymentSchedule,
  sumPence,
  type PaymentChoice,
  type PaymentTerms,
} from "@kindred/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import {
  arrearsStatements,
  collections,
  mandates,
  payments,
  plans as planTable,
  providerEvents,
  type PaymentStatus,
} from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import type { TokenHolder } from "../auth";
import type { PlanOptionsService } from "../catalogue";
import type { DocumentsService } from "../documents";
import type { Mailer } from "../email";
import { noSuchPlan, selectOwnedPlan, type PlansService } from "../plans";
import type { PurchaseReadiness } from "../purchase";
import { checkBankDetails } from "../direct-debit";
import { selectPaymentFacts } from "./paid-status";
import type { CardPaymentProvider, DirectDebitProvider, IncomingWebhook, ProviderEvent } from "./provider";

/**
 * Taking the money for a plan, correctly and once (issue 10; docs/decisions/016-payments.md).
 * Every amount comes from the domain's `paymentSchedule` over the plan's own price; every call
 * that moves money is keyed by the customer's Idempotency-Key; every change a provider reports
 * arrives as a verified webhook, handled once.
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

type PaymentRow = typeof payments.$inferSelect;

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

/** Where each status may go next: a late or repeated event never undoes a later one. */
const nextPaymentStatuses: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ["requires_action", "confirmed", "failed"],
  requires_action: ["confirmed", "failed"],
  confirmed: ["refunded"],
  failed: [],
  refunded: [],
};
const nextCollectionStatuses: Record<string, readonly string[]> = {
  scheduled: ["submitted", "collected", "failed", "cancelled"],
  submitted: ["collected", "failed", "cancelled"],
  collected: ["refunded", "failed"],
  failed: [],
  cancelled: [],
  refunded: [],
};
const nextMandateStatuses: Record<string, readonly string[]> = {
  pending_submission: ["active", "failed", "cancelled"],
  active: ["failed", "cancelled"],
  failed: [],
  cancelled: [],
};

/** After this many missed instalments the customer is sent a statement (FPCOB). */
export const missedPaymentsBeforeStatement = 2;
/** Days the statement gives to catch up. */
export const catchUpDays = 10;

function toPayment(row: PaymentRow): PaymentResponse {
  const finished = row.status === "confirmed" || row.status === "failed" || row.status === "refunded";
  return {
    id: row.id,
    planId: row.planId,
    paymentOption: row.paymentOption,
    amount: row.amountPence,
    status: row.status,
    completed: row.status === "confirmed" || row.status === "refunded",
    provider: row.provider,
    clientSecret: finished ? null : row.clientSecret,
    providerPaymentId: row.providerPaymentId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function createPaymentsService({
  db,
  plans,
  planOptions,
  documents,
  readiness,
  mailer,
  card,
  directDebit,
  now = () => new Date(),
  log,
}: {
  db: Database;
  plans: PlansService;
  planOptions: PlanOptionsService;
  documents: DocumentsService;
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

  async function state(holder: TokenHolder, planId: string): Promise<PlanPaymentsResponse> {
    const plan = await ownedPlan(holder, planId);
    const [paymentRows, mandateRows, collectionRows, statements, facts] = await Promise.all([
      db.select().from(payments).where(eq(payments.planId, planId)).orderBy(asc(payments.createdAt)),
      db.select().from(mandates).where(eq(mandates.planId, planId)).orderBy(asc(mandates.createdAt)),
      db.select().from(collections).where(eq(collections.planId, planId)).orderBy(asc(collections.number)),
      db.select().from(arrearsStatements).where(eq(arrearsStatements.planId, planId)),
      selectPaymentFacts(db, planId),
    ]);
    const mandate = mandateRows.at(-1) ?? null;
    const liveCollections = collectionRows.filter((row) => mandate && row.mandateId === mandate.id);
    const collected = liveCollections.filter(
      (row) => row.status === "collected" || row.status === "refunded",
    );
    const missed = liveCollections.filter((row) => row.status === "failed");
    const statement = statements.at(-1);
    const schedule = plan.paymentChoice
      ? await scheduleOf(planId, holder.userId, plan.paymentChoice).catch(() => null)
      : null;
    const paid = isPlanPaid(facts);
    const everythingPaid = sumPence([
      ...paymentRows
        .filter((row) => row.status === "confirmed" || row.status === "refunded")
        .map((row) => row.amountPence),
      ...collected.map((row) => row.amountPence),
    ]);
    const instalmentsLeft = liveCollections.some(
      (row) => row.status === "scheduled" || row.status === "submitted",
    );
    let planState: PlanPaymentsResponse["state"];
    if (plan.cancelledAt) planState = "cancelled";
    else if (paid) planState = instalmentsLeft || missed.length > 0 ? "paying_by_instalments" : "paid";
    else planState = (await readiness.isReady(holder, planId)) ? "ready_to_pay" : "being_planned";
    return {
      planId,
      state: planState,
      paid,
      choice: plan.paymentChoice,
      schedule,
      payments: paymentRows.map(toPayment),
      directDebit: mandate && {
        reference: mandate.reference,
        status: mandate.status,
        accountHolderName: mandate.accountHolderName,
        sortCode: mandate.sortCode,
        accountNumberEnding: mandate.accountNumberEnding,
        createdAt: mandate.createdAt.toISOString(),
      },
      collections: liveCollections.map((row) => ({
        number: row.number,
        date: row.dueDate,
        amount: row.amountPence,
        status: row.status,
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
      refunded: plan.cancelledAt ? everythingPaid : 0,
    };
  }

  /** Refuses a plan that is cancelled or already paid: nothing more may be charged for it. */
  async function refuseSettledPlan(planId: string): Promise<void> {
    const [plan] = await db
      .select({ cancelledAt: planTable.cancelledAt })
      .from(planTable)
      .where(eq(planTable.id, planId));
    if (plan?.cancelledAt)
      throw new ViolationError([{ propertyPath: "plan", title: messages.planCancelled }], 409);
    if (isPlanPaid(await selectPaymentFacts(db, planId))) {
      throw new ViolationError([{ propertyPath: "plan", title: messages.planAlreadyPaid }], 409);
    }
  }

  async function customerFor(holder: TokenHolder, planId: string) {
    const people = await plans.getPeople(holder.userId, planId);
    const customer = people.customer;
    if (!customer)
      throw new ViolationError([{ propertyPath: "customer", title: messages.customerDetailsMissing }], 422);
    return customer;
  }

  /**
   * What an email about a plan needs, read before the transaction that queues it: on PGlite a
   * transaction holds the one connection, so nothing inside it may read through `db`.
   */
  async function customerOfPlan(planId: string) {
    const [plan] = await db
      .select({ userId: planTable.userId })
      .from(planTable)
      .where(eq(planTable.id, planId));
    if (!plan) return null;
    const customer = (await plans.getPeople(plan.userId, planId)).customer;
    return customer ? { userId: plan.userId, customer } : null;
  }

  async function planPaidEmailContent(planId: string) {
    const owner = await customerOfPlan(planId);
    if (!owner) return null;
    const attachments = await Promise.all(
      (["plan-summary", "plan-details"] as const).map(async (reference) => {
        const document = await documents.planLegalDocumentPdf(owner.userId, planId, reference, undefined);
        return {
          filename: document.fileName,
          contentType: "application/pdf",
          contentBase64: document.pdf.toString("base64"),
        };
      }),
    );
    return { customer: owner.customer, attachments };
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
      .where(and(eq(collections.planId, planId), eq(collections.status, "failed")))
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
        to: {
          name: `${customer.firstName} ${customer.lastName}`,
          address: customer.email,
        },
        firstName: customer.firstName,
        planReference: planId,
        missed: missed.map((row) => ({ date: row.dueDate, amount: row.amountPence })),
        catchUpBy,
      },
      transaction,
    );
  }

  /** What applying an event may need to say by email, read before its transaction. */
  async function prepare(providerName: string, event: ProviderEvent) {
    if (event.kind === "card_payment" && event.status === "confirmed") {
      const [row] = await db
        .select({ planId: payments.planId })
        .from(payments)
        .where(
          and(eq(payments.provider, providerName), eq(payments.providerPaymentId, event.providerPaymentId)),
        );
      return { paidEmail: row ? await planPaidEmailContent(row.planId) : null, customer: null };
    }
    if (event.kind === "collection" && event.status === "failed") {
      const [row] = await db
        .select({ planId: collections.planId })
        .from(collections)
        .where(eq(collections.providerPaymentId, event.providerPaymentId));
      return {
        paidEmail: null,
        customer: row ? ((await customerOfPlan(row.planId))?.customer ?? null) : null,
      };
    }
    return { paidEmail: null, customer: null };
  }

  async function applyEvent(
    providerName: string,
    event: ProviderEvent,
    transaction: Database,
    prepared: Awaited<ReturnType<typeof prepare>>,
  ): Promise<void> {
    if (event.kind === "card_payment") {
      const [row] = await transaction
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, providerName), eq(payments.providerPaymentId, event.providerPaymentId)),
        );
      if (!row) throw new NotKnownYet(event);
      if (!nextPaymentStatuses[row.status].includes(event.status)) return;
      const [updated] = await transaction
        .update(payments)
        .set({
          status: event.status,
          updatedAt: now(),
          ...(event.status === "confirmed" ? { completedAt: now() } : {}),
          ...(event.status === "refunded" ? { refundedAt: now() } : {}),
          ...(event.status === "failed" ? { failureReason: event.reason ?? "failed" } : {}),
        })
        .where(eq(payments.id, row.id))
        .returning();
      const paidEmail = prepared.paidEmail;
      if (updated && event.status === "confirmed" && paidEmail) {
        const { customer } = paidEmail;
        await mailer.queue(
          {
            kind: "plan-paid",
            to: { name: `${customer.firstName} ${customer.lastName}`, address: customer.email },
            firstName: customer.firstName,
            planReference: row.planId,
            paymentOption: updated.paymentOption,
            amount: updated.amountPence,
            attachments: paidEmail.attachments,
          },
          transaction,
        );
      }
      return;
    }
    if (event.kind === "mandate") {
      const [row] = await transaction
        .select()
        .from(mandates)
        .where(
          and(eq(mandates.provider, providerName), eq(mandates.providerMandateId, event.providerMandateId)),
        );
      if (!row) throw new NotKnownYet(event);
      if (!nextMandateStatuses[row.status]?.includes(event.status)) return;
      await transaction
        .update(mandates)
        .set({ status: event.status, updatedAt: now() })
        .where(eq(mandates.id, row.id));
      return;
    }
    const [row] = await transaction
      .select()
      .from(collections)
      .where(eq(collections.providerPaymentId, event.providerPaymentId));
    if (!row) throw new NotKnownYet(event);
    if (!nextCollectionStatuses[row.status]?.includes(event.status)) return;
    await transaction
      .update(collections)
      .set({
        status: event.status,
        updatedAt: now(),
        ...(event.status === "failed" ? { failureReason: event.reason ?? "failed" } : {}),
      })
      .where(eq(collections.id, row.id));
    if (event.status === "failed") await checkMissedPayments(row.planId, transaction, prepared.customer);
  }

  return {
    async choose(holder, planId, choice) {
      await ownedPlan(holder, planId);
      await refuseSettledPlan(planId);
      const plan = await plans.getPlan(holder.userId, planId);
      const problems = paymentChoiceProblems(plan.price.total, choice, await paymentTerms());
      const violations: Violation[] = Object.entries(problems).map(([propertyPath, title]) => ({
        propertyPath,
        title,
      }));
      if (violations.length > 0) throw new ViolationError(violations, 422);
      await db.update(planTable).set({ paymentChoice: choice }).where(eq(planTable.id, planId));
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
        if (!existing) return undefined;
        if (existing.requestDigest !== requestDigest) {
          throw new ViolationError(
            [{ propertyPath: "Idempotency-Key", title: messages.idempotencyKeyReused }],
            422,
          );
        }
        return existing;
      };
      const earlier = await replay();
      if (earlier) return { payment: toPayment(earlier), created: false };

      const plan = await ownedPlan(holder, body.planId);
      await readiness.check(holder, body.planId);
      // Not `refuseSettledPlan`: a plan paid by instalments counts as paid once its Direct Debit
      // exists (SPEC.md section 4), and its deposit may still be taken. A confirmed card payment
      // is refused below, by the one-live-payment index.
      if (plan.cancelledAt)
        throw new ViolationError([{ propertyPath: "plan", title: messages.planCancelled }], 409);
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

      // One live payment per plan (a partial unique index): a second attempt with another key,
      // from another tab say, finds the first one instead of charging again.
      const inserted = await db
        .insert(payments)
        .values({
          planId: body.planId,
          userId: holder.userId,
          paymentOption: body.paymentOption,
          amountPence: schedule.payNow,
          idempotencyKey,
          requestDigest,
          provider: card.name,
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) {
        const again = await replay();
        if (again) return { payment: toPayment(again), created: false };
        const [live] = await db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.planId, body.planId),
              inArray(payments.status, ["pending", "requires_action", "confirmed"]),
            ),
          );
        if (live?.status === "confirmed") {
          throw new ViolationError([{ propertyPath: "plan", title: messages.planAlreadyPaid }], 409);
        }
        if (live) return { payment: toPayment(live), created: false };
        throw new ViolationError([{ propertyPath: "plan", title: messages.planPaymentInProgress }], 409);
      }
      try {
        const opened = await card.createPayment({
          amountPence: row.amountPence,
          description: `Kindred funeral plan ${row.planId} (${row.paymentOption === "full" ? "paid in full" : "deposit"})`,
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
        return { payment: toPayment(ready ?? row), created: true };
      } catch (error) {
        // Nothing was charged: the payment is closed, so another attempt can start afresh.
        await db
          .update(payments)
          .set({ status: "failed", failureReason: "provider_unavailable", updatedAt: now() })
          .where(eq(payments.id, row.id));
        log.error({ paymentId: row.id, provider: card.name }, "the card provider could not open a payment");
        throw error;
      }
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
      const answerFor = async (mandate: typeof mandates.$inferSelect): Promise<CreateDirectDebitResponse> => {
        const rows = await db
          .select()
          .from(collections)
          .where(eq(collections.mandateId, mandate.id))
          .orderBy(asc(collections.number));
        const first = rows[0];
        if (!first) throw new Error("A mandate was kept without its collections");
        return {
          directDebit: {
            reference: mandate.reference,
            status: mandate.status,
            accountHolderName: mandate.accountHolderName,
            sortCode: mandate.sortCode,
            accountNumberEnding: mandate.accountNumberEnding,
            createdAt: mandate.createdAt.toISOString(),
          },
          firstCollection: { date: first.dueDate, amount: first.amountPence },
          instalments: rows.length,
        };
      };
      const replay = async () => {
        const [existing] = await db
          .select()
          .from(mandates)
          .where(and(eq(mandates.userId, holder.userId), eq(mandates.idempotencyKey, idempotencyKey)));
        if (!existing) return undefined;
        if (existing.requestDigest !== requestDigest) {
          throw new ViolationError(
            [{ propertyPath: "Idempotency-Key", title: messages.idempotencyKeyReused }],
            422,
          );
        }
        return existing;
      };
      const earlier = await replay();
      if (earlier) return { answer: await answerFor(earlier), created: false };

      const plan = await ownedPlan(holder, body.planId);
      await readiness.check(holder, body.planId);
      if (plan.cancelledAt)
        throw new ViolationError([{ propertyPath: "plan", title: messages.planCancelled }], 409);
      if (plan.paymentChoice?.option !== "deposit") {
        throw new ViolationError([{ propertyPath: "plan", title: messages.directDebitNotNeeded }], 422);
      }
      const checked = checkBankDetails(body);
      const customer = await customerFor(holder, body.planId);
      const schedule = await scheduleOf(body.planId, holder.userId, plan.paymentChoice);
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
      const collectionIds: string[] = [];
      for (const instalment of schedule.instalments) {
        const { providerPaymentId } = await directDebit.createCollection({
          providerMandateId: opened.providerMandateId,
          amountPence: instalment.amount,
          chargeDate: instalment.date,
          description: `Kindred funeral plan, instalment ${instalment.number} of ${schedule.instalments.length}`,
          reference: `${reference}-${instalment.number}`,
          idempotencyKey: `collection:${opened.providerMandateId}:${instalment.number}`,
        });
        collectionIds.push(providerPaymentId);
      }
      const created = await db.transaction(async (transaction) => {
        const [mandate] = await transaction
          .insert(mandates)
          .values({
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
          })
          .onConflictDoNothing()
          .returning();
        if (!mandate) return undefined;
        await transaction.insert(collections).values(
          schedule.instalments.map((instalment, index) => ({
            planId: body.planId,
            mandateId: mandate.id,
            number: instalment.number,
            dueDate: instalment.date,
            amountPence: instalment.amount,
            providerPaymentId: collectionIds[index],
          })),
        );
        await mailer.queue(
          {
            kind: "direct-debit-notice",
            to: { name: `${customer.firstName} ${customer.lastName}`, address: customer.email },
            firstName: customer.firstName,
            notice: {
              planReference: body.planId,
              mandateReference: mandate.reference,
              accountHolderName: mandate.accountHolderName,
              sortCode: mandate.sortCode,
              accountNumberEnding: mandate.accountNumberEnding,
              instalments: schedule.instalments.map(({ date, amount }) => ({ date, amount })),
            },
          },
          transaction,
        );
        return mandate;
      });
      if (!created) {
        const again = await replay();
        if (again) return { answer: await answerFor(again), created: false };
        throw new ViolationError([{ propertyPath: "plan", title: messages.directDebitAlreadySetUp }], 409);
      }
      return { answer: await answerFor(created), created: true };
    },

    async cancel(holder, planId) {
      const plan = await ownedPlan(holder, planId);
      if (plan.cancelledAt) return state(holder, planId);
      const cancelledAt = now();
      const marked = await db
        .update(planTable)
        .set({ cancelledAt })
        .where(and(eq(planTable.id, planId), eq(planTable.userId, holder.userId)))
        .returning();
      if (marked.length === 0) throw noSuchPlan();
      // The plan is cancelled first, so nothing new is charged; then every payment is given back
      // and every collection still to come is stopped. Each provider call is keyed, so a
      // cancellation asked again repeats none of them.
      const [paidRows, mandateRows, collectionRows] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(and(eq(payments.planId, planId), eq(payments.status, "confirmed"))),
        db.select().from(mandates).where(eq(mandates.planId, planId)),
        db.select().from(collections).where(eq(collections.planId, planId)),
      ]);
      for (const row of paidRows) {
        if (!row.providerPaymentId) continue;
        await card.refundPayment({
          providerPaymentId: row.providerPaymentId,
          amountPence: row.amountPence,
          idempotencyKey: `refund:${row.id}`,
        });
      }
      for (const row of collectionRows) {
        if (!row.providerPaymentId) continue;
        if (row.status === "scheduled" || row.status === "submitted") {
          await directDebit.cancelCollection(row.providerPaymentId);
        } else if (row.status === "collected") {
          await directDebit.refundCollection({
            providerPaymentId: row.providerPaymentId,
            amountPence: row.amountPence,
            idempotencyKey: `refund:${row.id}`,
          });
        }
      }
      for (const row of mandateRows) {
        if (row.status === "pending_submission" || row.status === "active") {
          await directDebit.cancelMandate(row.providerMandateId);
        }
      }
      const answer = await state(holder, planId);
      const customer = (await plans.getPeople(holder.userId, planId)).customer;
      if (customer) {
        await db.transaction((transaction) =>
          mailer.queue(
            {
              kind: "plan-cancelled",
              to: { name: `${customer.firstName} ${customer.lastName}`, address: customer.email },
              firstName: customer.firstName,
              planReference: planId,
              refund: answer.refunded,
            },
            transaction,
          ),
        );
      }
      return answer;
    },

    async handleWebhook(provider, webhook) {
      const source = provider === "card" ? card : directDebit;
      const events = await source.parseWebhook(webhook);
      for (const event of events) {
        const prepared = await prepare(source.name, event);
        await db.transaction(async (transaction) => {
          const first = await transaction
            .insert(providerEvents)
            .values({ provider: source.name, eventId: event.eventId, type: `${event.kind}.${event.status}` })
            .onConflictDoNothing()
            .returning();
          // Delivered before: handled then, so nothing changes now.
          if (first.length === 0) return;
          await applyEvent(source.name, event, transaction, prepared);
        });
      }
    },
  };
}
