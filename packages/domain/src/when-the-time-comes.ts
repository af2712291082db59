import type { Pence } from "./money";
import { monthsAfter, type PaymentChoice } from "./payment-schedule";

/**
 * What happens when the person covered by a plan dies (issue 23 item 1;
 * docs/decisions/026-when-the-time-comes.md): the one rule, and the words that explain it. Every
 * place that tells a person what happens (the payment options, the plan details, the terms, the
 * questions and answers, the confirmation email, the account) quotes `whenTheTimeComesExplained`,
 * and a test checks each of its cases against `whenTheTimeComes`.
 *
 * The law (FCA, FPCOB 7.2): a plan paid by instalments over longer than the moratorium (at most 24
 * months from the contract date, a catalogue setting here) must provide the funeral once that period
 * has passed with nothing more to pay; an accidental death inside it is covered too; any other
 * death inside it may be treated as a cancellation, with everything paid refunded. Where the law
 * leaves us a choice, the family chooses: inside the first months, they may pay what is left of
 * the plan's price (never the instalment charge) and have the funeral as planned, or take the
 * refund. Paid in full, the funeral is always provided.
 */

/** FPCOB 7.2: the moratorium may not be longer than this. */
export const longestMoratoriumMonths = 24;

/** A bought plan, as the rule needs it. */
export interface PlanAtDeath {
  /** The ISO date the plan was bought: its contract date. */
  contractDate: string;
  choice: PaymentChoice;
  /** The plan's guaranteed price, without any instalment charge. */
  planPrice: Pence;
  /** Everything paid for the plan and kept (refunded money left out). */
  paid: Pence;
  /** The catalogue's moratorium when the plan was bought, in months. */
  moratoriumMonths: number;
}

export interface Death {
  /** The ISO date of death. */
  date: string;
  accidental: boolean;
}

/** Why the funeral is provided with nothing more to pay. */
type ProvidedBecause = "paidInFull" | "pastTheFirstMonths" | "accident";

export type AtDeath =
  /** The funeral is provided as planned; nobody pays anything more, and any instalments left are cancelled. */
  | { funeral: "provided"; because: ProvidedBecause; leftToPay: 0; refund: 0 }
  /**
   * The family chooses: whoever arranges the funeral pays `balance` (what is left of the plan's
   * price) and the funeral is provided as planned; or everything paid, `refund`, is refunded to
   * whoever paid it, with no fee, and the plan ends.
   */
  | { funeral: "ifTheBalanceIsPaid"; balance: Pence; refund: Pence };

/** The first day past the plan's first months: a death on or after it is past the moratorium. */
export function endOfTheFirstMonths(contractDate: string, moratoriumMonths: number): string {
  return monthsAfter(contractDate, moratoriumMonths);
}

/** The one rule: what happens to a bought plan when the person covered dies. */
export function whenTheTimeComes(plan: PlanAtDeath, death: Death): AtDeath {
  if (death.date < plan.contractDate) {
    throw new RangeError(`A death on ${death.date} is before the plan began on ${plan.contractDate}`);
  }
  const provided = (because: ProvidedBecause): AtDeath => ({
    funeral: "provided",
    because,
    leftToPay: 0,
    refund: 0,
  });
  const balance = plan.planPrice - plan.paid;
  if (plan.choice.option === "full" || balance <= 0) return provided("paidInFull");
  if (death.date >= endOfTheFirstMonths(plan.contractDate, plan.moratoriumMonths)) {
    return provided("pastTheFirstMonths");
  }
  if (death.accidental) return provided("accident");
  return { funeral: "ifTheBalanceIsPaid", balance, refund: plan.paid };
}

/**
 * A way of paying as the explanation needs it: in full, or by instalments over so many months
 * (or over any of the terms offered, where `months` is left out: the terms, the questions and answers).
 */
export type PayingBy = { option: "full" } | { option: "deposit"; months?: number };

/**
 * One case of the rule in words, with the circumstances it speaks of, so a test can put them to
 * `whenTheTimeComes` and check the words say what the rule does.
 */
export interface ExplainedCase {
  text: string;
  /** The circumstances: how far into the plan, whether paid in full, whether accidental. */
  example: { monthsIntoThePlan: number; paidInFull: boolean; accidental: boolean };
  /** What the text promises. */
  promises: AtDeath["funeral"];
}

/** "24 months", "1 month". */
function months(count: number): string {
  return `${count} month${count === 1 ? "" : "s"}`;
}

/**
 * What happens when the person covered dies, in plain words, for a way of paying: the sentences
 * every page, document and email quotes. `moratoriumMonths` is the catalogue's.
 */
export function whenTheTimeComesExplained(payingBy: PayingBy, moratoriumMonths: number): ExplainedCase[] {
  if (payingBy.option === "full") {
    return [
      {
        text: "Paid in full, the funeral is provided as planned whenever the person covered dies, and nobody is asked to pay anything more for what the plan includes.",
        example: { monthsIntoThePlan: 0, paidInFull: true, accidental: false },
        promises: "provided",
      },
    ];
  }
  const first = months(moratoriumMonths);
  const term = payingBy.months;
  const stillDue =
    term === undefined
      ? "even if payments are still due"
      : term > moratoriumMonths
        ? `even though up to ${months(term - moratoriumMonths)} of payments would still be due`
        : "even if a payment is still due";
  return [
    {
      text: "Once the plan is paid in full, the funeral is provided as planned whenever the person covered dies, with nothing more to pay.",
      example: {
        monthsIntoThePlan: moratoriumMonths - 1,
        paidInFull: true,
        accidental: false,
      },
      promises: "provided",
    },
    {
      text: `If the person covered dies ${first} or more after the plan starts, the funeral is provided as planned and nothing more is paid, ${stillDue}.`,
      example: { monthsIntoThePlan: moratoriumMonths, paidInFull: false, accidental: false },
      promises: "provided",
    },
    {
      text: `If the person covered dies in an accident in the first ${first}, the funeral is provided as planned and nothing more is paid.`,
      example: { monthsIntoThePlan: 0, paidInFull: false, accidental: true },
      promises: "provided",
    },
    {
      text: `If the person covered dies from any other cause in the first ${first}, before the plan is paid in full, their family chooses: pay what is left of the plan's price (without the charge for paying by instalments) and the funeral goes ahead as planned, or have everything paid refunded in full, with no fee.`,
      example: { monthsIntoThePlan: moratoriumMonths - 1, paidInFull: false, accidental: false },
      promises: "ifTheBalanceIsPaid",
    },
  ];
}

/**
 * The rule in Markdown, for the texts that explain it whatever the way of paying (the terms, the
 * plan details, the questions and answers): paying in full, then by instalments, each case a bullet.
 */
export function whenTheTimeComesMarkdown(moratoriumMonths: number): string {
  const bullets = (payingBy: PayingBy) =>
    whenTheTimeComesExplained(payingBy, moratoriumMonths)
      .map((each) => `- ${each.text}`)
      .join("\n");
  return [
    "If you pay in full:",
    bullets({ option: "full" }),
    "If you pay a deposit and the rest by monthly Direct Debit:",
    bullets({ option: "deposit" }),
  ].join("\n\n");
}
