import type { PlanPaymentsResponse } from "@kindred/contracts";
import {
  arrearsCatchUpWorkingDays,
  atNeedPhone,
  firmDetails,
  formatLongDate,
  formatPrice,
  purchaseMessages,
  refundDeadlineInWords,
  supportPhone,
  sumPence,
  whenTheTimeComesExplained,
  type PayingBy,
} from "@kindred/domain";
import type { WrittenPlanDocument } from "../documents";

/**
 * A plan's statement (issue 23 item 5, issue 50 item 1; docs/decisions/029-plan-statements.md and
 * 043-plan-statement-on-one-side.md), laid out as FPCOB 9 Annex 3 asks: on one side of A4, a
 * statement of its purpose and a prompt to review the plan, then "How much have I got left to
 * pay?", "What does my plan provide?", "How do I make changes to my plan?" and the rest in the
 * Annex's order. Every figure is the account's (`planPayments`: the schedule's total payable, the
 * payments taken and the collections to come) or the plan details' own (the guaranteed price, from
 * the one pricing function, in the `planProvides` slot); nothing here prices anything.
 */

type Block = WrittenPlanDocument["blocks"][number];

/** What the statement is written from. */
export interface PlanStatementFacts {
  /** The plan's short reference (decision 045). */
  planReference: string;
  payments: PlanPaymentsResponse;
  /** The UK day the funeral was requested (we were told the person covered died); null before. */
  funeralRequestedOn: string | null;
  /** The plan's nominated representative, by name; null when the customer named nobody. */
  representative: string | null;
  /** The UK day the statement is made. */
  today: string;
}

const statementTitle = "Your plan statement";

const paragraph = (text: string): Block => ({ kind: "paragraph", content: [{ text }] });
const prominent = (text: string): Block => ({ kind: "paragraph", content: [{ text, strong: true }] });
const heading = (text: string): Block => ({ kind: "heading", level: 2, text });
/** A UK day, or the UK day of a moment ("2026-07-14T23:30:00Z" is 15 July), in words. */
const day = (isoDateOrTime: string) => formatLongDate(isoDateOrTime);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function isClosed(payments: PlanPaymentsResponse): boolean {
  return payments.state === "cancelled" || payments.state === "cancellation_pending_refund";
}

/** A bought plan that still stands: neither cancelled nor used for a funeral. */
function stands({ payments, funeralRequestedOn }: PlanStatementFacts): boolean {
  return payments.whenTheTimeComes !== null && !funeralRequestedOn && !isClosed(payments);
}

/** Why the plan is no longer paid into, when it is not: cancelled, or the person covered has died. */
function closedNotice({ payments, funeralRequestedOn }: PlanStatementFacts): Block[] {
  if (funeralRequestedOn) {
    return [
      paragraph(
        `We were told that the person covered by this plan has died, and their funeral was requested on ${day(funeralRequestedOn)}. We are sorry for your loss. No more payments will be collected. For anything about the funeral, call us on ${supportPhone.display}.`,
      ),
    ];
  }
  if (!isClosed(payments)) return [];
  const refund =
    payments.refundOwed > 0
      ? `We are refunding ${formatPrice(payments.refundOwed)}, everything you paid, ${refundDeadlineInWords} of cancelling.`
      : payments.refunded > 0
        ? `We have refunded ${formatPrice(payments.refunded)}, everything you paid.`
        : "Nothing had been paid, so there is nothing to refund.";
  const when = payments.cancelledAt ? ` on ${day(payments.cancelledAt)}` : "";
  return [
    paragraph(
      `This plan was cancelled${when}. ${refund} Nothing more will be collected, and the plan no longer pays for a funeral.`,
    ),
  ];
}

/** Everything paid and kept: card payments confirmed and monthly payments collected. */
function paidToDate(payments: PlanPaymentsResponse) {
  return sumPence([
    ...payments.payments.filter((each) => each.status === "confirmed").map((each) => each.amount),
    ...payments.collections.filter((each) => each.status === "collected").map((each) => each.amount),
  ]);
}

/** The monthly payments still to be collected, a missed one (still owed) among them. */
function collectionsToCome(payments: PlanPaymentsResponse) {
  return payments.collections.length > 0
    ? payments.collections.filter(
        (each) => each.status === "scheduled" || each.status === "submitted" || each.status === "failed",
      )
    : (payments.schedule?.instalments ?? []);
}

/**
 * "How much have I got left to pay?": the total cost (the schedule's total payable, the instalment
 * charge in it), what has been paid, and the outstanding balance, which is what is still to be
 * collected; for a plan paid by instalments, the monthly payment and how long payments run.
 */
