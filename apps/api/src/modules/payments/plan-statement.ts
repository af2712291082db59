import type { PlanPaymentsResponse } from "@kindred/contracts";
import {
  formatLongDate,
  formatPostalAddress,
  formatPrice,
  refundDeadlineInWords,
  supportPhone,
  ukToday,
  whenTheTimeComesExplained,
  type PayingBy,
  type Pence,
} from "@kindred/domain";
import type { WrittenPlanDocument } from "../documents";

/**
 * A plan's statement (issue 23 item 5; docs/decisions/029-plan-statements.md), in words: what was
 * chosen and its guaranteed price (the plan details' own tables, filled by the documents module
 * from the one pricing function), what was paid and when, what is still to pay, the funeral
 * director appointed, and what happens if the person covered dies, in the rule's own sentences
 * for the plan's way of paying with the day its first months end. Every figure is the account's
 * (`planPayments`); nothing here decides anything about the plan's money.
 */

type Block = WrittenPlanDocument["blocks"][number];

/** What the statement is written from. */
export interface PlanStatementFacts {
  payments: PlanPaymentsResponse;
  /** When each card payment was taken, an ISO date or time, by the payment's id. */
  paidOn: ReadonlyMap<string, string>;
  /** The UK day the funeral was requested (we were told the person covered died); null before. */
  funeralRequestedOn: string | null;
  /** The UK day the statement is made. */
  today: string;
}

const statementTitle = "Your plan statement";

const paragraph = (text: string): Block => ({ kind: "paragraph", content: [{ text }] });
const heading = (text: string): Block => ({ kind: "heading", level: 2, text });
/** A UK day, or the UK day of a moment ("2026-07-14T23:30:00Z" is 15 July), in words. */
const day = (isoDateOrTime: string) => formatLongDate(isoDateOrTime);
const total = (amounts: readonly Pence[]) => amounts.reduce((sum, amount) => sum + amount, 0);
const months = (count: number) => `${count} month${count === 1 ? "" : "s"}`;

function isClosed(payments: PlanPaymentsResponse): boolean {
  return payments.state === "cancelled" || payments.state === "cancellation_pending_refund";
}

/** Where the plan stands, in a few words. */
function standing({ payments, funeralRequestedOn }: PlanStatementFacts): string {
  if (funeralRequestedOn) return "The funeral has been requested";
  switch (payments.state) {
    case "paid":
      return "Paid in full";
    case "paying_by_instalments":
      // The Direct Debit set up and the deposit not yet paid (issue 25 item 1): that comes first.
      if (payments.depositOwed !== null) {
        return `Paying by monthly Direct Debit: your deposit of ${formatPrice(payments.depositOwed)} is still to pay`;
      }
      return `Paying by monthly Direct Debit: ${payments.collected} of ${payments.collections.length || (payments.schedule?.instalments.length ?? 0)} payments collected`;
    case "cancellation_pending_refund":
    case "cancelled":
      return "Cancelled";
    case "funeral_requested":
      return "The funeral has been requested";
    default:
      return "Not bought yet";
  }
}

