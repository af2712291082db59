import { formatPrice, type Pence } from "./money";
import { firstCollectionDate } from "./working-days";

/**
 * How a plan is paid for (SPEC.md section 3: payment options full and deposit; issue 10 item 1):
 * the whole price by card now, or a deposit by card and the rest in monthly Direct Debit
 * instalments. What is offered (deposits, terms, the charge for each term) is catalogue data
 * (`content/catalogue/payment-terms.json`); this is the one place a schedule is worked out, for
 * the screen, the documents, the stored plan and the charges alike.
 */
export const paymentOptions = ["full", "deposit"] as const;
export type PaymentOption = (typeof paymentOptions)[number];

/** One term offered for paying by instalments, and what paying over it costs on top of the price. */
interface InstalmentTerm {
  months: number;
  charge: Pence;
}

/** What the catalogue offers: the deposits a person may pay, and the terms for the rest. */
export interface PaymentTerms {
  depositChoices: readonly Pence[];
  terms: readonly InstalmentTerm[];
  /** The least a monthly instalment may be: collecting pennies costs more than it is worth. */
  minimumInstalment: Pence;
  /**
   * The plan's first months (FPCOB 7.2's moratorium, at most 24): past them, a plan paid by
   * instalments provides the funeral with nothing more to pay (when-the-time-comes.ts).
   */
  moratoriumMonths: number;
}

export type PaymentChoice = { option: "full" } | { option: "deposit"; deposit: Pence; months: number };

interface Instalment {
  /** 1 for the first collection. */
  number: number;
  /** An ISO date: the day the collection is asked for. */
  date: string;
  amount: Pence;
}

export interface PaymentSchedule {
  option: PaymentOption;
  /** The plan's price, as the journey priced it. */
  planPrice: Pence;
  /** Paid by card now: the whole price, or the deposit. */
  payNow: Pence;
  /** What paying by instalments adds, shown as its own line; 0 for a full payment. */
  instalmentCharge: Pence;
  /** Monthly by Direct Debit, first to last; empty for a full payment. */
  instalments: Instalment[];
  /** Everything paid: `payNow` plus every instalment, to the penny. */
  totalPayable: Pence;
}

/** What may be wrong with a choice, in words for the person making it. */
export const paymentChoiceMessages = {
  depositNotOffered: "Please choose one of the deposits we offer.",
  depositTooLarge: "The deposit must be less than the price of your plan. You could pay in full instead.",
  termNotOffered: "Please choose how many months to pay over.",
  instalmentTooSmall: (minimum: string) =>
    `Each monthly payment would be less than ${minimum}. Please choose fewer months or a smaller deposit, or pay in full.`,
} as const;

/** Which deposits can be chosen for a plan of this price: those less than the price. */
export function depositChoicesFor(planPrice: Pence, terms: PaymentTerms): Pence[] {
  return terms.depositChoices.filter((deposit) => deposit < planPrice);
}

/** What is wrong with a choice for a plan of this price, keyed by field; empty when it may be used. */
export function paymentChoiceProblems(
  planPrice: Pence,
  choice: PaymentChoice,
  terms: PaymentTerms,
): { deposit?: string; months?: string } {
  if (choice.option === "full") return {};
  const problems: { deposit?: string; months?: string } = {};
  if (!terms.depositChoices.includes(choice.deposit))
    problems.deposit = paymentChoiceMessages.depositNotOffered;
  else if (choice.deposit >= planPrice) problems.deposit = paymentChoiceMessages.depositTooLarge;
  const term = terms.terms.find((offered) => offered.months === choice.months);
  if (!term) problems.months = paymentChoiceMessages.termNotOffered;
  else if (
    !problems.deposit &&
    planPrice - choice.deposit + term.charge < term.months * terms.minimumInstalment
  ) {
    problems.months = paymentChoiceMessages.instalmentTooSmall(formatPrice(terms.minimumInstalment));
  }
  return problems;
}

/**
 * The date `monthsLater` months after `firstDate`, kept on the same day of the month where the
 * month has it, otherwise that month's last day (31 January, then 28 or 29 February): a monthly
 * collection's date, and the end of a plan's first months (when-the-time-comes.ts).
 */
