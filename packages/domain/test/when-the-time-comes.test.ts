import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  daysAfter,
  endOfTheFirstMonths,
  longestMoratoriumMonths,
  monthsAfter,
  refundWithinDays,
  whenTheTimeComes,
  whenTheTimeComesExplained,
  whenTheTimeComesMarkdown,
  type PlanAtDeath,
} from "@kindred/domain";

const instalments = (months: number, paid: number): PlanAtDeath => ({
  contractDate: "2027-03-14",
  choice: { option: "deposit", deposit: 50_000, months },
  planPrice: 400_000,
  paid,
  moratoriumMonths: 24,
});

describe("whenTheTimeComes", () => {
  it("provides a plan paid in full, whenever the death and however it came", () => {
    const plan: PlanAtDeath = { ...instalments(60, 0), choice: { option: "full" }, paid: 400_000 };
    expect(whenTheTimeComes(plan, { date: "2027-03-14", accidental: false })).toEqual({
      funeral: "provided",
      because: "paidInFull",
      leftToPay: 0,
      refund: 0,
    });
  });

  it("inside the first 24 months, from illness, lets the family pay the rest of the price or take everything back", () => {
    expect(whenTheTimeComes(instalments(60, 80_000), { date: "2029-03-13", accidental: false })).toEqual({
      funeral: "ifTheBalanceIsPaid",
      balance: 320_000,
      refund: 80_000,
    });
  });

  it("on the day 24 months after the contract, and after it, provides the funeral with nothing more to pay", () => {
    expect(endOfTheFirstMonths("2027-03-14", 24)).toBe("2029-03-14");
    for (const date of ["2029-03-14", "2031-01-02"]) {
      expect(whenTheTimeComes(instalments(60, 80_000), { date, accidental: false })).toMatchObject({
        funeral: "provided",
        because: "pastTheFirstMonths",
        leftToPay: 0,
      });
    }
  });

  it("covers an accidental death inside the first months", () => {
    expect(whenTheTimeComes(instalments(36, 50_000), { date: "2027-03-15", accidental: true })).toMatchObject(
      {
        funeral: "provided",
        because: "accident",
      },
    );
  });

  it("counts the plan's price as paid once the payments reach it, the rest of the charge forgiven", () => {
    expect(
      whenTheTimeComes(instalments(60, 400_000), { date: "2028-01-01", accidental: false }),
    ).toMatchObject({
      funeral: "provided",
      because: "paidInFull",
    });
  });

  it("refuses a death before the plan began", () => {
    expect(() => whenTheTimeComes(instalments(12, 0), { date: "2027-03-13", accidental: false })).toThrow(
      RangeError,
    );
  });

  // A day from 1 January 2024 to 31 December 2040 (6,209 days on).
  const isoDate = fc.integer({ min: 0, max: 6_209 }).map((days) => daysAfter("2024-01-01", days));
  const anyPlan = fc
    .record({
      contractDate: isoDate,
      months: fc.constantFrom(12, 24, 36, 60),
      full: fc.boolean(),
      planPrice: fc.integer({ min: 100_000, max: 1_500_000 }),
      paidShare: fc.double({ min: 0, max: 1.1, noNaN: true }),
      moratoriumMonths: fc.integer({ min: 1, max: longestMoratoriumMonths }),
    })
    .map(({ contractDate, months, full, planPrice, paidShare, moratoriumMonths }): PlanAtDeath => ({
      contractDate,
      choice: full ? { option: "full" } : { option: "deposit", deposit: 25_000, months },
      planPrice,
      paid: full ? planPrice : Math.round(planPrice * paidShare),
      moratoriumMonths,
    }));
  const aDeath = (plan: PlanAtDeath) =>
    fc.record({
      date: fc.integer({ min: 0, max: 40 * 31 }).map((days) => daysAfter(plan.contractDate, days)),
      accidental: fc.boolean(),
    });

  it("never asks anything of a family past the first months, or after an accident, or once the price is paid (FPCOB 7.2)", () => {
    fc.assert(
      fc.property(
        anyPlan.chain((plan) => fc.tuple(fc.constant(plan), aDeath(plan))),
        ([plan, death]) => {
          const atDeath = whenTheTimeComes(plan, death);
          const past = death.date >= endOfTheFirstMonths(plan.contractDate, plan.moratoriumMonths);
          if (past || death.accidental || plan.paid >= plan.planPrice || plan.choice.option === "full") {
            expect(atDeath).toMatchObject({ funeral: "provided", leftToPay: 0, refund: 0 });
          } else {
            // Inside the first months, from another cause: never less than everything back, or
            // the funeral for no more than the rest of the price.
            expect(atDeath).toEqual({
              funeral: "ifTheBalanceIsPaid",
              balance: plan.planPrice - plan.paid,
              refund: plan.paid,
            });
            expect(atDeath.funeral === "ifTheBalanceIsPaid" && atDeath.balance + atDeath.refund).toBe(
              plan.planPrice,
            );
          }
        },
      ),
    );
  });
});

