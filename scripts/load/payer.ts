// One customer paying for a ready plan, through the two API processes while they are being
// killed: a random script of what customers do. Pay in full by card, or a deposit by card and
// then a Direct Debit; sometimes the declined test card first (the attempt ends, the payment is
// followed until it is closed, as the web app does, and a new attempt starts with a new
// Idempotency-Key); and for about half the plans, a cancellation at a random moment: with the
// payment open and the card not yet entered (sometimes entered all the same afterwards, in a tab
// left open), right after entering the card (racing the provider's webhook), or once paid.
import { randomUUID } from "node:crypto";
import { paymentSchema, sandboxCardAnswerSchema, type PaymentResponse } from "@kindred/contracts";
import {
  sandboxBankAccounts,
  sandboxCards,
} from "../../apps/api/src/modules/payments/sandbox/test-instruments";
import { expectStatus, type Balancer } from "./balancer";
import type { ReadyPlan } from "./ready-plan";
import { wait } from "./support";

export const cancelMoments = ["before paying", "after entering the card", "after paid"] as const;
export type CancelMoment = (typeof cancelMoments)[number];

export interface Script {
  option: "full" | "deposit";
  /** The declined test card first, then the good one as a new attempt. */
  declinedFirst: boolean;
  cancel: CancelMoment | null;
  /** Cancelled before paying, then the card entered all the same in a tab left open. */
  oldTab: boolean;
}

const chance = (probability: number) => Math.random() < probability;

export function randomScript(): Script {
  const cancel = chance(0.5) ? cancelMoments[Math.floor(Math.random() * cancelMoments.length)]! : null;
  return {
    option: chance(0.5) ? "full" : "deposit",
    declinedFirst: chance(0.3),
    cancel,
    oldTab: cancel === "before paying" && chance(0.5),
  };
}

