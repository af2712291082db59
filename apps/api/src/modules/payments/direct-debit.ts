import { randomUUID } from "node:crypto";
import type { Address, CreateDirectDebitBody, CreateDirectDebitResponse } from "@kindred/contracts";
import { accountNumberEnding, messages, nextPlanMoney, purchaseMessages } from "@kindred/domain";
import { and, asc, desc, eq } from "drizzle-orm";
import { isUniqueViolation, type Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import { collections, mandates } from "../../db/schema";
import { ViolationError } from "../../plugins/error-handler";
import { agreedPriceDiffers, agreedPriceOf, noSuchPlan } from "../plans";
import type { TokenHolder } from "../auth";
import type { PurchaseReadiness } from "../purchase";
import { checkBankDetails } from "./bank-details";
import {
  abandonRefusedMandate,
  closeDirectDebitRequest,
  openDirectDebitRequest,
} from "./direct-debit-requests";
import { earlierUseOf, requestDigestOf } from "./idempotency";
import {
  agreeingPrice,
  planMoneyOf,
  priceOpen,
  refuseUnseenPrice,
  selectPlanMoneyRows,
  type ChangePlanMoney,
  type MandateRow,
} from "./plan-money-store";
import type { PlanSchedules } from "./plan-schedule";
import { mandateResponse } from "./payment-state";
import type { DirectDebitProvider } from "./provider";

/**
 * Setting up the Direct Debit for a plan paid by instalments (`POST /api/direct-debit-v2/create`):
 * the bank details checked once and the mandate made with the provider (the account number is
 * never stored, so this cannot wait for a job), then the mandate and each collection of the plan's
 * schedule stored through the one state machine, which queues the making of each collection with
 * the provider (`money-jobs.ts`). The request is written down first (`direct-debit-requests.ts`),
 * so a crash between the mandate and the commit leaves a mandate that collects nothing and that
 * reconciliation finds and cancels; the same Idempotency-Key answers the same mandate. Only the
 * account number's last four digits are kept.
 */
export interface DirectDebits {
  createDirectDebit(
    holder: TokenHolder,
    idempotencyKey: string,
    body: CreateDirectDebitBody,
  ): Promise<{ answer: CreateDirectDebitResponse; created: boolean }>;
}

/**
 * What the customer's bank statement shows for a plan's Direct Debit: the plan's own reference
 * (`KND-7Q4M-2HX9`, decision 045), so the customer quotes one reference for both. A mandate's
 * reference must be unique at the bank, so a plan's later Direct Debits (after one ended) add
 * their number: `KND-7Q4M-2HX9/2`. Bacs takes up to 18 letters, digits, spaces and `-./&`; these
 * are at most 16.
 */
function directDebitReference(planReference: string, earlierMandates: number): string {
  return earlierMandates === 0 ? planReference : `${planReference}/${earlierMandates + 1}`;
}

/**
 * The reference of the plan's newest Direct Debit, which the bank knows it by; the plan's own
 * reference while it has none (which no mandate then holds).
 */
export async function newestMandateReference(db: Database, plan: { id: string; reference: string }) {
  const [newest] = await db
    .select({ reference: mandates.reference })
    .from(mandates)
    .where(eq(mandates.planId, plan.id))
    .orderBy(desc(mandates.createdAt))
    .limit(1);
  return newest?.reference ?? plan.reference;
}

export function createDirectDebits({
  db,
  jobQueue,
  changePlanMoney,
  readiness,
  schedules,
  directDebit,
}: {
  db: Database;
  /** Where a cleared price queues the cancelling of a payment opened at it. */
  jobQueue: JobQueue;
  changePlanMoney: ChangePlanMoney;
  readiness: PurchaseReadiness;
  schedules: PlanSchedules;
  directDebit: DirectDebitProvider;
}): DirectDebits {
  /** The mandate as answered to the customer, with the advance notice of its first collection. */
  async function answerFor(mandate: MandateRow): Promise<CreateDirectDebitResponse> {
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
  }

  return {
    async createDirectDebit(holder, idempotencyKey, body) {
      const { accountNumber, ...rest } = body;
      // The digest stands for the request without holding the account number itself.
      const requestDigest = requestDigestOf({ ...rest, accountNumber: requestDigestOf({ accountNumber }) });
      const replay = async () => {
        const [existing] = await db
          .select()
          .from(mandates)
          .where(and(eq(mandates.userId, holder.userId), eq(mandates.idempotencyKey, idempotencyKey)));
        return earlierUseOf(existing, requestDigest);
      };
      const earlier = await replay();
      if (earlier) return { answer: await answerFor(earlier), created: false };

      // Whose it is (404 to anyone else, first), whether it is ready, its price now and its
      // people, from one reading.
      const { stored, pricedNow, people } = await readiness.readyPlan(holder, body.planId);
      if (agreedPriceDiffers(stored, pricedNow))
        await refuseUnseenPrice(db, jobQueue, body.planId, pricedNow);
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
      const customer = people.customer;
      if (!customer)
        throw new ViolationError([{ propertyPath: "customer", title: messages.customerDetailsMissing }], 422);
      // At this moment's price, which this request agrees (decision 008); or, once a deposit was
      // taken, at the price agreed for it, which no catalogue change moves.
      const asked = priceOpen(planMoneyOf(rows)) ? pricedNow : (agreedPriceOf(stored) ?? pricedNow);
      // What is left of the schedule, from what the plan holds (issue 46 item 1): the schedule's
      // own instalments for a plan that holds nothing, what is left over the months left of its
      // term for one whose earlier Direct Debit ended.
      const { instalments } = await schedules.paymentsLeftOf(asked.price.total, choice, planMoneyOf(rows));
      const reference = directDebitReference(plan.reference, rows.mandates.length);
      // Stored through the people contract, so it is an address as that schema checked it.
      const address = customer.address as Address;
      // Written down before the provider is asked, so a request cut short after it answered is
      // found again (direct-debit-requests.ts).
      const requestId = await openDirectDebitRequest(db, {
        planId: body.planId,
        userId: holder.userId,
        idempotencyKey,
      });
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
        requestId,
      });
      // Stored with the mandate, and made with the provider afterwards by queued follow-ups (the
      // domain's `create_collection`): a crash here leaves nothing the provider could collect.
      const collectionRows = instalments.map((instalment) => ({
        id: randomUUID(),
        planId: body.planId,
        mandateId,
        number: instalment.number,
        dueDate: instalment.date,
        amountPence: instalment.amount,
      }));
      try {
        await changePlanMoney(
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
          agreeingPrice(stored, asked),
        );
      } catch (error) {
        const again = isUniqueViolation(error) ? await replay() : undefined;
        if (again) {
          // The same key sent twice at once: the other request stored its mandate. One made here
          // under another request id (the other had finished asking) is not wanted.
          if (again.providerMandateId !== opened.providerMandateId) {
            await abandonRefusedMandate(db, directDebit, requestId, opened.providerMandateId);
          } else {
            await closeDirectDebitRequest(db, requestId);
          }
          return { answer: await answerFor(again), created: false };
        }
        // Refused after the provider made it (the plan was cancelled or changed meanwhile, say):
        // it is cancelled there too, so nothing is ever collected under it.
        if (!(error instanceof ViolationError) && !isUniqueViolation(error)) throw error;
        await abandonRefusedMandate(db, directDebit, requestId, opened.providerMandateId);
        if (isUniqueViolation(error)) {
          throw new ViolationError(
            [{ propertyPath: "plan", title: purchaseMessages.directDebitAlreadySetUp }],
            409,
          );
        }
        throw error;
      }
      await closeDirectDebitRequest(db, requestId);
      const [mandate] = await db.select().from(mandates).where(eq(mandates.id, mandateId));
      if (!mandate) throw new Error("A mandate just made was not found");
      return { answer: await answerFor(mandate), created: true };
    },
  };
}