describe("whenTheTimeComesExplained", () => {
  /** A plan and a death in the circumstances a case speaks of. */
  function circumstancesOf(
    example: ReturnType<typeof whenTheTimeComesExplained>[number]["example"],
    months: number | "full" | undefined,
    moratoriumMonths: number,
  ) {
    const contractDate = "2027-03-14";
    const plan: PlanAtDeath = {
      contractDate,
      choice:
        months === "full" ? { option: "full" } : { option: "deposit", deposit: 25_000, months: months ?? 60 },
      planPrice: 400_000,
      paid: example.paidInFull ? 400_000 : 100_000,
      moratoriumMonths,
    };
    const death = {
      date: monthsAfter(contractDate, example.monthsIntoThePlan),
      accidental: example.accidental,
    };
    return { plan, death };
  }

  it("says, for every way of paying and every first months allowed, exactly what the rule does", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<number | "full" | undefined>("full", undefined, 2, 12, 24, 36, 60, 120),
        fc.integer({ min: 1, max: longestMoratoriumMonths }),
        (months, moratoriumMonths) => {
          const payingBy =
            months === "full" ? { option: "full" as const } : { option: "deposit" as const, months };
          const cases = whenTheTimeComesExplained(payingBy, moratoriumMonths);
          for (const explained of cases) {
            const { plan, death } = circumstancesOf(explained.example, months, moratoriumMonths);
            expect(whenTheTimeComes(plan, death).funeral, explained.text).toBe(explained.promises);
          }
          // Each sentence names the first months as the rule counts them.
          if (months !== "full") {
            expect(cases.map((each) => each.text).join(" ")).toContain(
              `${moratoriumMonths} month${moratoriumMonths === 1 ? "" : "s"}`,
            );
          }
        },
      ),
    );
  });

  it("writes the rule for the texts that cover every way of paying, as the cases say it", () => {
    const markdown = whenTheTimeComesMarkdown(24);
    for (const payingBy of [{ option: "full" as const }, { option: "deposit" as const }]) {
      for (const explained of whenTheTimeComesExplained(payingBy, 24))
        expect(markdown).toContain(`- ${explained.text}`);
    }
    expect(markdown).toContain("even if payments are still due");
  });

  it("tells a 60-month payer what is left unpaid past the first 24 months is never asked for", () => {
    const texts = whenTheTimeComesExplained({ option: "deposit", months: 60 }, 24).map((each) => each.text);
    expect(texts).toContain(
      "If the person covered dies 24 months or more after the plan starts, the funeral is provided as planned and nothing more is paid, even though up to 36 months of payments would still be due.",
    );
  });
});

describe("refundWithinDays", () => {
  it("is within the 30 days FPCOB 13 allows", () => {
    expect(refundWithinDays).toBeGreaterThan(0);
    expect(refundWithinDays).toBeLessThanOrEqual(30);
  });
});