export function describeScript(script: Script): string {
  return [
    script.option === "full" ? "full" : "deposit + DD",
    script.declinedFirst ? "declined first" : null,
    script.cancel ? `cancel ${script.cancel}` : null,
    script.oldTab ? "card in an old tab" : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/** One plan's run: what was meant, and what happened. */
export interface PlanRun {
  plan: ReadyPlan;
  script: Script;
  /** This customer's way to the API processes (an address of their own). */
  api: Balancer;
  /** What happened, in order, with the second of the run it happened at. */
  steps: string[];
  /** The API acknowledged the cancellation. */
  cancelAcknowledged: boolean;
  /** Why the script stopped before its end, if it did. */
  stopped?: string;
}

export interface PayerContext {
  /** The deposit and term offered first by the catalogue. */
  deposit: number;
  months: number;
  /** performance.now() the run's seconds are counted from. */
  startedAt: number;
  /** How long a payment is followed before the customer gives up waiting for it. */
  followMs: number;
}

/** Runs the plan's script to its end; a refusal or an answer that never came stops it, noted. */
export async function pay(run: PlanRun, context: PayerContext): Promise<void> {
  try {
    await new Payer(run, context).script();
  } catch (error) {
    run.stopped = error instanceof Error ? error.message : String(error);
    run.steps.push(`${secondOf(context)} stopped: ${run.stopped}`);
  }
}

/** The second of the run, as each step is noted. */
const secondOf = (context: PayerContext) =>
  `${((performance.now() - context.startedAt) / 1000).toFixed(1)} s`;

export class Payer {
  constructor(
    private readonly run: PlanRun,
    private readonly context: PayerContext,
  ) {}

  private step(text: string): void {
    this.run.steps.push(`${secondOf(this.context)} ${text}`);
  }

  /**
   * A person's pause between two actions (half a second to two and a half), so a plan's script
   * spans a kill or two rather than finishing between them.
   */
  private think(): Promise<void> {
    return wait(500 + Math.random() * 2000);
  }

  async script(): Promise<void> {
    const { script } = this.run;
    await this.choose();
    let payment = await this.open();
    if (script.declinedFirst) {
      await this.enterCard(payment, sandboxCards.declined);
      // The web app waits for the declined payment to close before a new attempt may open one.
      const closed = await this.follow(payment, ["failed", "cancelled"]);
      if (closed !== "failed" && closed !== "cancelled") throw new Error("the declined payment never closed");
      await this.think();
      payment = await this.open();
    }
    await this.think();
    if (script.cancel === "before paying") {
      await this.cancel();
      if (script.oldTab) {
        await this.think();
        await this.enterCard(payment, sandboxCards.succeeds);
      }
      return;
    }
    await this.enterCard(payment, sandboxCards.succeeds);
    if (script.cancel === "after entering the card") {
      await this.cancel();
      return;
    }
    const status = await this.follow(payment, ["confirmed", "failed", "cancelled"]);
    if (status !== "confirmed") throw new Error(`the payment ended ${status}`);
    if (script.option === "deposit") {
      await this.think();
      await this.setUpDirectDebit();
    }
    if (script.cancel === "after paid") {
      await this.think();
      await this.cancel();
    }
  }

  async choose(): Promise<void> {
    const { plan, script } = this.run;
    const choice =
      script.option === "full"
        ? { option: "full" }
        : { option: "deposit", deposit: this.context.deposit, months: this.context.months };
    const answer = await this.run.api.json(
      "payment choice",
      "PUT",
      `/api/plan/${plan.planId}/payment-choice`,
      plan.token,
      choice,
    );
    expectStatus(answer, [200], "choosing how to pay");
    this.step(`chose ${script.option}`);
  }

  /** `POST /api/payments/create` for a new attempt: a key of its own, the same on every resend. */
  async open(): Promise<PaymentResponse> {
    const { plan, script } = this.run;
    const answer = await this.run.api.json(
      "create payment",
      "POST",
      "/api/payments/create",
      plan.token,
      { planId: plan.planId, paymentOption: script.option },
      { "idempotency-key": randomUUID() },
    );
    const payment = paymentSchema.parse(expectStatus(answer, [200, 201], "opening a card payment"));
    this.step(`payment ${payment.id.slice(0, 8)} opened (${answer.status})`);
    return payment;
  }

  /** The sandbox's card page, as the person types the card in; answers what the page says. */
  async enterCard(payment: PaymentResponse, cardNumber: string): Promise<string> {
    const answer = await this.run.api.json(
      "card page",
      "POST",
      `/api/sandbox-provider/card-payments/${payment.providerPaymentId}/confirm`,
      this.run.plan.token,
      { clientSecret: payment.clientSecret, cardNumber, expiry: "04/39", securityCode: "123" },
    );
    const card = cardNumber === sandboxCards.succeeds ? "good card" : "declined card";
    // Refused once the payment was cancelled: nothing is taken.
    if (answer.status === 409) {
      this.step(`${card} refused: the payment was cancelled`);
      return "refused";
    }
    const { status } = sandboxCardAnswerSchema.parse(expectStatus(answer, [200], "the card page"));
    this.step(`${card}: ${status}`);
    return status;
  }

  /** Asks about the payment (as the web app does) until its status is one of `until`, or gives up. */
  private async follow(payment: PaymentResponse, until: string[]): Promise<string> {
    const givingUpAt = performance.now() + this.context.followMs;
    const started = performance.now();
    for (;;) {
      const answer = await this.run.api.json(
        "follow payment",
        "GET",
        `/api/payments/${payment.id}`,
        this.run.plan.token,
      );
      const { status } = paymentSchema.parse(expectStatus(answer, [200], "following the payment"));
      if (until.includes(status) || performance.now() > givingUpAt) {
        this.step(`payment ${status} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return status;
      }
      await wait(500);
    }
  }

  private async setUpDirectDebit(): Promise<void> {
    const { plan } = this.run;
    const account = sandboxBankAccounts.collects;
    const answer = await this.run.api.json(
      "direct debit",
      "POST",
      "/api/direct-debit-v2/create",
      plan.token,
      {
        planId: plan.planId,
        accountHolderName: "Margaret Thompson",
        sortCode: account.sortCode.replace(/-/g, ""),
        accountNumber: account.accountNumber,
        isSoleSignatory: true,
      },
      { "idempotency-key": randomUUID() },
    );
    expectStatus(answer, [200, 201], "setting up the Direct Debit");
    this.step(`Direct Debit set up (${answer.status})`);
  }

  private async cancel(): Promise<void> {
    const { plan } = this.run;
    const answer = await this.run.api.json(
      "cancel",
      "POST",
      `/api/plan/${plan.planId}/cancel`,
      plan.token,
      {},
      { "idempotency-key": randomUUID() },
    );
    expectStatus(answer, [200], "cancelling");
    this.run.cancelAcknowledged = true;
    this.step("cancelled");
  }
}
