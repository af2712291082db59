import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  liveMandate,
  messages,
  type MoneyEffect,
  type MoneyEmail,
  type MoneyEvent,
  moneyHeld,
  moneyInDispute,
  moneyTaken,
  nextPlanMoney,
  type PlanMoney,
  planMoneyState,
  purchaseMessages,
  refundOwed,
  repaidTwice,
} from "@kindred/domain";

const nothingYet: PlanMoney = {
  cancelled: false,
  funeralRequested: false,
  choice: null,
  payments: [],
  mandates: [],
  collections: [],
  refunds: [],
};
const full = { option: "full" } as const;
const deposit = { option: "deposit", deposit: 25_000, months: 12 } as const;

/** Applies events in order; every one must be accepted. Answers the money and every effect. */
function run(events: readonly MoneyEvent[], from: PlanMoney = nothingYet) {
  let money = from;
  const effects: MoneyEffect[] = [];
  for (const event of events) {
    const next = nextPlanMoney(money, event);
    if (!next.ok) throw new Error(`${event.type} was refused: ${next.message}`);
    money = next.money;
    effects.push(...next.effects);
  }
  return { money, effects };
}

type ProviderEvent = Extract<MoneyEvent, { cause: "provider" | "reconciliation" }>;
type WithoutCause<Event> = Event extends unknown ? Omit<Event, "cause"> : never;
/** An event the payment provider reports. */
const provider = (event: WithoutCause<ProviderEvent>) => ({ cause: "provider", ...event }) as MoneyEvent;

describe("planMoneyState", () => {
  it("follows a plan from planning to paid in full", () => {
    expect(planMoneyState(nothingYet, false)).toBe("being_planned");
    expect(planMoneyState(nothingYet, true)).toBe("ready_to_pay");
    const opened = run([
      { cause: "customer", type: "choose", choice: full },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p1", option: "full", amount: 400_000 },
      },
    ]).money;
    expect(planMoneyState(opened, true)).toBe("payment_in_progress");
    const paid = run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], opened).money;
    expect(planMoneyState(paid, true)).toBe("paid");
  });

  it("is paying by instalments while a Direct Debit stands, and cancelled only once every refund is confirmed", () => {
    const paying = run([
      { cause: "customer", type: "choose", choice: deposit },
      {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: "m1",
        collections: [
          { id: "c1", amount: 10_000 },
          { id: "c2", amount: 10_000 },
        ],
      },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p1", option: "deposit", amount: 25_000 },
      },
      provider({ type: "card_payment", id: "p1", status: "confirmed" }),
      provider({ type: "collection", id: "c1", status: "collected" }),
    ]).money;
    expect(planMoneyState(paying, true)).toBe("paying_by_instalments");

    const { money: cancelling, effects } = run([{ cause: "customer", type: "cancel" }], paying);
    expect(planMoneyState(cancelling, true)).toBe("cancellation_pending_refund");
    expect(refundOwed(cancelling)).toBe(35_000);
    expect(effects).toEqual([
      { type: "refund", of: "p1", kind: "card_payment", amount: 25_000, attempt: 1 },
      { type: "refund", of: "c1", kind: "collection", amount: 10_000, attempt: 1 },
      { type: "cancel_collection", collectionId: "c2" },
      { type: "cancel_mandate", mandateId: "m1" },
      { type: "email", email: { kind: "plan-cancelled", refundOwed: 35_000, byStaff: false } },
    ]);

    const refunded = run(
      [provider({ type: "refunded", of: "p1" }), provider({ type: "refunded", of: "c1" })],
      cancelling,
    ).money;
    expect(planMoneyState(refunded, true)).toBe("cancelled");
    expect(moneyHeld(refunded)).toBe(0);
  });
});