export function monthsAfter(firstDate: string, monthsLater: number): string {
  const [year, month, day] = firstDate.split("-").map(Number) as [number, number, number];
  const monthIndex = month - 1 + monthsLater;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = monthIndex % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, "0")}-${String(targetMonth + 1).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/**
 * The schedule for a choice, with instalments starting on the first collection date a new Direct
 * Debit allows from `today` (10 working days' notice). What is left after the deposit, plus the
 * term's charge, is split into equal monthly amounts; the pennies that do not divide go on the
 * first instalment, so every instalment adds up to the total exactly. Throws on a choice with
 * problems: check it with `paymentChoiceProblems` first.
 */
export function paymentSchedule(
  planPrice: Pence,
  choice: PaymentChoice,
  terms: PaymentTerms,
  today: string,
): PaymentSchedule {
  if (!Number.isInteger(planPrice) || planPrice <= 0) {
    throw new RangeError(`A plan's price must be a positive whole number of pence, got ${planPrice}`);
  }
  if (choice.option === "full") {
    return {
      option: "full",
      planPrice,
      payNow: planPrice,
      instalmentCharge: 0,
      instalments: [],
      totalPayable: planPrice,
    };
  }
  const problems = paymentChoiceProblems(planPrice, choice, terms);
  const problem = problems.deposit ?? problems.months;
  if (problem) throw new RangeError(problem);
  const charge = terms.terms.find((term) => term.months === choice.months)?.charge ?? 0;
  return {
    option: "deposit",
    planPrice,
    payNow: choice.deposit,
    instalmentCharge: charge,
    instalments: monthlyInstalments(planPrice - choice.deposit + charge, choice.months, today),
    totalPayable: planPrice + charge,
  };
}

/**
 * `owed` in `months` equal monthly amounts from the first collection date a new Direct Debit
 * allows from `today`; the pennies that do not divide go on the first, so they add up to `owed`.
 */
function monthlyInstalments(owed: Pence, months: number, today: string): Instalment[] {
  const monthly = Math.floor(owed / months);
  const firstDate = firstCollectionDate(today);
  return Array.from({ length: months }, (_, index) => ({
    number: index + 1,
    date: monthsAfter(firstDate, index),
    amount: index === 0 ? owed - monthly * (months - 1) : monthly,
  }));
}

/** What a plan already holds towards its schedule: its deposit, and each instalment collected. */
export interface HeldTowardsSchedule {
  depositTaken: boolean;
  /** Each monthly payment collected and not given back, in pence. */
  collected: readonly Pence[];
}

/**
 * What is left to pay on a plan paid by instalments that already holds money, once its Direct
 * Debit has ended (issue 46 item 1; docs/decisions/044-payments-stopped.md): never the whole price
 * again, always from what is held, at the schedule's own (agreed) price. Either way of continuing:
 *
 * - `byCard`: the rest of the plan's price at once, by card: the price less everything held. The
 *   charge for paying by instalments is for paying over time, so paying the rest now owes none of
 *   it beyond what the instalments already collected carried; the plan then holds its price.
 * - by a new Direct Debit: the deposit, if it was never taken (`depositStillOwed`, by card as
 *   before), and what is left of the schedule's total (`totalPayable`, charge included) spread
 *   over the months left of its term (at least one), odd pennies on the first, so the deposit,
 *   what is held and `instalments` add up to the total to the penny.
 */
export function paymentsLeft(
  schedule: PaymentSchedule,
  held: HeldTowardsSchedule,
  today: string,
): { byCard: Pence; depositStillOwed: Pence; instalments: Instalment[] } {
  const collected = held.collected.reduce((total, amount) => total + amount, 0);
  const deposit = schedule.option === "deposit" ? schedule.payNow : 0;
  const depositHeld = held.depositTaken ? deposit : 0;
  const monthsLeft = Math.max(1, schedule.instalments.length - held.collected.length);
  const instalmentsOwed = schedule.totalPayable - deposit - collected;
  return {
    byCard: Math.max(0, schedule.planPrice - depositHeld - collected),
    depositStillOwed: deposit - depositHeld,
    instalments:
      schedule.option === "deposit" && instalmentsOwed > 0
        ? monthlyInstalments(instalmentsOwed, monthsLeft, today)
        : [],
  };
}

/**
 * SPEC.md section 4, payment status: a plan is paid if any payment is completed, or, when there
 * are no payments, if a Direct Debit exists. The one place this is decided.
 */
export function isPlanPaid(plan: {
  payments: readonly { completed: boolean }[];
  directDebit: unknown;
}): boolean {
  if (plan.payments.length > 0) return plan.payments.some((payment) => payment.completed);
  return plan.directDebit !== null && plan.directDebit !== undefined;
}
