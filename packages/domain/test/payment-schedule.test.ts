import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  depositChoicesFor,
  isPlanPaid,
  monthsAfter,
  paymentChoiceMessages,
  paymentChoiceProblems,
  paymentSchedule,
  paymentsLeft,
  sumPence,
  type PaymentTerms,
} from "@kindred/domain";

const terms: PaymentTerms = {
  depositChoices: [25_000, 50_000, 100_000],
  terms: [
    { months: 12, charge: 0 },
    { months: 24, charge: 9_500 },
    { months: 60, charge: 24_500 },
  ],
  minimumInstalment: 1_000,
  moratoriumMonths: 24,
};

describe("paymentSchedule", () => {
  it("a full payment is the price, paid now, with nothing to follow", () => {
    expect(paymentSchedule(412_500, { option: "full" }, terms, "2026-11-23")).toEqual({
      option: "full",
      planPrice: 412_500,
      payNow: 412_500,
      instalmentCharge: 0,
      instalments: [],
      totalPayable: 412_500,
    });
  });

  it("splits the rest and the term's charge into monthly instalments, odd pennies on the first", () => {
    const schedule = paymentSchedule(
      412_501,
      { option: "deposit", deposit: 25_000, months: 24 },
      terms,
      "2026-11-23",
    );
    // 412,501 − 25,000 + 9,500 = 397,001 over 24 months: 16,541 a month and 17 pence more on the first.
    expect(schedule.payNow).toBe(25_000);
    expect(schedule.instalmentCharge).toBe(9_500);
    expect(schedule.totalPayable).toBe(422_001);
    expect(schedule.instalments).toHaveLength(24);
    expect(schedule.instalments[0]?.amount).toBe(16_558);
    expect(schedule.instalments.slice(1).every((instalment) => instalment.amount === 16_541)).toBe(true);
  });

  it("asks for the first instalment 10 working days ahead, skipping the Christmas bank holidays, then monthly", () => {
    const schedule = paymentSchedule(
      300_000,
      { option: "deposit", deposit: 50_000, months: 12 },
      terms,
      "2026-12-17",
    );
    // 18, 21, 22, 23, 24, 29, 30, 31 December, 4 and 5 January: 25 and 28 December and 1 January are holidays.
    expect(schedule.instalments.map((instalment) => instalment.date).slice(0, 3)).toEqual([
      "2027-01-05",
      "2027-02-05",
      "2027-03-05",
    ]);
    expect(schedule.instalments.at(-1)?.date).toBe("2027-12-05");
  });

  it("refuses a choice the catalogue does not offer", () => {
    expect(() =>
      paymentSchedule(300_000, { option: "deposit", deposit: 12_345, months: 12 }, terms, "2026-11-23"),
    ).toThrow(paymentChoiceMessages.depositNotOffered);
    expect(() =>
      paymentSchedule(300_000, { option: "deposit", deposit: 25_000, months: 13 }, terms, "2026-11-23"),
    ).toThrow(paymentChoiceMessages.termNotOffered);
  });

  it("offers only deposits below the plan's price", () => {
    expect(depositChoicesFor(60_000, terms)).toEqual([25_000, 50_000]);
    expect(paymentChoiceProblems(50_000, { option: "deposit", deposit: 50_000, months: 12 }, terms)).toEqual({
      deposit: paymentChoiceMessages.depositTooLarge,
    });
  });

  it("refuses instalments below the least the catalogue collects", () => {
    // £300 left over 60 months with a £245 charge is £9.08 a month.
    expect(paymentChoiceProblems(55_000, { option: "deposit", deposit: 25_000, months: 60 }, terms)).toEqual({
      months:
        "Each monthly payment would be less than £10. Please choose fewer months or a smaller deposit, or pay in full.",
    });
    expect(paymentChoiceProblems(55_000, { option: "deposit", deposit: 25_000, months: 24 }, terms)).toEqual(
      {},
    );
  });

  it("instalments and deposit add up to the total payable to the penny, for any price and choice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom(...terms.depositChoices),
        fc.constantFrom(...terms.terms),
        (aboveTheLeast, deposit, term) => {
          const planPrice = deposit + term.months * terms.minimumInstalment + aboveTheLeast;
          const schedule = paymentSchedule(
            planPrice,
            { option: "deposit", deposit, months: term.months },
            terms,
            "2026-11-23",
          );
          const amounts = schedule.instalments.map((instalment) => instalment.amount);
          expect(schedule.payNow + sumPence(amounts)).toBe(schedule.totalPayable);
          expect(schedule.totalPayable).toBe(planPrice + term.charge);
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThan(term.months);
          expect(amounts.every((amount) => Number.isInteger(amount) && amount > 0)).toBe(true);
        },
      ),
    );
  });
});