describe("the sequences that once lost a customer's money (issue 22)", () => {
  it("1. paid after cancelling: the payment is refunded, and the customer told once", () => {
    const { money, effects } = run([
      { cause: "customer", type: "choose", choice: full },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p1", option: "full", amount: 400_000 },
      },
      { cause: "customer", type: "cancel" },
      provider({ type: "card_payment", id: "p1", status: "confirmed" }),
      // The same event delivered again changes nothing and sends nothing.
      provider({ type: "card_payment", id: "p1", status: "confirmed" }),
    ]);
    expect(planMoneyState(money, true)).toBe("cancellation_pending_refund");
    expect(refundOwed(money)).toBe(400_000);
    expect(effects).toEqual([
      { type: "cancel_card_payment", paymentId: "p1" },
      { type: "email", email: { kind: "plan-cancelled", refundOwed: 0, byStaff: false } },
      { type: "refund", of: "p1", kind: "card_payment", amount: 400_000, attempt: 1 },
      {
        type: "email",
        email: {
          kind: "late-payment-refunded",
          of: "p1",
          amount: 400_000,
          planCancelled: true,
          alreadyPaid: false,
        },
      },
    ]);
  });

  it("2. a cancellation owes its refunds in the same change that cancels; asking again owes nothing twice", () => {
    const paid = run([
      { cause: "customer", type: "choose", choice: full },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p1", option: "full", amount: 400_000 },
      },
      provider({ type: "card_payment", id: "p1", status: "confirmed" }),
    ]).money;
    const cancelled = nextPlanMoney(paid, { cause: "customer", type: "cancel" });
    expect(cancelled.ok && cancelled.money.refunds).toEqual([
      { of: "p1", amount: 400_000, status: "owed", attempt: 1, transferReference: null },
    ]);
    const again = cancelled.ok && nextPlanMoney(cancelled.money, { cause: "customer", type: "cancel" });
    expect(again).toEqual({ ok: true, money: cancelled.ok && cancelled.money, effects: [] });
  });

  it("3. changing the choice cancels the open card payment; if it is paid all the same, it is refunded", () => {
    const { money, effects } = run([
      { cause: "customer", type: "choose", choice: full },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p1", option: "full", amount: 400_000 },
      },
      { cause: "customer", type: "choose", choice: deposit },
      {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: "m1",
        collections: [{ id: "c1", amount: 375_000 }],
      },
      provider({ type: "card_payment", id: "p1", status: "confirmed" }),
    ]);
    expect(effects[0]).toEqual({ type: "cancel_card_payment", paymentId: "p1" });
    expect(effects).toContainEqual({
      type: "refund",
      of: "p1",
      kind: "card_payment",
      amount: 400_000,
      attempt: 1,
    });
    expect(planMoneyState(money, true)).toBe("paying_by_instalments");
  });

  it("a Direct Debit's collections are stored first and made with the provider after, each by its own follow-up", () => {
    const { money, effects } = run([
      { cause: "customer", type: "choose", choice: deposit },
      {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: "m1",
        collections: [
          { id: "c1", amount: 10_000 },
          { id: "c2", amount: 10_001 },
        ],
      },
    ]);
    expect(money.collections.map((collection) => collection.status)).toEqual(["scheduled", "scheduled"]);
    expect(effects).toEqual([
      { type: "create_collection", collectionId: "c1" },
      { type: "create_collection", collectionId: "c2" },
      { type: "email", email: { kind: "direct-debit-notice", mandateId: "m1" } },
    ]);
  });

  it("a full payment is refused while a Direct Debit stands, and a Direct Debit while the plan is paid in full", () => {
    const withDirectDebit = run([
      { cause: "customer", type: "choose", choice: deposit },
      {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: "m1",
        collections: [{ id: "c1", amount: 1 }],
      },
    ]).money;
    expect(
      nextPlanMoney(
        { ...withDirectDebit, choice: full },
        { cause: "customer", type: "open_card_payment", payment: { id: "p1", option: "full", amount: 4 } },
      ),
    ).toEqual({ ok: false, status: 409, message: purchaseMessages.directDebitAlreadySetUp });
    expect(nextPlanMoney(withDirectDebit, { cause: "customer", type: "choose", choice: full })).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.planAlreadyPaid,
    });
  });
});

describe("the price reopened while a card payment is open (decision 008's amendment)", () => {
  const opened = run([
    { cause: "customer", type: "choose", choice: full },
    { cause: "customer", type: "open_card_payment", payment: { id: "p1", option: "full", amount: 400_000 } },
  ]).money;

  it("cancels the payment opened at the old price, and refunds it in full if it is taken all the same", () => {
    const reopened = nextPlanMoney(opened, { cause: "customer", type: "price_reopened" });
    expect(reopened).toEqual({
      ok: true,
      money: {
        ...opened,
        payments: [{ id: "p1", option: "full", amount: 400_000, status: "pending", wanted: false }],
      },
      effects: [{ type: "cancel_card_payment", paymentId: "p1" }],
    });
    const { money, effects } = run(
      [
        provider({ type: "card_payment", id: "p1", status: "confirmed" }),
        {
          cause: "customer",
          type: "open_card_payment",
          payment: { id: "p2", option: "full", amount: 410_000 },
        },
        provider({ type: "card_payment", id: "p2", status: "confirmed" }),
      ],
      reopened.ok ? reopened.money : opened,
    );
    expect(effects).toContainEqual({
      type: "refund",
      of: "p1",
      kind: "card_payment",
      amount: 400_000,
      attempt: 1,
    });
    expect(effects).toContainEqual({ type: "email", email: { kind: "plan-confirmed", paymentId: "p2" } });
    expect(planMoneyState(money, true)).toBe("paid");
    expect(moneyTaken(money) - refundOwed(money)).toBe(410_000);
  });

  it("changes nothing when no payment is open", () => {
    const chosen = run([{ cause: "customer", type: "choose", choice: full }]).money;
    expect(nextPlanMoney(chosen, { cause: "customer", type: "price_reopened" })).toEqual({
      ok: true,
      money: chosen,
      effects: [],
    });
  });

  it("is refused on a plan bought, cancelled or whose funeral is requested: its price is settled", () => {
    const event = { cause: "customer", type: "price_reopened" } as const;
    const paid = run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], opened).money;
    expect(nextPlanMoney(paid, event)).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.planAlreadyPaid,
    });
    const cancelled = run([{ cause: "customer", type: "cancel" }], opened).money;
    expect(nextPlanMoney(cancelled, event)).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.planCancelled,
    });
    const requested = run([{ cause: "informant", type: "funeral_requested" }], opened).money;
    expect(nextPlanMoney(requested, event)).toEqual({
      ok: false,
      status: 409,
      message: messages.funeralRequested,
    });
  });
});

/**
 * A step of a random sequence, read against the plan's money as it is then, so that most steps
 * act on something the sequence made: "the provider confirms the second payment", say. Ids are
 * fresh for each payment, mandate and collection made.
 */
type Step =
  | { kind: "choose"; choice: 0 | 1 | 2 }
  | { kind: "priceReopened" }
  | { kind: "open"; amount: number; otherOption: boolean }
  | { kind: "directDebit" }
  | { kind: "cancel" }
  | { kind: "funeralRequested" }
  | {
      kind: "card";
      which: number;
      status: "requires_action" | "confirmed" | "failed" | "cancelled" | "disputed" | "charged_back";
    }
  | { kind: "mandate"; which: number; status: "active" | "failed" | "cancelled" }
  | { kind: "collection"; which: number; status: "submitted" | "collected" | "failed" | "cancelled" }
  | { kind: "refunded"; which: number }
  | { kind: "refundFailed"; which: number };