function leftToPay(facts: PlanStatementFacts): Block[] {
  const { payments } = facts;
  const blocks: Block[] = [heading("How much have I got left to pay?")];
  if (facts.funeralRequestedOn || isClosed(payments)) {
    return [...blocks, paragraph("Nothing more will be collected for this plan.")];
  }
  if (!payments.whenTheTimeComes) {
    return [...blocks, paragraph("Nothing is due until the plan is bought.")];
  }
  // The Direct Debit ended before the plan was paid (issue 46 item 1): what is left, either way.
  const stopped = payments.paymentsStopped;
  if (stopped) {
    const { instalments, depositStillOwed } = stopped.newDirectDebit;
    const ways = [
      stopped.restByCard > 0 ? `pay the rest, ${formatPrice(stopped.restByCard)}, by card` : null,
      instalments.length > 0
        ? `set up a new Direct Debit for what is left: ${formatPrice(sumPence(instalments.map((each) => each.amount)))} over ${plural(instalments.length, "month")}${depositStillOwed > 0 ? `, with your deposit of ${formatPrice(depositStillOwed)} by card` : ""}`
        : null,
    ].filter((way) => way !== null);
    return [
      ...blocks,
      prominent(
        `Your Direct Debit ended on ${day(stopped.endedOn)}, so nothing more is being collected. What you have paid is kept towards your plan.`,
      ),
      paragraph(
        `To carry on, you can ${ways.join(", or ")}, in your account or by calling us on ${supportPhone.display}.`,
      ),
    ];
  }
  const byInstalments = payments.choice?.option === "deposit";
  const toCome = byInstalments ? collectionsToCome(payments) : [];
  const outstanding = sumPence([payments.depositOwed ?? 0, ...toCome.map((each) => each.amount)]);
  const { schedule } = payments;
  const next = toCome[0];
  const last = toCome.at(-1);
  const missed = toCome.filter((each) => "status" in each && each.status === "failed").length;
  const rows: string[][] = [];
  if (next && last) {
    // The pennies that do not divide are on the first payment: the rest are the monthly payment.
    rows.push([
      "Monthly payment",
      next.amount === last.amount
        ? `${formatPrice(last.amount)} by Direct Debit`
        : `${formatPrice(last.amount)} by Direct Debit (the next is ${formatPrice(next.amount)})`,
    ]);
    rows.push([
      "Payments left",
      `${plural(toCome.length, "monthly payment")}, the last on ${day(last.date)}${missed > 0 ? ` (${missed} missed)` : ""}`,
    ]);
  }
  if (payments.depositOwed !== null) {
    rows.push([
      "Deposit still to pay",
      `${formatPrice(payments.depositOwed)} (pay it by card in your account)`,
    ]);
  }
  blocks.push({
    kind: "table",
    header: [],
    rows: [
      ...rows,
      ...(schedule ? [["Total cost of your plan", formatPrice(schedule.totalPayable)]] : []),
      ["Paid to date", formatPrice(paidToDate(payments))],
    ],
    footer: ["Outstanding balance", formatPrice(outstanding)],
  });
  if (outstanding === 0) {
    blocks.push(
      prominent(
        byInstalments
          ? "Every payment has been made: there is nothing left to pay."
          : "Your plan is paid in full: there is nothing left to pay.",
      ),
    );
  }
  const notes: string[] = [];
  if (schedule && schedule.instalmentCharge > 0) {
    notes.push(
      `The total cost includes ${formatPrice(schedule.instalmentCharge)} for paying by instalments.`,
    );
  }
  if (notes.length > 0) blocks.push(paragraph(notes.join(" ")));
  if (payments.arrears) {
    blocks.push(
      prominent(
        `${formatPrice(payments.arrears.owed)} of missed payments is owed. Please catch up by ${day(payments.arrears.catchUpBy)}, or call us if you are finding it hard: we will help.`,
      ),
    );
  }
  return blocks;
}

/** "What does my plan provide?": the funeral director by name, then what is and is not included. */
function whatItProvides({ payments }: PlanStatementFacts): Block[] {
  const appointed = payments.funeralDirector;
  const branch = appointed?.branch;
  const director: Block = branch
    ? {
        kind: "paragraph",
        content: [
          { text: "Your funeral director is " },
          { text: branch.name, strong: true },
          { text: `, ${branch.address.line1}, ${branch.address.postcode} (${branch.phone}).` },
        ],
      }
    : paragraph(
        !appointed
          ? `A funeral director is appointed when the plan is bought. Call us on ${supportPhone.display} if you have bought it and this is wrong.`
          : `The funeral director you chose can no longer take on your plan, so we are choosing another near you. We will write to you with their details within 30 days of ${day(appointed.appointedOn)}.`,
      );
  return [heading("What does my plan provide?"), director, { kind: "slot", name: "planProvides" }];
}