describe("paymentsLeft (issue 46 item 1)", () => {
  it("continues from what is held, never the whole price again, and adds up to the penny, for any price, choice and collections taken", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom(...terms.depositChoices),
        fc.constantFrom(...terms.terms),
        fc.boolean(),
        fc.nat(),
        (aboveTheLeast, deposit, term, depositTaken, taken) => {
          const planPrice = deposit + term.months * terms.minimumInstalment + aboveTheLeast;
          const schedule = paymentSchedule(
            planPrice,
            { option: "deposit", deposit, months: term.months },
            terms,
            "2026-11-23",
          );
          const collected = schedule.instalments
            .slice(0, taken % schedule.instalments.length)
            .map((instalment) => instalment.amount);
          const held = (depositTaken ? deposit : 0) + sumPence(collected);
          const left = paymentsLeft(schedule, { depositTaken, collected }, "2027-03-04");
          // By card: the rest of the price, so the plan then holds its price exactly (nothing, once
          // the instalments taken, with their charge, come to the price already).
          expect(left.byCard).toBe(Math.max(0, planPrice - held));
          // By a new Direct Debit: what is left of the total, over the months left, to the penny.
          const amounts = left.instalments.map((instalment) => instalment.amount);
          expect(held + left.depositStillOwed + sumPence(amounts)).toBe(schedule.totalPayable);
          expect(left.depositStillOwed).toBe(depositTaken ? 0 : deposit);
          expect(amounts).toHaveLength(term.months - collected.length);
          expect(amounts.every((amount) => Number.isInteger(amount) && amount > 0)).toBe(true);
          expect(left.instalments[0]?.date).toBe(
            paymentSchedule(
              planPrice,
              { option: "deposit", deposit, months: term.months },
              terms,
              "2027-03-04",
            ).instalments[0]?.date,
          );
        },
      ),
    );
  });

  it("with nothing held, the new Direct Debit's instalments are the schedule's own", () => {
    const schedule = paymentSchedule(
      412_501,
      { option: "deposit", deposit: 25_000, months: 24 },
      terms,
      "2026-11-23",
    );
    const left = paymentsLeft(schedule, { depositTaken: false, collected: [] }, "2026-11-23");
    expect(left.instalments).toEqual(schedule.instalments);
    expect(left.byCard).toBe(412_501);
  });
});

describe("monthsAfter", () => {
  it("keeps the day of the month, or the month's last day when it is shorter", () => {
    expect(monthsAfter("2027-01-31", 1)).toBe("2027-02-28");
    expect(monthsAfter("2027-01-31", 13)).toBe("2028-02-29");
    expect(monthsAfter("2027-01-31", 2)).toBe("2027-03-31");
    expect(monthsAfter("2027-11-05", 2)).toBe("2028-01-05");
  });
});

describe("isPlanPaid (SPEC.md section 4)", () => {
  it("is paid once any payment is completed, whatever the Direct Debit", () => {
    expect(isPlanPaid({ payments: [{ completed: false }, { completed: true }], directDebit: null })).toBe(
      true,
    );
    expect(isPlanPaid({ payments: [{ completed: false }], directDebit: { reference: "KND-1" } })).toBe(false);
  });

  it("with no payments, is paid when a Direct Debit exists", () => {
    expect(isPlanPaid({ payments: [], directDebit: { reference: "KND-1" } })).toBe(true);
    expect(isPlanPaid({ payments: [], directDebit: null })).toBe(false);
  });
});