/** Why the plan is no longer paid into, when it is not: cancelled, or the person covered has died. */
function closedNotice({ payments, funeralRequestedOn }: PlanStatementFacts): Block[] {
  if (funeralRequestedOn) {
    return [
      paragraph(
        `We were told that the person covered by this plan has died, and their funeral was requested on ${day(funeralRequestedOn)}. We are sorry for your loss. No more payments will be collected. This statement shows the plan as it stands; for anything about the funeral, call us on ${supportPhone.display}.`,
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

function whatWasPaid({ payments, paidOn }: PlanStatementFacts): Block[] {
  const byCard = payments.payments
    .filter((payment) => payment.status === "confirmed" || payment.status === "refunded")
    .map((payment) => ({
      date: paidOn.get(payment.id) ?? ukToday(payment.createdAt),
      what: payment.paymentOption === "deposit" ? "Deposit, by card" : "Paid in full, by card",
      amount: payment.amount,
      kept: payment.status === "confirmed",
    }));
  const byDirectDebit = payments.collections
    .filter((collection) => collection.status === "collected" || collection.status === "refunded")
    .map((collection) => ({
      date: collection.date,
      what: `Monthly payment ${collection.number}, by Direct Debit`,
      amount: collection.amount,
      kept: collection.status === "collected",
    }));
  const paid = [...byCard, ...byDirectDebit].sort((a, b) => a.date.localeCompare(b.date));
  const blocks: Block[] = [heading("What you have paid")];
  if (paid.length === 0) {
    blocks.push(paragraph("Nothing has been paid for this plan."));
  } else {
    blocks.push({
      kind: "table",
      header: ["Date", "Payment", "Amount"],
      rows: paid.map((each) => [
        day(each.date),
        `${each.what}${each.kept ? "" : " (refunded)"}`,
        formatPrice(each.amount),
      ]),
      footer: [
        "Paid so far",
        "",
        formatPrice(total(paid.filter((each) => each.kept).map((each) => each.amount))),
      ],
    });
  }
  if (payments.refunded > 0) blocks.push(paragraph(`Refunded to you: ${formatPrice(payments.refunded)}.`));
  if (payments.refundOwed > 0) {
    blocks.push(
      paragraph(`On its way back to you: ${formatPrice(payments.refundOwed)}, ${refundDeadlineInWords}.`),
    );
  }
  return blocks;
}

function whatIsStillToPay(facts: PlanStatementFacts): Block[] {
  const { payments } = facts;
  const blocks: Block[] = [heading("What is still to pay")];
  if (facts.funeralRequestedOn || isClosed(payments)) {
    return [...blocks, paragraph("Nothing more will be collected for this plan.")];
  }
  if (!payments.whenTheTimeComes) {
    return [...blocks, paragraph("Nothing is due until the plan is bought.")];
  }
  if (payments.choice?.option !== "deposit") {
    return [...blocks, paragraph("Nothing: your plan is paid in full.")];
  }
  const toCome =
    payments.collections.length > 0
      ? payments.collections
          .filter(
            (each) => each.status === "scheduled" || each.status === "submitted" || each.status === "failed",
          )
          .map((each) => ({ ...each, missed: each.status === "failed" }))
      : (payments.schedule?.instalments ?? []).map((each) => ({ ...each, missed: false }));
  // A deposit not yet paid (issue 25 item 1) is owed now, before the monthly payments.
  const depositRow =
    payments.depositOwed === null
      ? []
      : [["Now", "Deposit, by card (not yet paid)", formatPrice(payments.depositOwed)]];
  if (toCome.length === 0 && depositRow.length === 0) {
    blocks.push(paragraph("Nothing: every monthly payment has been collected."));
  } else {
    blocks.push({
      kind: "table",
      header: ["Date", "Monthly payment", "Amount"],
      rows: [
        ...depositRow,
        ...toCome.map((each) => [
          day(each.date),
          `Payment ${each.number}${each.missed ? " (missed: still owed)" : ""}`,
          formatPrice(each.amount),
        ]),
      ],
      footer: [
        "Still to pay",
        "",
        formatPrice(total([payments.depositOwed ?? 0, ...toCome.map((each) => each.amount)])),
      ],
    });
  }
  if (payments.depositOwed !== null) {
    blocks.push(paragraph("You can pay your deposit by card in your account."));
  }
  if (payments.arrears) {
    blocks.push(
      paragraph(
        `${formatPrice(payments.arrears.owed)} of missed payments is owed. Please catch up by ${day(payments.arrears.catchUpBy)}, or call us on ${supportPhone.display} if you are finding it hard to keep up: we will help.`,
      ),
    );
  }
  const { schedule, directDebit } = payments;
  if (schedule && schedule.instalmentCharge > 0) {
    blocks.push(
      paragraph(
        `Paying by instalments, you pay ${formatPrice(schedule.totalPayable)} in all: the plan's price of ${formatPrice(schedule.planPrice)} and a charge of ${formatPrice(schedule.instalmentCharge)} for spreading the payments.`,
      ),
    );
  }
  if (directDebit) {
    blocks.push(
      paragraph(
        `Monthly payments are collected by Direct Debit from the account ending ${directDebit.accountNumberEnding}, under the reference ${directDebit.reference}.`,
      ),
    );
  }
  return blocks;
}

function yourFuneralDirector({ payments }: PlanStatementFacts): Block[] {
  const appointed = payments.funeralDirector;
  const blocks: Block[] = [heading("Your funeral director")];
  if (!appointed) {
    return [
      ...blocks,
      paragraph(
        payments.whenTheTimeComes
          ? `No funeral director has been appointed to this plan yet. Please call us on ${supportPhone.display} and we will put it right.`
          : "A funeral director is appointed when the plan is bought.",
      ),
    ];
  }
  const { branch } = appointed;
  if (!branch) {
    return [
      ...blocks,
      paragraph(
        `The funeral director you chose is no longer able to take on your plan, so we are choosing another near you. We will write to you with their name, address and phone number within 30 days of ${day(appointed.appointedOn)}, when you bought your plan.`,
      ),
    ];
  }
  return [
    ...blocks,
    {
      kind: "table",
      header: [],
      rows: [
        ["Name", branch.name],
        ["Address", formatPostalAddress(branch.address)],
        ["Phone", branch.phone],
        ["Appointed on", day(appointed.appointedOn)],
      ],
    },
    paragraph(
      "They have the details of your plan and will do nothing yet. When the time comes, your family or representative calls us, and your funeral director is contacted to arrange the funeral as planned. If you would like a different funeral director, call us and we will change it.",
    ),
  ];
}

/**
 * What happens if the person covered dies: the rule's sentences for the plan's own way of paying,
 * and the day the plan is past its first months (the domain's `endOfTheFirstMonths`, as the
 * account gives it). Only for a bought plan that still stands.
 */
function ifThePersonCoveredDies(facts: PlanStatementFacts): Block[] {
  const { choice, whenTheTimeComes } = facts.payments;
  if (!choice || !whenTheTimeComes || facts.funeralRequestedOn || isClosed(facts.payments)) return [];
  const payingBy: PayingBy =
    choice.option === "deposit" ? { option: "deposit", months: choice.months } : { option: "full" };
  const { boughtOn, moratoriumMonths, firstMonthsEndOn } = whenTheTimeComes;
  const started =
    choice.option === "deposit"
      ? `Your plan started on ${day(boughtOn)}. Its first ${months(moratoriumMonths)} end on ${day(firstMonthsEndOn)}: from that day, it is past them.`
      : `Your plan started on ${day(boughtOn)}, and it is paid in full.`;
  return [
    heading("If the person covered dies"),
    paragraph(started),
    {
      kind: "list",
      ordered: false,
      items: whenTheTimeComesExplained(payingBy, moratoriumMonths).map((each) => [{ text: each.text }]),
    },
  ];
}

/** The statement of a plan as it stands on `today`, with slots for the plan's choices and prices. */
export function planStatementDocument(facts: PlanStatementFacts): WrittenPlanDocument {
  const { payments, today } = facts;
  const blocks: Block[] = [
    { kind: "heading", level: 1, text: statementTitle },
    {
      kind: "table",
      header: [],
      rows: [
        ["Plan reference", payments.planId],
        ["Date of this statement", day(today)],
        ["Bought on", payments.whenTheTimeComes ? day(payments.whenTheTimeComes.boughtOn) : "Not bought yet"],
        ["Where the plan stands", standing(facts)],
      ],
    },
    ...closedNotice(facts),
    { kind: "slot", name: "planCoveredPerson" },
    heading("What you chose and its guaranteed price"),
    paragraph(
      "Everything your funeral director provides is guaranteed: your plan pays for it in full, however much prices rise. A contribution is a fixed amount set aside towards a cost others set, which can change: if that cost is more when the funeral takes place, your family pays the difference.",
    ),
    { kind: "slot", name: "planGuaranteed" },
    { kind: "slot", name: "planContributions" },
    { kind: "slot", name: "planTotal" },
    ...whatWasPaid(facts),
    ...whatIsStillToPay(facts),
    ...yourFuneralDirector(facts),
    ...ifThePersonCoveredDies(facts),
  ];
  return { title: statementTitle, fileName: `plan-statement-${today}.pdf`, blocks };
}
