import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { JobQueue } from "../../db/job-queue";
import type { PlanOptionsService } from "../catalogue";
import type { Mailer } from "../email";
import type { PlansService } from "../plans";
import type { PurchaseReadiness } from "../purchase";
import { createCardPayments, type CardPayments } from "./card-payments";
import { createDirectDebits, type DirectDebits } from "./direct-debit";
import { createPaymentChoices, type PaymentChoices } from "./payment-choice";
import { createPaymentState, type PaymentState } from "./payment-state";
import { changePlanMoneyIn } from "./plan-money-store";
import { createPlanSchedules } from "./plan-schedule";
import type { CardPaymentProvider, DirectDebitProvider, IncomingWebhook } from "./provider";
import { createProviderEvents, type ProviderEvents } from "./provider-events";

/**
 * Taking the money for a plan, correctly and once (issue 10; docs/decisions/016-payments.md and
 * 023-plan-money.md). Every amount comes from the domain's `paymentSchedule` over the plan's own
 * price; every call that moves money is keyed by the customer's Idempotency-Key; every change a
 * provider reports arrives as a verified webhook, handled once; and every change to a plan's
 * money, whoever causes it, goes through the domain's one state machine (`applyMoneyEvent`).
 *
 * Each part is a module of its own: the choice of how to pay and cancelling (`payment-choice.ts`),
 * card payments (`card-payments.ts`), Direct Debit (`direct-debit.ts`), what a provider's event
 * changes (`provider-events.ts`, with missed payments in `arrears.ts`) and what the customer sees
 * of it all (`payment-state.ts`). This puts them together for the routes.
 */
export interface PaymentsService
  extends PaymentChoices, PaymentState, CardPayments, DirectDebits, ProviderEvents {
  /** A provider's webhook: verified by the provider, then each event applied once. */
  handleWebhook(provider: "card" | "directDebit", webhook: IncomingWebhook): Promise<void>;
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
  const changePlanMoney = changePlanMoneyIn(db, jobQueue, now);
  const schedules = createPlanSchedules({ planOptions, now });
  const state = createPaymentState({ db, plans, readiness, schedules });
  const { applyProviderEvent } = createProviderEvents({ db, jobQueue, mailer, plans, now });
  return {
    ...createPaymentChoices({ db, changePlanMoney, plans, schedules, state }),
    ...state,
    ...createCardPayments({ db, jobQueue, changePlanMoney, readiness, schedules, card, now, log }),
    ...createDirectDebits({ db, jobQueue, changePlanMoney, readiness, schedules, directDebit }),
    applyProviderEvent,

    async handleWebhook(provider, webhook) {
      const source = provider === "card" ? card : directDebit;
      for (const event of await source.parseWebhook(webhook)) {
        await applyProviderEvent(source.name, event);
      }
    },
  };
}