const choices = [full, deposit, { option: "deposit", deposit: 50_000, months: 24 } as const];
// Weighted towards what takes money, so that many sequences cancel a plan that holds some.
const aStep: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("choose"), choice: fc.constantFrom(0, 1, 2 as const) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("open"),
      amount: fc.integer({ min: 1, max: 500_000 }),
      otherOption: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "directDebit" }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "priceReopened" }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "cancel" }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("card"),
      which: fc.nat(3),
      status: fc.constantFrom(
        "requires_action",
        "confirmed",
        "confirmed",
        "failed",
        "cancelled",
        "disputed",
        "charged_back" as const,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("mandate"),
      which: fc.nat(3),
      status: fc.constantFrom("active", "failed", "cancelled" as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("collection"),
      which: fc.nat(5),
      status: fc.constantFrom("submitted", "collected", "collected", "failed", "cancelled" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refunded"), which: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refundFailed"), which: fc.nat(5) }) },
);

/** Any step, or now and then being told the person covered has died. */
const aStepOrADeath: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: aStep },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "funeralRequested" }) },
);

function eventFor(step: Step, money: PlanMoney, fresh: () => string): MoneyEvent {
  const pick = <T>(list: readonly T[], which: number): T | undefined =>
    list[which % Math.max(list.length, 1)];
  switch (step.kind) {
    case "choose":
      return { cause: "customer", type: "choose", choice: choices[step.choice]! };
    case "priceReopened":
      return { cause: "customer", type: "price_reopened" };
    case "open": {
      const option = money.choice?.option ?? "full";
      const other = option === "full" ? "deposit" : "full";
      return {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: fresh(), option: step.otherOption ? other : option, amount: step.amount },
      };
    }
    case "directDebit":
      return {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: fresh(),
        collections: [
          { id: fresh(), amount: 10_000 },
          { id: fresh(), amount: 10_001 },
        ],
      };
    case "cancel":
      return { cause: "customer", type: "cancel" };
    case "funeralRequested":
      return { cause: "informant", type: "funeral_requested" };
    case "card":
      return {
        cause: "provider",
        type: "card_payment",
        id: pick(money.payments, step.which)?.id ?? "none",
        status: step.status,
      };
    case "mandate":
      return {
        cause: "provider",
        type: "mandate",
        id: pick(money.mandates, step.which)?.id ?? "none",
        status: step.status,
      };
    case "collection":
      return {
        cause: "provider",
        type: "collection",
        id: pick(money.collections, step.which)?.id ?? "none",
        status: step.status,
      };
    case "refunded": {
      const taken = [...money.payments, ...money.collections].map((thing) => thing.id);
      return { cause: "provider", type: "refunded", of: pick(taken, step.which) ?? "none" };
    }
    case "refundFailed":
      return {
        cause: "provider",
        type: "refund_failed",
        of: pick(money.refunds, step.which)?.of ?? "none",
      };
  }
}

/**
 * What we refunded that the customer's bank also gave back, or holds in a dispute (issue 46 item
 * 5): what we hold is below nothing by this much, and never by more.
 */
function repaidTwiceTotal(money: PlanMoney): number {
  const disputed = new Set(
    money.payments.filter((payment) => payment.status === "disputed").map((payment) => payment.id),
  );
  const refundedInDispute = money.refunds.filter(
    (refund) => refund.status === "refunded" && disputed.has(refund.of),
  );
  return [...repaidTwice(money), ...refundedInDispute].reduce((sum, each) => sum + each.amount, 0);
}

/**
 * A property's check, as a plain throw: the random runs make hundreds of thousands of checks, and
 * `expect`'s matchers cost more than the transitions they check. fast-check reports the failing
 * sequence, shrunk, with the message.
 */
function holds(condition: boolean, what: string): void {
  if (!condition) throw new Error(`It must hold that ${what}`);
}

/** Runs random steps, skipping the refused ones; calls `check` after each accepted event. */
function runSteps(
  steps: readonly Step[],
  check: (money: PlanMoney, effects: MoneyEffect[], event: MoneyEvent) => void,
) {
  let money = nothingYet;
  let made = 0;
  const fresh = () => `id${(made += 1)}`;
  for (const step of steps) {
    const event = eventFor(step, money, fresh);
    const next = nextPlanMoney(money, event);
    if (!next.ok) {
      holds(typeof next.message === "string" && next.message.length > 0, "a refusal says why");
      continue;
    }
    money = next.money;
    check(money, next.effects, event);
  }
  return money;
}

/**
 * Every refund owed is confirmed, as the provider would in the end; one that failed is sent again
 * by finance first (issue 46 item 3).
 */
function settleRefunds(money: PlanMoney): PlanMoney {
  const sentAgain = run(
    money.refunds
      .filter((refund) => refund.status === "failed")
      .map((refund): MoneyEvent => ({ cause: "staff", type: "send_refund_again", of: refund.of })),
    money,
  ).money;
  return run(
    sentAgain.refunds
      .filter((refund) => refund.status === "owed")
      .map((refund) => provider({ type: "refunded", of: refund.of })),
    sentAgain,
  ).money;
}

