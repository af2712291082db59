import { ukToday } from "@kindred/domain";
import { and, asc, eq, gt, inArray, isNotNull, lt, lte, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import { collections, mandates, payments, refunds } from "../../db/schema";
import { cutShortDirectDebitRequests, giveUpDirectDebitRequest } from "./direct-debit-requests";
import type {
  CardPaymentProvider,
  CardPaymentRecord,
  CollectionRecord,
  DirectDebitProvider,
  ProviderEvent,
} from "./provider";

/**
 * Reconciliation (docs/decisions/023-plan-money.md): what we hold is checked against what the
 * provider holds, for anything its events should have settled by now. A webhook can be lost (our
 * process killed between the provider's answer and our commit, a provider that gives up sending)
 * and a refund's confirmation with it; the provider's record is the truth, so it is read and
 * applied through the same path as a webhook's event, and through the one state machine.
 *
 * Each finding becomes an event with an id of its own (`reconciled:` the object and its status),
 * so a finding applied once is never applied twice, however many processes reconcile at once, and
 * a webhook saying the same thing later changes nothing.
 */

/** Anything left this long in a state its provider has yet to settle is asked about. */
const reconcileAfterSeconds = 60;

/** How many of each kind one pass asks about, so a backlog is worked through a pass at a time. */
const perPass = 50;

/**
 * How long after a card payment or collection failed the provider may still take it (issue 46
 * item 2): GoCardless retries a failed payment within weeks, and a declined card payment stays
 * open at Stripe until it is cancelled. Such money is looked for by `reconcileLateMoney`.
 */
const lateMoneyDays = 35;

/** How often this process looks for money taken after it failed. */
const lateMoneyEverySeconds = 3_600;

interface ReconciliationPass {
  /**
   * How many payments, collections, mandates and Direct Debit requests cut short the providers
   * were asked about.
   */
  asked: number;
  /** How many findings changed something here. */
  applied: number;
  /** How many could not be asked about (the provider did not answer); asked again next pass. */
  unanswered: number;
}

export interface Reconciliation {
  /**
   * One pass over everything unsettled for longer than `olderThanSeconds` (by default
   * `reconcileAfterSeconds`; tests ask about everything at once).
   */
  reconcile(options?: { olderThanSeconds?: number }): Promise<ReconciliationPass>;
  /**
   * One pass over every card payment and collection that failed in the last `lateMoneyDays` (and
   * more than `olderThanSeconds` ago), asking the provider whether it was taken since, so money
   * that arrives after a failure is applied or given back even if its webhook was lost.
   */
  reconcileLateMoney(options?: { olderThanSeconds?: number }): Promise<ReconciliationPass>;
}

/**
 * What a card payment's or collection's record at the provider says that our row does not: a
 * status it has moved on to (not the one it starts in, which says nothing), and a refund made in
 * full. Each as the event the provider would have sent, with an id of its own.
 */
function findingsOf(
  kind: "card_payment" | "collection",
  providerPaymentId: string,
  stored: { status: string; refund: { amountPence: number; attempt: number } | null },
  record: CardPaymentRecord | CollectionRecord,
): ProviderEvent[] {
  // Every status of a record but the one it starts in is also a status of its kind's events
  // (provider.ts), so the cast names no event a provider could not send.
  const event = (status: string) =>
    ({
      eventId: `reconciled:${kind}:${providerPaymentId}:${status}`,
      kind,
      providerPaymentId,
      status,
    }) as ProviderEvent;
  const findings: ProviderEvent[] = [];
  const starting = kind === "card_payment" ? "pending" : "scheduled";
  // A collection charged back is one the provider holds as failed.
  const storedStatus = stored.status === "charged_back" ? "failed" : stored.status;
  if (record.status !== storedStatus && record.status !== starting) findings.push(event(record.status));
  if (stored.refund && record.refundedPence >= stored.refund.amountPence) {
    // A refund sent again after it failed is news of its own, apart from the first attempt's.
    const { attempt } = stored.refund;
    findings.push({
      ...event("refunded"),
      ...(attempt > 1 ? { eventId: `${event("refunded").eventId}:${attempt}` } : {}),
    });
  }
  return findings;
}

export function createReconciliation({
  db,
  card,
  directDebit,
  applyProviderEvent,
  now = () => new Date(),
  log,
}: {
  db: Database;
  card: CardPaymentProvider;
  directDebit: DirectDebitProvider;
  /** The webhook's own path: verified news from a provider, applied once. */
  applyProviderEvent(providerName: string, event: ProviderEvent): Promise<boolean>;
  now?: () => Date;
  log: FastifyBaseLogger;
}): Reconciliation {
  /** Card payments the customer may have finished, and card payments whose refund is unconfirmed. */
  async function unsettledCardPayments(before: Date) {
    const owed = db
      .select({ paymentId: refunds.paymentId })
      .from(refunds)
      .where(and(eq(refunds.status, "owed"), isNotNull(refunds.paymentId), lt(refunds.createdAt, before)));
    return db
      .select({
        id: payments.id,
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
        status: payments.status,
        refund: refunds,
      })
      .from(payments)
      .leftJoin(refunds, and(eq(refunds.paymentId, payments.id), eq(refunds.status, "owed")))
      .where(
        and(
          isNotNull(payments.providerPaymentId),
          eq(payments.provider, card.name),
          or(
            and(inArray(payments.status, ["pending", "requires_action"]), lt(payments.updatedAt, before)),
            inArray(payments.id, owed),
          ),
        ),
      )
      .limit(perPass);
  }

  /** Collections due by now and not yet settled, and collections whose refund is unconfirmed. */
  async function unsettledCollections(before: Date) {
    const today = ukToday(now());
    const owed = db
      .select({ collectionId: refunds.collectionId })
      .from(refunds)
      .where(and(eq(refunds.status, "owed"), isNotNull(refunds.collectionId), lt(refunds.createdAt, before)));
    return db
      .select({
        id: collections.id,
        providerPaymentId: collections.providerPaymentId,
        status: collections.status,
        refund: refunds,
      })
      .from(collections)
      .leftJoin(refunds, and(eq(refunds.collectionId, collections.id), eq(refunds.status, "owed")))
      .innerJoin(mandates, eq(mandates.id, collections.mandateId))
      .where(
        and(
          isNotNull(collections.providerPaymentId),
          eq(mandates.provider, directDebit.name),
          or(
            and(
              inArray(collections.status, ["scheduled", "submitted"]),
              lte(collections.dueDate, today),
              lt(collections.updatedAt, before),
            ),
            inArray(collections.id, owed),
          ),
        ),
      )
      .limit(perPass);
  }

  /**
   * Card payments or collections that failed since `since` and before `before`, a page at a time
   * after the id `after`, each with its provider.
   */
  async function failedSince(kind: "card_payment" | "collection", since: Date, before: Date, after: string) {
    if (kind === "card_payment") {
      return db
        .select({
          id: payments.id,
          provider: payments.provider,
          providerPaymentId: payments.providerPaymentId,
        })
        .from(payments)
        .where(
          and(
            isNotNull(payments.providerPaymentId),
            eq(payments.provider, card.name),
            eq(payments.status, "failed"),
            gt(payments.updatedAt, since),
            lt(payments.updatedAt, before),
            gt(payments.id, after),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(perPass);
    }
    return db
      .select({
        id: collections.id,
        provider: mandates.provider,
        providerPaymentId: collections.providerPaymentId,
      })
      .from(collections)
      .innerJoin(mandates, eq(mandates.id, collections.mandateId))
      .where(
        and(
          isNotNull(collections.providerPaymentId),
          eq(mandates.provider, directDebit.name),
          eq(collections.status, "failed"),
          gt(collections.updatedAt, since),
          lt(collections.updatedAt, before),
          gt(collections.id, after),
        ),
      )
      .orderBy(asc(collections.id))
      .limit(perPass);
  }

  async function unsettledMandates(before: Date) {
    return db
      .select({ id: mandates.id, providerMandateId: mandates.providerMandateId, status: mandates.status })
      .from(mandates)
      .where(
        and(
          eq(mandates.provider, directDebit.name),
          eq(mandates.status, "pending_submission"),
          lt(mandates.updatedAt, before),
        ),
      )
      .limit(perPass);
  }

  /** A pass's asking: asks the provider about one object and applies what differs; one failure stops no other. */
  function asking(pass: ReconciliationPass) {
    return async (about: string, read: () => Promise<ProviderEvent[]>, providerName: string) => {
      pass.asked += 1;
      let findings: ProviderEvent[];
      try {
        findings = await read();
      } catch (error) {
        pass.unanswered += 1;
        log.warn({ about, reason: (error as Error).name }, "reconciliation: the provider did not answer");
        return;
      }
      for (const finding of findings) {
        if (await applyProviderEvent(providerName, finding)) pass.applied += 1;
      }
    };
  }

  return {
    async reconcileLateMoney({ olderThanSeconds = reconcileAfterSeconds } = {}) {
      const before = new Date(now().getTime() - olderThanSeconds * 1000);
      const since = new Date(now().getTime() - lateMoneyDays * 86_400_000);
      const pass: ReconciliationPass = { asked: 0, applied: 0, unanswered: 0 };
      const ask = asking(pass);
      const lookUp = {
        card_payment: (id: string) => card.lookUpPayment(id),
        collection: (id: string) => directDebit.lookUpCollection(id),
      };
      for (const kind of ["card_payment", "collection"] as const) {
        for (let after = "00000000-0000-0000-0000-000000000000"; ;) {
          const rows = await failedSince(kind, since, before, after);
          for (const row of rows) {
            const providerPaymentId = row.providerPaymentId!;
            await ask(
              `${kind === "card_payment" ? "card payment" : "collection"} ${row.id}`,
              async () =>
                findingsOf(
                  kind,
                  providerPaymentId,
                  { status: "failed", refund: null },
                  await lookUp[kind](providerPaymentId),
                ),
              row.provider,
            );
          }
          if (rows.length < perPass) break;
          after = rows.at(-1)!.id;
        }
      }
      if (pass.applied > 0 || pass.unanswered > 0) log.info(pass, "reconciliation of late money");
      return pass;
    },

    async reconcile({ olderThanSeconds = reconcileAfterSeconds } = {}) {
      const before = new Date(now().getTime() - olderThanSeconds * 1000);
      const pass: ReconciliationPass = { asked: 0, applied: 0, unanswered: 0 };
      const ask = asking(pass);

      for (const row of await unsettledCardPayments(before)) {
        const providerPaymentId = row.providerPaymentId!;
        await ask(
          `card payment ${row.id}`,
          async () =>
            findingsOf("card_payment", providerPaymentId, row, await card.lookUpPayment(providerPaymentId)),
          row.provider,
        );
      }

      for (const row of await unsettledCollections(before)) {
        const providerPaymentId = row.providerPaymentId!;
        await ask(
          `collection ${row.id}`,
          async () =>
            findingsOf(
              "collection",
              providerPaymentId,
              row,
              await directDebit.lookUpCollection(providerPaymentId),
            ),
          directDebit.name,
        );
      }

      for (const row of await unsettledMandates(before)) {
        await ask(
          `mandate ${row.id}`,
          async () => {
            const record = await directDebit.lookUpMandate(row.providerMandateId);
            if (record.status === "pending_submission") return [];
            return [
              {
                eventId: `reconciled:mandate:${row.providerMandateId}:${record.status}`,
                kind: "mandate",
                providerMandateId: row.providerMandateId,
                status: record.status,
              },
            ];
          },
          directDebit.name,
        );
      }

      for (const request of await cutShortDirectDebitRequests(db, before)) {
        await ask(
          `Direct Debit request ${request.id}`,
          async () => {
            await giveUpDirectDebitRequest({ db, directDebit, request, before });
            return [];
          },
          directDebit.name,
        );
      }
      if (pass.applied > 0 || pass.unanswered > 0) log.info(pass, "reconciliation pass");
      return pass;
    },
  };
}

/**
 * Reconciles every `everySeconds` in this process until the app closes; a pass still running
 * when the next is due is not overlapped. Returns the stop.
 */
export function reconcileEvery(
  reconciliation: Reconciliation,
  everySeconds: number,
  log: FastifyBaseLogger,
): () => void {
  const stops = [
    repeatEvery(() => reconciliation.reconcile(), everySeconds, log),
    repeatEvery(() => reconciliation.reconcileLateMoney(), lateMoneyEverySeconds, log),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Runs `pass` every `everySeconds`, never two at once. Returns the stop. */
function repeatEvery(pass: () => Promise<unknown>, everySeconds: number, log: FastifyBaseLogger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch((error: unknown) => log.warn({ reason: (error as Error).name }, "reconciliation pass failed"))
      .finally(() => (running = false));
  }, everySeconds * 1000).unref();
  return () => clearInterval(timer);
}
