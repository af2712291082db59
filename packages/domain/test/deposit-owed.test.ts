import { describe, expect, it } from "vitest";
import { depositOwed, nextPlanMoney, planMoneyState, type MoneyEvent, type PlanMoney } from "@kindred/domain";

const nothingYet: PlanMoney = {
  cancelled: false,
  funeralRequested: false,
  choice: null,
  payments: [],
  mandates: [],
  collections: [],
  refunds: [],
};
const deposit = { option: "deposit", deposit: 25_000, months: 12 } as const;

/** Applies events in order; every one must be accepted. */
function run(events: readonly MoneyEvent[], from: PlanMoney = nothingYet): PlanMoney {
  return events.reduce((money, event) => {
    const next = nextPlanMoney(money, event);
    if (!next.ok) throw new Error(`${event.type} was refused: ${next.message}`);
    return next.money;
  }, from);
}

const chosen: MoneyEvent = { cause: "customer", type: "choose", choice: deposit };
const directDebit: MoneyEvent = {
  cause: "customer",
  type: "set_up_direct_debit",
  mandateId: "m1",
  collections: [
    { id: "c1", amount: 30_000 },
    { id: "c2", amount: 30_000 },
  ],
};
const openDeposit: MoneyEvent = {
  cause: "customer",
  type: "open_card_payment",
  payment: { id: "p1", option: "deposit", amount: 25_000 },
};
const depositIs = (status: "requires_action" | "confirmed" | "failed" | "cancelled"): MoneyEvent => ({
  cause: "provider",
  type: "card_payment",
  id: "p1",
  status,
});

describe("depositOwed (issue 25 item 1)", () => {
  it("owes the deposit once the Direct Debit stands and until its card payment is taken", () => {
    const setUp = run([chosen, directDebit]);
    expect(planMoneyState(setUp, true)).toBe("paying_by_instalments");
    expect(depositOwed(setUp)).toBe(25_000);

    // Started and not finished, asked for the bank's step, or declined: still owed.
    const opened = run([openDeposit], setUp);
    expect(depositOwed(opened)).toBe(25_000);
    expect(depositOwed(run([depositIs("requires_action")], opened))).toBe(25_000);
    expect(depositOwed(run([depositIs("failed")], opened))).toBe(25_000);

    expect(depositOwed(run([depositIs("confirmed")], opened))).toBeNull();
  });

  it("owes nothing when the deposit was paid before the Direct Debit was set up", () => {
    const paidFirst = run([chosen, openDeposit, depositIs("confirmed"), directDebit]);
    expect(depositOwed(paidFirst)).toBeNull();
  });

  it("owes nothing before a Direct Debit stands, or once it has failed: the plan is still being paid for", () => {
    expect(depositOwed(nothingYet)).toBeNull();
    expect(depositOwed(run([chosen]))).toBeNull();
    const failed = run([
      chosen,
      directDebit,
      { cause: "provider", type: "mandate", id: "m1", status: "failed" },
    ]);
    expect(depositOwed(failed)).toBeNull();
  });

  it("owes nothing on a plan paid in full, cancelled, or whose funeral is requested", () => {
    const inFull = run([
      { cause: "customer", type: "choose", choice: { option: "full" } },
      {
        cause: "customer",
        type: "open_card_payment",
        payment: { id: "p1", option: "full", amount: 400_000 },
      },
      depositIs("confirmed"),
    ]);
    expect(depositOwed(inFull)).toBeNull();

    const setUp = run([chosen, directDebit]);
    expect(depositOwed(run([{ cause: "customer", type: "cancel" }], setUp))).toBeNull();
    expect(depositOwed(run([{ cause: "informant", type: "funeral_requested" }], setUp))).toBeNull();
  });

  it("owes the deposit still when every instalment has been collected without it: the plan is not paid", () => {
    const collected = run([
      chosen,
      directDebit,
      { cause: "provider", type: "collection", id: "c1", status: "collected" },
      { cause: "provider", type: "collection", id: "c2", status: "collected" },
    ]);
    expect(planMoneyState(collected, true)).toBe("paying_by_instalments");
    expect(depositOwed(collected)).toBe(25_000);
  });
});