describe("nextPlanMoney, over any sequence of events", () => {
  it("never holds two live ways of paying, never keeps money it does not want, and a cancelled plan ends holding nothing", () => {
    let cancelledHoldingMoney = 0;
    fc.assert(
      fc.property(fc.array(aStep, { minLength: 5, maxLength: 40, size: "max" }), (steps) => {
        runSteps(steps, (money, _effects, event) => {
          const open = money.payments.filter(
            (payment) =>
              payment.wanted && (payment.status === "pending" || payment.status === "requires_action"),
          );
          holds(open.length <= 1, "one card payment open at most");
          const fullWanted = money.payments.some(
            (payment) =>
              payment.wanted &&
              payment.option === "full" &&
              payment.status !== "failed" &&
              payment.status !== "cancelled" &&
              payment.status !== "charged_back",
          );
          holds(
            !(fullWanted && liveMandate(money) !== undefined),
            "never a full payment beside a Direct Debit",
          );
          // Money taken on a payment we no longer want is always owed back (or already given back).
          const unwantedTaken = [
            ...money.payments.filter((payment) => !payment.wanted && payment.status === "confirmed"),
            ...money.collections.filter(
              (collection) => !collection.wanted && collection.status === "collected",
            ),
          ];
          for (const taken of unwantedTaken) {
            holds(
              money.refunds.some((refund) => refund.of === taken.id),
              `money taken on ${taken.id}, no longer wanted, is owed back`,
            );
          }
          // Below nothing only by what the customer's bank gave back after our refund (issue 46 item 5).
          holds(moneyHeld(money) + repaidTwiceTotal(money) >= 0, "never less than nothing held");
          holds(moneyHeld(money) <= moneyTaken(money), "never more held than taken");
          if (money.cancelled) {
            if (event.type === "cancel" && moneyTaken(money) > 0) cancelledHoldingMoney += 1;
            const settled = settleRefunds(money);
            holds(
              moneyHeld(settled) + repaidTwiceTotal(settled) === 0,
              "a cancelled plan, once refunds are confirmed, holds nothing",
            );
            holds(
              planMoneyState(settled, true) === "cancelled",
              "a cancelled plan, once settled, is cancelled",
            );
          }
        });
      }),
      { numRuns: 2_000 },
    );
    // The sequences reach what matters: plans cancelled while holding money.
    expect(cancelledHoldingMoney).toBeGreaterThan(100);
  });

  it("once the funeral is requested, nothing more is charged, chosen or cancelled, and what was paid is kept for it", () => {
    let requestedHoldingMoney = 0;
    fc.assert(
      fc.property(fc.array(aStepOrADeath, { minLength: 5, maxLength: 40, size: "max" }), (steps) => {
        runSteps(steps, (money, effects, event) => {
          if (!money.funeralRequested || money.cancelled) return;
          if (event.type === "funeral_requested") {
            if (moneyHeld(money) > 0) requestedHoldingMoney += 1;
            // Everything to come stops at once, and nothing paid is given back.
            expect(effects.filter((effect) => effect.type === "refund")).toEqual([]);
          }
          expect(planMoneyState(money, true)).toBe("funeral_requested");
          expect(liveMandate(money)).toBeUndefined();
          expect(
            money.collections.some(
              (collection) =>
                collection.wanted && (collection.status === "scheduled" || collection.status === "submitted"),
            ),
          ).toBe(false);
          expect(
            money.payments.some(
              (payment) =>
                payment.wanted && (payment.status === "pending" || payment.status === "requires_action"),
            ),
          ).toBe(false);
          // Only money taken late, on what was stopped, is ever given back; what was paid is kept.
          const stopped = new Set(
            [...money.payments, ...money.collections]
              .filter((thing) => !thing.wanted)
              .map((thing) => thing.id),
          );
          for (const effect of effects) if (effect.type === "refund") expect(stopped).toContain(effect.of);
        });
      }),
      { numRuns: 1_000 },
    );
    // The sequences reach what matters: a death told while the plan holds money (about 65 of the
    // 1,000 runs, 41 at the fewest in 17 seeds tried; the bound leaves room for any seed).
    expect(requestedHoldingMoney, "sequences told of a death while holding money").toBeGreaterThan(10);
  });

  it("refuses every change by the customer once the funeral is requested", () => {
    const requested = run([
      { cause: "customer", type: "choose", choice: deposit },
      {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: "m1",
        collections: [{ id: "c1", amount: 1 }],
      },
      { cause: "informant", type: "funeral_requested" },
    ]).money;
    const refusal = { ok: false, status: 409, message: messages.funeralRequested };
    expect(nextPlanMoney(requested, { cause: "customer", type: "cancel" })).toEqual(refusal);
    expect(nextPlanMoney(requested, { cause: "customer", type: "choose", choice: full })).toEqual(refusal);
    expect(
      nextPlanMoney(requested, {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p9", option: "deposit", amount: 1 },
      }),
    ).toEqual(refusal);
  });

  it("tells the customer of a cancellation once, and of each late payment once", () => {
    fc.assert(
      fc.property(fc.array(aStep, { minLength: 5, maxLength: 40, size: "max" }), (steps) => {
        const emails: MoneyEmail[] = [];
        const money = runSteps(steps, (_money, effects) => {
          for (const effect of effects) if (effect.type === "email") emails.push(effect.email);
        });
        expect(emails.filter((email) => email.kind === "plan-cancelled")).toHaveLength(
          money.cancelled ? 1 : 0,
        );
        const lateOnes = emails.flatMap((email) =>
          email.kind === "late-payment-refunded" ? [email.of] : [],
        );
        expect(new Set(lateOnes).size).toBe(lateOnes.length);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("a Direct Debit that ends without our asking (issue 46 item 1)", () => {
  const setUp = (mandateId: string, ids: readonly string[], amount = 30_000): MoneyEvent => ({
    cause: "customer",
    type: "set_up_direct_debit",
    mandateId,
    collections: ids.map((id) => ({ id, amount })),
  });
  const depositAndThree = run([
    { cause: "customer", type: "choose", choice: deposit },
    {
      cause: "customer",
      type: "open_card_payment",
      payment: { id: "p1", option: "deposit", amount: 25_000 },
    },
    provider({ type: "card_payment", id: "p1", status: "confirmed" }),
    setUp("m1", ["c1", "c2", "c3", "c4", "c5"]),
    provider({ type: "mandate", id: "m1", status: "active" }),
    ...["c1", "c2", "c3"].map((id) => provider({ type: "collection", id, status: "collected" })),
  ]).money;

  it("stops the payments: its collections to come are no longer wanted, what was paid is kept, and the customer is told once", () => {
    for (const status of ["cancelled", "failed"] as const) {
      const ended = run([provider({ type: "mandate", id: "m1", status })], depositAndThree);
      expect(planMoneyState(ended.money, true)).toBe("payments_stopped");
      expect(moneyHeld(ended.money)).toBe(25_000 + 3 * 30_000);
      expect(ended.money.collections.filter((collection) => collection.wanted).map((c) => c.id)).toEqual([
        "c1",
        "c2",
        "c3",
      ]);
      expect(ended.effects).toEqual([
        { type: "cancel_collection", collectionId: "c4" },
        { type: "cancel_collection", collectionId: "c5" },
        { type: "email", email: { kind: "direct-debit-ended", mandateId: "m1" } },
      ]);
      // Told again (a replayed webhook, reconciliation): nothing more.
      expect(run([provider({ type: "mandate", id: "m1", status })], ended.money).effects).toEqual([]);
    }
  });

  it("keeps the way of paying: a new choice is refused; the rest by card, or a new Direct Debit, finishes it", () => {
    const stopped = run(
      [provider({ type: "mandate", id: "m1", status: "cancelled" })],
      depositAndThree,
    ).money;
    const rechosen = nextPlanMoney(stopped, { cause: "customer", type: "choose", choice: full });
    expect(rechosen).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.choiceFixedOncePaidTowards,
    });
    // Nor is its price opened again: the money was taken at it.
    expect(nextPlanMoney(stopped, { cause: "customer", type: "price_reopened" })).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.planPaidCannotChange,
    });

    const byCard = run(
      [
        {
          cause: "customer",
          type: "open_card_payment",
          payment: { id: "p2", option: "full", amount: 60_000 },
        },
        provider({ type: "card_payment", id: "p2", status: "confirmed" }),
      ],
      stopped,
    ).money;
    expect(planMoneyState(byCard, true)).toBe("paid");

    const again = run([setUp("m2", ["d1", "d2"], 30_000)], stopped).money;
    expect(planMoneyState(again, true)).toBe("paying_by_instalments");
    const finished = run(
      ["d1", "d2"].map((id) => provider({ type: "collection", id, status: "collected" })),
      again,
    ).money;
    expect(planMoneyState(finished, true)).toBe("paid");
  });

  it("says nothing and stays paid when the Direct Debit ends after everything was collected", () => {
    const paid = run(
      ["c4", "c5"].map((id) => provider({ type: "collection", id, status: "collected" })),
      depositAndThree,
    ).money;
    expect(planMoneyState(paid, true)).toBe("paid");
    const ended = run([provider({ type: "mandate", id: "m1", status: "cancelled" })], paid);
    expect(planMoneyState(ended.money, true)).toBe("paid");
    expect(ended.effects).toEqual([]);
  });

  it("over any sequence, a Direct Debit that ended wants nothing more collected under it, and a plan holding money is never ready to pay again from scratch", () => {
    fc.assert(
      fc.property(fc.array(aStep, { minLength: 5, maxLength: 40, size: "max" }), (steps) => {
        runSteps(steps, (money) => {
          const ended = new Set(
            money.mandates
              .filter((mandate) => mandate.status === "cancelled" || mandate.status === "failed")
              .map((mandate) => mandate.id),
          );
          holds(
            !money.collections.some(
              (collection) =>
                collection.wanted && collection.status === "scheduled" && ended.has(collection.mandateId),
            ),
            "no collection to come is wanted under a Direct Debit that ended",
          );
          const state = planMoneyState(money, true);
          if (
            money.mandates.some((mandate) => mandate.wanted && ended.has(mandate.id)) &&
            moneyHeld(money) > 0
          ) {
            holds(
              state !== "ready_to_pay" && state !== "being_planned",
              "a plan holding money is never ready to pay again",
            );
          }
        });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("money that arrives after a payment failed or was cancelled (issue 46 item 2)", () => {
  const openFull = (id: string, amount = 400_000): MoneyEvent => ({
    cause: "customer",
    type: "open_card_payment",
    payment: { id, option: "full", amount },
  });
  const declined = run([
    { cause: "customer", type: "choose", choice: full },
    openFull("p1"),
    provider({ type: "card_payment", id: "p1", status: "failed" }),
  ]).money;

  it("a declined card payment finished later in an old tab is taken: the plan is paid and confirmed", () => {
    const finished = run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], declined);
    expect(planMoneyState(finished.money, true)).toBe("paid");
    expect(moneyHeld(finished.money)).toBe(400_000);
    expect(finished.effects).toEqual([{ type: "email", email: { kind: "plan-confirmed", paymentId: "p1" } }]);
  });

  it("paying again after a decline cancels the declined payment with the provider; finished anyway, it is given back", () => {
    const again = run([openFull("p2")], declined);
    expect(again.effects).toEqual([{ type: "cancel_card_payment", paymentId: "p1" }]);
    const both = run(
      [
        provider({ type: "card_payment", id: "p2", status: "confirmed" }),
        provider({ type: "card_payment", id: "p1", status: "confirmed" }),
      ],
      again.money,
    );
    expect(moneyHeld(both.money)).toBe(800_000);
    expect(refundOwed(both.money)).toBe(400_000);
    expect(both.effects).toContainEqual({
      type: "refund",
      of: "p1",
      kind: "card_payment",
      amount: 400_000,
      attempt: 1,
    });
    expect(planMoneyState(settleRefunds(both.money), true)).toBe("paid");
    expect(moneyHeld(settleRefunds(both.money))).toBe(400_000);
  });

  it("a payment still wanted but for a part already paid (its cancellation never reached the provider) is given back, not kept twice", () => {
    // The provider cancelled p1 (our cancellation), yet took it as it was being finished.
    const paidTwice = run(
      [
        openFull("p2"),
        provider({ type: "card_payment", id: "p1", status: "cancelled" }),
        provider({ type: "card_payment", id: "p2", status: "confirmed" }),
        { cause: "reconciliation", type: "card_payment", id: "p1", status: "confirmed" },
      ],
      declined,
    );
    expect(refundOwed(paidTwice.money)).toBe(400_000);
    expect(moneyHeld(settleRefunds(paidTwice.money))).toBe(400_000);
  });

  it("a declined payment finished after the plan was cancelled is given back, and the customer told", () => {
    const cancelled = run([{ cause: "customer", type: "cancel" }], declined);
    expect(cancelled.effects).toContainEqual({ type: "cancel_card_payment", paymentId: "p1" });
    const late = run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], cancelled.money);
    expect(refundOwed(late.money)).toBe(400_000);
    expect(late.effects).toContainEqual({
      type: "email",
      email: {
        kind: "late-payment-refunded",
        of: "p1",
        amount: 400_000,
        planCancelled: true,
        alreadyPaid: false,
      },
    });
    expect(planMoneyState(settleRefunds(late.money), true)).toBe("cancelled");
  });

  const missedOne = run([
    { cause: "customer", type: "choose", choice: deposit },
    {
      cause: "customer",
      type: "open_card_payment",
      payment: { id: "d", option: "deposit", amount: 25_000 },
    },
    provider({ type: "card_payment", id: "d", status: "confirmed" }),
    {
      cause: "customer",
      type: "set_up_direct_debit",
      mandateId: "m1",
      collections: ["c1", "c2", "c3"].map((id) => ({ id, amount: 10_000 })),
    },
    provider({ type: "mandate", id: "m1", status: "active" }),
    provider({ type: "collection", id: "c1", status: "failed" }),
    provider({ type: "collection", id: "c2", status: "collected" }),
    provider({ type: "collection", id: "c3", status: "collected" }),
  ]).money;

  it("a failed collection the provider retries and takes later counts: the plan is paid", () => {
    expect(planMoneyState(missedOne, true)).toBe("paying_by_instalments");
    const retried = run(
      [
        provider({ type: "collection", id: "c1", status: "submitted" }),
        provider({ type: "collection", id: "c1", status: "collected" }),
      ],
      missedOne,
    );
    expect(planMoneyState(retried.money, true)).toBe("paid");
    expect(moneyHeld(retried.money)).toBe(25_000 + 3 * 10_000);
    expect(retried.effects).toEqual([]);
  });

  it("a failed collection taken after the plan was cancelled is given back, so the cancellation returns everything", () => {
    const cancelled = run([{ cause: "customer", type: "cancel" }], missedOne).money;
    const late = run([provider({ type: "collection", id: "c1", status: "collected" })], cancelled);
    expect(late.effects).toContainEqual({
      type: "refund",
      of: "c1",
      kind: "collection",
      amount: 10_000,
      attempt: 1,
    });
    expect(moneyHeld(settleRefunds(late.money))).toBe(0);
    expect(planMoneyState(settleRefunds(late.money), true)).toBe("cancelled");
  });

  it("a collection taken after the rest was paid by card is given back: the plan never holds more than its price", () => {
    const stopped = run([provider({ type: "mandate", id: "m1", status: "cancelled" })], missedOne).money;
    expect(planMoneyState(stopped, true)).toBe("payments_stopped");
    const restPaid = run(
      [
        openFull("rest", 10_000),
        provider({ type: "card_payment", id: "rest", status: "confirmed" }),
        provider({ type: "collection", id: "c1", status: "collected" }),
      ],
      stopped,
    );
    expect(planMoneyState(restPaid.money, true)).toBe("paid");
    expect(restPaid.effects).toContainEqual({
      type: "refund",
      of: "c1",
      kind: "collection",
      amount: 10_000,
      attempt: 1,
    });
    expect(moneyHeld(settleRefunds(restPaid.money))).toBe(25_000 + 3 * 10_000);
  });

  it("a collection taken under an ended Direct Debit after a new one was set up for what was left is given back", () => {
    const stopped = run([provider({ type: "mandate", id: "m1", status: "cancelled" })], missedOne).money;
    const renewed = run(
      [
        {
          cause: "customer",
          type: "set_up_direct_debit",
          mandateId: "m2",
          collections: [{ id: "e1", amount: 10_000 }],
        },
        provider({ type: "collection", id: "c1", status: "collected" }),
        provider({ type: "collection", id: "e1", status: "collected" }),
      ],
      stopped,
    );
    expect(renewed.effects).toContainEqual({
      type: "refund",
      of: "c1",
      kind: "collection",
      amount: 10_000,
      attempt: 1,
    });
    expect(planMoneyState(renewed.money, true)).toBe("paid");
    expect(moneyHeld(settleRefunds(renewed.money))).toBe(25_000 + 3 * 10_000);
  });

  it("a collection charged back stays charged back: a late or repeated 'taken' does not undo the bounce", () => {
    const bounced = run([provider({ type: "collection", id: "c2", status: "failed" })], missedOne).money;
    expect(bounced.collections.find((collection) => collection.id === "c2")?.status).toBe("charged_back");
    expect(moneyHeld(bounced)).toBe(25_000 + 10_000);
    const late = run([provider({ type: "collection", id: "c2", status: "collected" })], bounced);
    expect(late.money).toEqual(bounced);
  });

  it("over any sequence, every payment or collection taken is kept or given back, and no part of the price is kept twice", () => {
    fc.assert(
      fc.property(fc.array(aStepOrADeath, { minLength: 5, maxLength: 40, size: "max" }), (steps) => {
        runSteps(steps, (money) => {
          for (const option of ["full", "deposit"] as const) {
            holds(
              money.payments.filter(
                (payment) => payment.wanted && payment.option === option && payment.status === "confirmed",
              ).length <= 1,
              `no more than one ${option} card payment kept`,
            );
          }
          const taken = [
            ...money.payments.filter((payment) => payment.status === "confirmed"),
            ...money.collections.filter((collection) => collection.status === "collected"),
          ];
          for (const each of taken) {
            holds(
              each.wanted || money.refunds.some((refund) => refund.of === each.id),
              `money taken on ${each.id} is kept for the plan or owed back`,
            );
          }
        });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("a refund that fails at the provider (issue 46 item 3)", () => {
  const cancelledAndRefunded = run([
    { cause: "customer", type: "choose", choice: full },
    { cause: "customer", type: "open_card_payment", payment: { id: "p1", option: "full", amount: 400_000 } },
    provider({ type: "card_payment", id: "p1", status: "confirmed" }),
    { cause: "customer", type: "cancel" },
    provider({ type: "refunded", of: "p1" }),
  ]).money;

  it("holds the money again, tells the customer once, and a late or repeated 'refunded' does not hide it", () => {
    expect(planMoneyState(cancelledAndRefunded, true)).toBe("cancelled");
    const failed = run([provider({ type: "refund_failed", of: "p1" })], cancelledAndRefunded);
    expect(planMoneyState(failed.money, true)).toBe("cancellation_pending_refund");
    expect(moneyHeld(failed.money)).toBe(400_000);
    expect(failed.effects).toEqual([
      { type: "email", email: { kind: "refund-failed", of: "p1", amount: 400_000 } },
    ]);
    const toldAgain = run(
      [provider({ type: "refund_failed", of: "p1" }), provider({ type: "refunded", of: "p1" })],
      failed.money,
    );
    expect(toldAgain.money).toEqual(failed.money);
    expect(toldAgain.effects).toEqual([]);
  });

  it("sent again, is a new attempt (a new key with the provider), and settles the plan once refunded", () => {
    const failed = run([provider({ type: "refund_failed", of: "p1" })], cancelledAndRefunded).money;
    const again = run([{ cause: "staff", type: "send_refund_again", of: "p1" }], failed);
    expect(again.effects).toEqual([
      { type: "refund", of: "p1", kind: "card_payment", amount: 400_000, attempt: 2 },
    ]);
    const refunded = run([provider({ type: "refunded", of: "p1" })], again.money).money;
    expect(planMoneyState(refunded, true)).toBe("cancelled");
    expect(moneyHeld(refunded)).toBe(0);
  });

  it("repaid by bank transfer, is refunded with its reference; refused unless it failed", () => {
    const failed = run([provider({ type: "refund_failed", of: "p1" })], cancelledAndRefunded).money;
    const byTransfer = run(
      [{ cause: "staff", type: "refund_paid_by_transfer", of: "p1", reference: "FPS 1" }],
      failed,
    );
    expect(byTransfer.money.refunds[0]).toMatchObject({ status: "refunded", transferReference: "FPS 1" });
    expect(planMoneyState(byTransfer.money, true)).toBe("cancelled");
    expect(byTransfer.effects).toEqual([]);
    // Nor can the provider's late news undo it.
    expect(run([provider({ type: "refund_failed", of: "p1" })], byTransfer.money).money).toEqual(
      byTransfer.money,
    );
    expect(
      nextPlanMoney(byTransfer.money, {
        cause: "staff",
        type: "refund_paid_by_transfer",
        of: "p1",
        reference: "x",
      }),
    ).toEqual({ ok: false, status: 409, message: purchaseMessages.refundAlreadyRefunded });
    const owed = run(
      [{ cause: "customer", type: "cancel" }],
      run([
        { cause: "customer", type: "choose", choice: full },
        { cause: "customer", type: "open_card_payment", payment: { id: "p2", option: "full", amount: 1 } },
        provider({ type: "card_payment", id: "p2", status: "confirmed" }),
      ]).money,
    ).money;
    expect(
      nextPlanMoney(owed, { cause: "staff", type: "refund_paid_by_transfer", of: "p2", reference: "x" }),
    ).toEqual({ ok: false, status: 409, message: purchaseMessages.refundNotFailed });
  });
});

describe("money the customer's bank takes back: disputes, charge backs and indemnity claims (issue 46 item 5)", () => {
  const paidInFull = run([
    { cause: "customer", type: "choose", choice: full },
    { cause: "customer", type: "open_card_payment", payment: { id: "p1", option: "full", amount: 400_000 } },
    provider({ type: "card_payment", id: "p1", status: "confirmed" }),
  ]).money;
  const refundOf = (money: PlanMoney, of: string) => money.refunds.find((refund) => refund.of === of);

  it("a dispute open leaves the plan paid, and holds the money apart; won, it is ours again; lost, the plan's payments have stopped", () => {
    const disputed = run(
      [provider({ type: "card_payment", id: "p1", status: "disputed" })],
      paidInFull,
    ).money;
    expect(planMoneyState(disputed, true)).toBe("paid");
    expect(moneyInDispute(disputed)).toBe(400_000);
    expect(moneyHeld(disputed)).toBe(0);
    const won = run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], disputed);
    expect(planMoneyState(won.money, true)).toBe("paid");
    expect(moneyHeld(won.money)).toBe(400_000);
    expect(won.effects).toEqual([]);
    const lost = run([provider({ type: "card_payment", id: "p1", status: "charged_back" })], disputed).money;
    expect(planMoneyState(lost, true)).toBe("payments_stopped");
    expect(moneyHeld(lost)).toBe(0);
    // Paying again is for the price, as agreed, and a late "taken" cannot undo the loss.
    expect(run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], lost).money).toEqual(
      lost,
    );
    const paidAgain = run(
      [
        {
          cause: "customer",
          type: "open_card_payment",
          payment: { id: "p2", option: "full", amount: 400_000 },
        },
        provider({ type: "card_payment", id: "p2", status: "confirmed" }),
      ],
      lost,
    ).money;
    expect(planMoneyState(paidAgain, true)).toBe("paid");
    // Paid again, the plan is not bought a second time: no second confirmation.
    const paidAgainEffects = run(
      [
        {
          cause: "customer",
          type: "open_card_payment",
          payment: { id: "p3", option: "full", amount: 400_000 },
        },
        provider({ type: "card_payment", id: "p3", status: "confirmed" }),
      ],
      lost,
    ).effects;
    expect(paidAgainEffects.filter((effect) => effect.type === "email")).toEqual([]);
  });

  it("a refund not yet made when the bank takes the money back is withdrawn and never sent; a dispute won makes it owed again", () => {
    const cancelled = run([{ cause: "customer", type: "cancel" }], paidInFull).money;
    expect(refundOf(cancelled, "p1")?.status).toBe("owed");
    const disputed = run([provider({ type: "card_payment", id: "p1", status: "disputed" })], cancelled);
    expect(refundOf(disputed.money, "p1")).toMatchObject({ status: "withdrawn", amount: 400_000 });
    expect(disputed.effects).toEqual([]);
    expect(planMoneyState(disputed.money, true)).toBe("cancelled");
    expect(nextPlanMoney(disputed.money, { cause: "staff", type: "send_refund_again", of: "p1" })).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.refundNotOwed,
    });
    const won = run([provider({ type: "card_payment", id: "p1", status: "confirmed" })], disputed.money);
    expect(refundOf(won.money, "p1")).toMatchObject({ status: "owed", attempt: 2 });
    expect(won.effects).toEqual([
      { type: "refund", of: "p1", kind: "card_payment", amount: 400_000, attempt: 2 },
    ]);
    expect(planMoneyState(won.money, true)).toBe("cancellation_pending_refund");
    const lost = run([provider({ type: "card_payment", id: "p1", status: "charged_back" })], disputed.money);
    expect(refundOf(lost.money, "p1")?.status).toBe("withdrawn");
    expect(planMoneyState(lost.money, true)).toBe("cancelled");
    expect(repaidTwice(lost.money)).toEqual([]);
  });

  it("a refund already made is never deleted when an indemnity claim follows: the money was repaid twice, for finance to recover", () => {
    const collected = run([
      { cause: "customer", type: "choose", choice: deposit },
      {
        cause: "customer",
        type: "set_up_direct_debit",
        mandateId: "m1",
        collections: [
          { id: "c1", amount: 10_000 },
          { id: "c2", amount: 10_000 },
        ],
      },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "d1", option: "deposit", amount: 25_000 },
      },
      provider({ type: "card_payment", id: "d1", status: "confirmed" }),
      provider({ type: "collection", id: "c1", status: "collected" }),
      { cause: "customer", type: "cancel" },
      provider({ type: "refunded", of: "d1" }),
      provider({ type: "refunded", of: "c1" }),
    ]).money;
    expect(planMoneyState(collected, true)).toBe("cancelled");
    const claimed = run([provider({ type: "collection", id: "c1", status: "failed" })], collected).money;
    expect(refundOf(claimed, "c1")).toMatchObject({ status: "refunded", amount: 10_000 });
    expect(repaidTwice(claimed)).toEqual([{ of: "c1", amount: 10_000 }]);
    // What we hold is below nothing by what the customer has twice.
    expect(moneyHeld(claimed)).toBe(-10_000);
  });

  it("a refund that fails after the bank gave the money back is not made again", () => {
    const cancelled = run(
      [
        { cause: "customer", type: "cancel" },
        provider({ type: "card_payment", id: "p1", status: "charged_back" }),
      ],
      paidInFull,
    ).money;
    const failed = run([provider({ type: "refund_failed", of: "p1" })], cancelled);
    expect(failed.money).toEqual(cancelled);
    expect(failed.effects).toEqual([]);
  });
});

describe("sending a refund again (staff, issue 24 item 5)", () => {
  const cancelledAfterPaying = run([
    { cause: "customer", type: "choose", choice: full },
    { cause: "customer", type: "open_card_payment", payment: { id: "p1", option: "full", amount: 400_000 } },
    provider({ type: "card_payment", id: "p1", status: "confirmed" }),
    { cause: "customer", type: "cancel" },
  ]).money;

  it("asks the provider for the same refund again, changing nothing else, while it is owed", () => {
    const again = nextPlanMoney(cancelledAfterPaying, {
      cause: "staff",
      type: "send_refund_again",
      of: "p1",
    });
    expect(again).toEqual({
      ok: true,
      money: cancelledAfterPaying,
      effects: [{ type: "refund", of: "p1", kind: "card_payment", amount: 400_000, attempt: 1 }],
    });
  });

  it("refuses once the provider confirmed it, and for money on which no refund is owed", () => {
    const refunded = run([provider({ type: "refunded", of: "p1" })], cancelledAfterPaying).money;
    expect(nextPlanMoney(refunded, { cause: "staff", type: "send_refund_again", of: "p1" })).toEqual({
      ok: false,
      status: 409,
      message: purchaseMessages.refundAlreadyRefunded,
    });
    expect(
      nextPlanMoney(cancelledAfterPaying, { cause: "staff", type: "send_refund_again", of: "c9" }),
    ).toEqual({ ok: false, status: 409, message: purchaseMessages.refundNotOwed });
  });
});