function makingChanges(): Block[] {
  return [
    heading("How do I make changes to my plan?"),
    paragraph(
      "Call us to change your choices, funeral director or representative: if a change costs more, you pay only the difference. Change your address, phone number or email in your account.",
    ),
  ];
}

function cancelling(): Block[] {
  return [
    heading("What happens if I want to cancel my plan?"),
    paragraph(purchaseMessages.cancellationStatement(supportPhone.display)),
  ];
}

function missingAPayment(): Block[] {
  return [
    heading("What happens if I miss a payment?"),
    paragraph(
      `We will tell you. After two in a row, you have ${arrearsCatchUpWorkingDays} working days to catch up, with no fee. If money is tight, call us.`,
    ),
  ];
}

/**
 * "What happens when the person covered dies?": whom to call, the representative the customer
 * named, and the rule's own sentences for the plan's way of paying (`whenTheTimeComesExplained`),
 * with the day a plan paid by instalments is past its first months.
 */
function whenThePersonCoveredDies({ payments, representative }: PlanStatementFacts): Block[] {
  const { choice, whenTheTimeComes } = payments;
  if (!choice || !whenTheTimeComes) return [];
  const payingBy: PayingBy =
    choice.option === "deposit" ? { option: "deposit", months: choice.months } : { option: "full" };
  const { boughtOn, moratoriumMonths, firstMonthsEndOn } = whenTheTimeComes;
  const explained = whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => each.text);
  const named = representative
    ? `You named ${representative} as your representative: make sure they know this number.`
    : "You have not named a representative: tell someone you trust this number, or call us to name one.";
  const blocks: Block[] = [heading("What happens when the person covered dies?")];
  const call = `Whoever arranges the funeral calls us on ${atNeedPhone.display}, day or night. ${named}`;
  const started =
    choice.option === "deposit"
      ? `Your plan started on ${day(boughtOn)}. Its first ${plural(moratoriumMonths, "month")} end on ${day(firstMonthsEndOn)}. `
      : "";
  // The rule's sentences run on in one paragraph: as a list, the ragged end of each took the lines
  // that keep the statement to one side of A4.
  return [...blocks, paragraph(`${call} ${started}${explained.join(" ")}`)];
}

function complaining(): Block[] {
  return [
    heading("How do I complain?"),
    paragraph(
      `Call us or email ${firmDetails.email}. If you are not happy with our answer, the Financial Ombudsman Service can look at it for free: financial-ombudsman.org.uk or 0800 023 4567.`,
    ),
  ];
}

function ifWeGoOutOfBusiness(): Block[] {
  return [
    heading("What happens if we go out of business?"),
    paragraph(
      `Your money is held in a trust, apart from ours. If we cannot carry on, the Financial Services Compensation Scheme may protect you: fscs.org.uk.`,
    ),
  ];
}

/**
 * The statement of a plan as it stands on `today`, on one side of A4. A plan that still stands
 * has every section of FPCOB 9 Annex 3 in its order ("What happens if I miss a payment?" only
 * for a plan paid by instalments). A cancelled plan's says so, that nothing more is collected, and
 * how to complain; one whose funeral was requested also says what the plan provides.
 */
export function planStatementDocument(facts: PlanStatementFacts): WrittenPlanDocument {
  const { payments, today } = facts;
  const standing = stands(facts);
  const blocks: Block[] = [
    { kind: "heading", level: 1, text: `${statementTitle}, ${day(today)}` },
    { kind: "table", header: [], rows: [["Plan reference", facts.planReference]] },
    ...closedNotice(facts),
    { kind: "slot", name: "planCoveredPerson" },
    ...(standing
      ? [
          prominent(
            `This statement reminds you of the main features of your funeral plan. Please read it and check that your plan still meets your needs. If it does not, or anything has changed, call us free on ${supportPhone.display}.`,
          ),
        ]
      : []),
    ...leftToPay(facts),
    ...(isClosed(payments) ? [] : whatItProvides(facts)),
    ...(standing
      ? [
          ...makingChanges(),
          ...cancelling(),
          ...(payments.choice?.option === "deposit" ? missingAPayment() : []),
          ...whenThePersonCoveredDies(facts),
        ]
      : []),
    ...complaining(),
    ...(standing ? ifWeGoOutOfBusiness() : []),
  ];
  return { title: statementTitle, fileName: `plan-statement-${today}.pdf`, blocks, oneSide: true };
}
