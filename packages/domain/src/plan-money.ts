import * as messages from "./messages";
import * as purchaseMessages from "./purchase-messages";
import { sumPence, type Pence } from "./money";
import type { HeldTowardsSchedule, PaymentChoice, PaymentOption } from "./payment-schedule";

/**
 * A plan's money, and the one state machine that changes it (issue 22;
 * docs/decisions/023-plan-money.md). Every change to what a plan has paid, owes or is owed, from
 * whatever cause (the customer, the payment provider, a check with the provider, staff), is an
 * event given to `nextPlanMoney`, which answers the plan's money after it and what must follow (a
 * call to the provider, a refund, an email), or refuses it in words for the person. The API runs
 * it inside one transaction with the plan's row locked, stores what it answers and queues what
 * must follow in that same transaction, so a crash leaves either all of it or none.
 *
 * Money is never simply forgotten: a payment or collection we no longer want (the plan was
 * cancelled, or the customer chose another way to pay) is marked unwanted, and if the provider
 * takes it all the same (a late webhook, an old tab), a refund is owed at once. A refund is owed
 * until the provider confirms it; only then is it refunded.
 */

/** What a plan's money adds up to, as the customer and staff see it. */
export const planMoneyStates = [
  "being_planned",
  "ready_to_pay",
  "payment_in_progress",
  "paid",
  "paying_by_instalments",
  /**
   * The Direct Debit ended without our asking (the bank or the customer at their bank cancelled
   * it, or it failed or expired) before the plan was paid (issue 46 item 1): nothing more is
   * collected, what was paid is kept, and paying again continues from it (`paymentsLeft`).
   */
  "payments_stopped",
  "cancellation_pending_refund",
  "cancelled",
  /** The person covered has died and their funeral is asked for: nothing is charged or changed again. */
  "funeral_requested",
] as const;
export type PlanMoneyState = (typeof planMoneyStates)[number];

/**
 * `disputed`: taken, and the customer disputed it with their card's bank, which holds the money
 * until the dispute is decided (issue 46 item 5): the plan stands meanwhile. `charged_back`: the
 * dispute was lost and the money went back to the customer; never taken again.
 */
export type CardPaymentStatus =
  "pending" | "requires_action" | "confirmed" | "failed" | "cancelled" | "disputed" | "charged_back";
export const mandateStatuses = ["pending_submission", "active", "failed", "cancelled"] as const;
export type MandateStatus = (typeof mandateStatuses)[number];
/**
 * `charged_back`: taken, then returned to the customer by their bank (a Direct Debit indemnity
 * claim, a charge back): never taken again, unlike one that `failed`, which the provider may retry
 * and take later (issue 46 item 2).
 */
export const collectionStatuses = [
  "scheduled",
  "submitted",
  "collected",
  "failed",
  "cancelled",
  "charged_back",
] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

/** A collection that fell due and was not paid (or was paid and taken back): it is still owed. */
export const isMissedCollection = (status: CollectionStatus) =>
  status === "failed" || status === "charged_back";
/**
 * `failed`: the provider could not give the money back (the card closed, the account refused or
 * returned it; issue 46 item 3): we hold it again, and finance sends it again or repays it by
 * bank transfer.
 */
/**
 * `withdrawn`: no longer ours to give back, as the customer's bank returned the money to them (a
 * charge back, an indemnity claim) or holds it in a dispute (issue 46 item 5). Kept, never
 * deleted: a dispute won makes it owed again.
 */
export const refundStatuses = ["owed", "refunded", "failed", "withdrawn"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** A card payment: in full, or the deposit. `wanted` is false once we no longer want it taken. */
interface MoneyCardPayment {
  id: string;
  option: PaymentOption;
  amount: Pence;
  status: CardPaymentStatus;
  wanted: boolean;
}

export interface MoneyMandate {
  id: string;
  status: MandateStatus;
  wanted: boolean;
}

interface MoneyCollection {
  id: string;
  /** The mandate it is collected under. */
  mandateId: string;
  amount: Pence;
  status: CollectionStatus;
  wanted: boolean;
}

/** Money given back: of one card payment or one collection, keyed by it (one refund each). */
interface MoneyRefund {
  /** The card payment's or collection's id. */
  of: string;
  amount: Pence;
  status: RefundStatus;
  /**
   * 1 for the first sending; one more each time finance sends it again after it failed, so the
   * provider is asked under a new key (the old key would answer the refund that failed).
   */
  attempt: number;
  /** The reference of the bank transfer finance repaid it by, once it failed at the provider. */
  transferReference: string | null;
}

export interface PlanMoney {
  cancelled: boolean;
  /**
   * True once we are told the person covered has died and the plan is used (issue 23 item 4):
   * every collection to come, the mandate and any open payment stop, and nothing more can be
   * chosen, paid or cancelled online. What was paid is kept for the funeral.
   */
  funeralRequested: boolean;
  choice: PaymentChoice | null;
  payments: readonly MoneyCardPayment[];
  mandates: readonly MoneyMandate[];
  collections: readonly MoneyCollection[];
  refunds: readonly MoneyRefund[];
}

export type MoneyEvent =
  | { cause: "customer"; type: "choose"; choice: PaymentChoice }
  /**
   * The plan's agreed price is cleared while it is unpaid (its journey was saved, or the catalogue
   * moved since the price was agreed; decision 008's amendment): a card payment opened at that
   * price is no longer wanted, so it cannot be taken at a price the plan no longer shows.
   */
  | { cause: "customer"; type: "price_reopened" }
  | {
      cause: "customer";
      type: "open_card_payment";
      payment: { id: string; option: PaymentOption; amount: Pence };
    }
  | {
      cause: "customer";
      type: "set_up_direct_debit";
      mandateId: string;
      collections: readonly { id: string; amount: Pence }[];
    }
  | { cause: "customer" | "staff"; type: "cancel" }
  /** Told of the death of the person covered (anyone, online or by phone): the plan is used. */
  | { cause: "informant" | "staff"; type: "funeral_requested" }
  | {
      cause: "provider" | "reconciliation";
      type: "card_payment";
      id: string;
      /**
       * `disputed`: the customer disputed it with their bank; `confirmed` again once the dispute
       * is won; `charged_back` once it is lost (issue 46 item 5).
       */
      status: "requires_action" | "confirmed" | "failed" | "cancelled" | "disputed" | "charged_back";
    }
  | {
      cause: "provider" | "reconciliation";
      type: "mandate";
      id: string;
      status: "active" | "failed" | "cancelled";
    }
  | {
      cause: "provider" | "reconciliation";
      type: "collection";
      id: string;
      status: "submitted" | "collected" | "failed" | "cancelled";
    }
  | { cause: "provider" | "reconciliation"; type: "refunded"; of: string }
  /**
   * The provider could not give a refund back (issue 46 item 3): Stripe's refund failed, or
   * GoCardless's refund failed, bounced or had its funds returned. The money is held again.
   */
  | { cause: "provider" | "reconciliation"; type: "refund_failed"; of: string }
  /** Finance repaid a refund that failed at the provider by bank transfer, with its reference. */
  | { cause: "staff"; type: "refund_paid_by_transfer"; of: string; reference: string }
  /**
   * Staff send a refund that is still owed to the provider again (issue 24 item 5), once its
   * queued call has given up: the same refund, under the same key, so the provider gives the
   * money back once however often it is asked. A refund that failed at the provider is sent as a
   * new attempt, under a new key (issue 46 item 3).
   */
  | { cause: "staff"; type: "send_refund_again"; of: string };

/** What must follow a change, queued in the change's own transaction. */
export type MoneyEffect =
  /**
   * Makes one collection of a new Direct Debit with the provider, under the mandate made in the
   * request. Stored first and made after, so a crash can leave a collection we know of and the
   * provider not yet, never one the provider would take and we know nothing of.
   */
  | { type: "create_collection"; collectionId: string }
  | { type: "cancel_card_payment"; paymentId: string }
  | { type: "cancel_collection"; collectionId: string }
  | { type: "cancel_mandate"; mandateId: string }
  | { type: "refund"; of: string; kind: "card_payment" | "collection"; amount: Pence; attempt: number }
  | { type: "email"; email: MoneyEmail };

/** The emails a change of a plan's money sends, each once, in the change's transaction. */
export type MoneyEmail =
  | { kind: "plan-confirmed"; paymentId: string }
  | { kind: "direct-debit-notice"; mandateId: string }
  /** The Direct Debit ended without our asking, before the plan was paid: what they can do now. */
  | { kind: "direct-debit-ended"; mandateId: string }
  /** A refund failed at the provider: the customer is told, and that we will repay it another way. */
  | { kind: "refund-failed"; of: string; amount: Pence }
  /** `byStaff`: cancelled by us (a missed-payments case's outcome), not at the customer's asking. */
  | { kind: "plan-cancelled"; refundOwed: Pence; byStaff: boolean }
  /** Money taken on a payment we no longer wanted: refunded, and said why. */
  /**
   * Money taken on a payment we no longer wanted: refunded, and said why: the plan was cancelled,
   * the customer chose another way to pay, or (`alreadyPaid`) that part of the price was paid
   * already (a declined payment finished late, a failed collection taken late; issue 46 item 2).
   */
  | {
      kind: "late-payment-refunded";
      of: string;
      amount: Pence;
      planCancelled: boolean;
      alreadyPaid: boolean;
    };

export type MoneyTransition =
  { ok: true; money: PlanMoney; effects: MoneyEffect[] } | { ok: false; status: 409 | 422; message: string };

const isOpen = (payment: MoneyCardPayment) =>
  payment.status === "pending" || payment.status === "requires_action";
/**
 * A card payment not taken that the customer could still finish: open, or declined (a declined
 * payment stays open at the provider and can be finished later in an old tab; issue 46 item 2).
 */
export const cardPaymentMayStillBeTaken = (status: CardPaymentStatus) =>
  status === "pending" || status === "requires_action" || status === "failed";
const mayStillBeTaken = (payment: MoneyCardPayment) => cardPaymentMayStillBeTaken(payment.status);
const isLiveMandate = (mandate: MoneyMandate) =>
  mandate.wanted && (mandate.status === "pending_submission" || mandate.status === "active");
/** A mandate we still wanted that ended without our asking: the bank's doing, or the customer's at it. */
const hasEnded = (mandate: MoneyMandate) =>
  mandate.wanted && (mandate.status === "failed" || mandate.status === "cancelled");
const isCollectionToCome = (collection: MoneyCollection) =>
  collection.status === "scheduled" || collection.status === "submitted";
const sameChoice = (a: PaymentChoice | null, b: PaymentChoice) => JSON.stringify(a) === JSON.stringify(b);

/** Money the provider has taken: confirmed card payments and collected instalments. */
export function moneyTaken(money: PlanMoney): Pence {
  return sumPence([
    ...money.payments.filter((payment) => payment.status === "confirmed").map((payment) => payment.amount),
    ...money.collections
      .filter((collection) => collection.status === "collected")
      .map((collection) => collection.amount),
  ]);
}

/** Money the customer's bank holds while it decides their dispute (issue 46 item 5). */
export function moneyInDispute(money: PlanMoney): Pence {
  return sumPence(
    money.payments.filter((payment) => payment.status === "disputed").map((payment) => payment.amount),
  );
}

/**
 * Refunds we made of money the customer's bank then gave back to them as well (a charge back or
 * indemnity claim after the refund): repaid twice, for finance to recover (issue 46 item 5).
 */
export function repaidTwice(money: PlanMoney): { of: string; amount: Pence }[] {
  const takenBackIds = new Set([
    ...money.payments.filter((payment) => payment.status === "charged_back").map((payment) => payment.id),
    ...money.collections
      .filter((collection) => collection.status === "charged_back")
      .map((collection) => collection.id),
  ]);
  return money.refunds
    .filter((refund) => refund.status === "refunded" && takenBackIds.has(refund.of))
    .map(({ of, amount }) => ({ of, amount }));
}

/** Money the provider has confirmed it gave back. */
export function moneyRefunded(money: PlanMoney): Pence {
  return sumPence(
    money.refunds.filter((refund) => refund.status === "refunded").map((refund) => refund.amount),
  );
}

/** Money owed back to the customer and not yet confirmed as refunded. */
export function refundOwed(money: PlanMoney): Pence {
  return sumPence(money.refunds.filter((refund) => refund.status === "owed").map((refund) => refund.amount));
}

/** What we hold of the customer's money: taken, less what was given back. */
export function moneyHeld(money: PlanMoney): Pence {
  return moneyTaken(money) - moneyRefunded(money);
}

/** The card payment the customer may finish now, if there is one. */
function openCardPayment(money: PlanMoney): MoneyCardPayment | undefined {
  return money.payments.find((payment) => payment.wanted && isOpen(payment));
}

/** The Direct Debit that stands, if there is one. */
export function liveMandate(money: PlanMoney): MoneyMandate | undefined {
  return money.mandates.find(isLiveMandate);
}

/**
 * A card payment that pays its part of the price: taken, or taken and disputed (the plan stands
 * while the customer's bank decides; issue 46 item 5).
 */
const paysItsPart = (payment: MoneyCardPayment) =>
  payment.wanted && (payment.status === "confirmed" || payment.status === "disputed");
const takenInFull = (money: PlanMoney) =>
  money.payments.some((payment) => payment.option === "full" && paysItsPart(payment));
const depositTaken = (money: PlanMoney) =>
  money.payments.some((payment) => payment.option === "deposit" && paysItsPart(payment));

/** A card payment that was taken, whatever the customer's bank did with it since. */
const wasTaken = (payment: MoneyCardPayment) =>
  payment.status === "confirmed" || payment.status === "disputed" || payment.status === "charged_back";

/** Whether a card payment of the plan's was charged back by the customer's bank (a dispute lost; issue 46 item 5). */
const takenBack = (money: PlanMoney) =>
  money.payments.some((payment) => payment.wanted && payment.status === "charged_back");

/** The newest mandate we wanted (one ended by the bank stays wanted: it records that it ended). */
const latestMandate = (money: PlanMoney) => money.mandates.filter((mandate) => mandate.wanted).at(-1);

/**
 * Paid by instalments: the deposit taken and every collection of the newest Direct Debit taken.
 * Whether that mandate still stands does not matter (a customer may cancel it at their bank once
 * the last payment is taken). A new Direct Debit after one ended collects only what was left
 * (`paymentsLeft`), so its collections taken complete the plan.
 */
function paidByInstalments(money: PlanMoney): boolean {
  const mandate = latestMandate(money);
  if (!mandate || !depositTaken(money)) return false;
  const its = money.collections.filter((collection) => collection.mandateId === mandate.id);
  return its.length > 0 && its.every((collection) => collection.wanted && collection.status === "collected");
}

/**
 * Whether the plan's payments stopped (issue 46 items 1 and 5): its newest Direct Debit ended
 * without our asking, or a card payment was charged back, before the plan was paid, and no other
 * way of paying has finished it since.
 */
function paymentsStopped(money: PlanMoney): boolean {
  if (money.cancelled || money.funeralRequested || takenInFull(money) || liveMandate(money)) return false;
  const mandate = latestMandate(money);
  const mandateEnded = mandate !== undefined && hasEnded(mandate);
  return (mandateEnded || takenBack(money)) && !paidByInstalments(money);
}

/**
 * What the plan holds towards its schedule (issue 46 item 1): its deposit, if taken, and each
 * collection taken and not given back, as `paymentsLeft` continues from them.
 */
export function heldTowardsSchedule(money: PlanMoney): HeldTowardsSchedule {
  const givenBack = new Set(money.refunds.map((refund) => refund.of));
  return {
    depositTaken: depositTaken(money),
    collected: money.collections
      .filter((collection) => collection.wanted && collection.status === "collected")
      .filter((collection) => !givenBack.has(collection.id))
      .map((collection) => collection.amount),
  };
}

/**
 * The deposit still to pay, or null (issue 25 item 1). A plan paid by a deposit and instalments
 * has its Direct Debit set up first and its deposit paid by card after, so a person who leaves in
 * between has a Direct Debit standing (SPEC.md section 4 counts the plan paid) and no deposit: that
 * deposit is owed until a card payment for it is taken. Nothing is owed on a plan cancelled or
 * whose funeral is requested, nor before a Direct Debit stands (the plan is still being paid for).
 */
export function depositOwed(money: PlanMoney): Pence | null {
  if (money.cancelled || money.funeralRequested || money.choice?.option !== "deposit") return null;
  if (!liveMandate(money) || depositTaken(money)) return null;
  return money.choice.deposit;
}

/**
 * Where a plan's money stands. `ready` says whether the plan could be paid for now (documents
 * accepted, the people given, the email address confirmed), which only matters before any money.
 */
export function planMoneyState(money: PlanMoney, ready: boolean): PlanMoneyState {
  if (money.funeralRequested && !money.cancelled) return "funeral_requested";
  if (money.cancelled) {
    return refundOwed(money) > 0 || moneyHeld(money) > 0 ? "cancellation_pending_refund" : "cancelled";
  }
  if (takenInFull(money) || paidByInstalments(money)) return "paid";
  if (liveMandate(money)) return "paying_by_instalments";
  // A card payment for the rest may be open: the payments stay stopped until it is taken.
  if (paymentsStopped(money)) return "payments_stopped";
  if (openCardPayment(money)) return "payment_in_progress";
  return ready ? "ready_to_pay" : "being_planned";
}

const refused = (status: 409 | 422, message: string): MoneyTransition => ({ ok: false, status, message });

/** A refund owed for money taken that we do not keep, once for each payment or collection. */
function oweRefund(
  money: PlanMoney,
  of: string,
  kind: "card_payment" | "collection",
  amount: Pence,
): { refunds: MoneyRefund[]; effects: MoneyEffect[] } {
  if (money.refunds.some((refund) => refund.of === of)) return { refunds: [...money.refunds], effects: [] };
  return {
    refunds: [...money.refunds, { of, amount, status: "owed", attempt: 1, transferReference: null }],
    effects: [{ type: "refund", of, kind, amount, attempt: 1 }],
  };
}

/** Money taken on something no longer wanted: a refund owed, and the customer told why, once. */
function givenBack(
  money: PlanMoney,
  taken: { id: string; amount: Pence },
  kind: "card_payment" | "collection",
  { alreadyPaid = false } = {},
): MoneyTransition {
  const owed = oweRefund(money, taken.id, kind, taken.amount);
  const email: MoneyEmail = {
    kind: "late-payment-refunded",
    of: taken.id,
    amount: taken.amount,
    planCancelled: money.cancelled,
    alreadyPaid: alreadyPaid && !money.cancelled,
  };
  return {
    ok: true,
    money: { ...money, refunds: owed.refunds },
    effects: [...owed.effects, { type: "email", email }],
  };
}

/**
 * Every card payment that could still be taken (open, or declined) no longer wanted, and the
 * provider asked to cancel each, so an old tab cannot finish it (issue 46 item 2).
 */
function dropOpenPayments(
  payments: readonly MoneyCardPayment[],
  keep: (payment: MoneyCardPayment) => boolean = () => false,
): { payments: MoneyCardPayment[]; effects: MoneyEffect[] } {
  const effects: MoneyEffect[] = [];
  const next = payments.map((payment) => {
    if (!payment.wanted || !mayStillBeTaken(payment) || keep(payment)) return payment;
    effects.push({ type: "cancel_card_payment", paymentId: payment.id });
    return { ...payment, wanted: false };
  });
  return { payments: next, effects };
}

/** The one transition function: the plan's money after `event`, and what must follow. */
export function nextPlanMoney(money: PlanMoney, event: MoneyEvent): MoneyTransition {
  switch (event.type) {
    case "choose":
      return choose(money, event.choice);
    case "price_reopened":
      return reopenPrice(money);
    case "open_card_payment":
      return openPayment(money, event.payment);
    case "set_up_direct_debit":
      return setUpDirectDebit(money, event.mandateId, event.collections);
    case "cancel":
      return cancel(money, event.cause);
    case "funeral_requested":
      return requestFuneral(money);
    case "card_payment":
      return cardPaymentEvent(money, event.id, event.status);
    case "mandate":
      return mandateEvent(money, event.id, event.status);
    case "collection":
      return collectionEvent(money, event.id, event.status);
    case "refunded":
      return refundedEvent(money, event.of);
    case "send_refund_again":
      return sendRefundAgain(money, event.of);
    case "refund_failed":
      return refundFailed(money, event.of);
    case "refund_paid_by_transfer":
      return refundPaidByTransfer(money, event.of, event.reference);
  }
}

const refundKindOf = (money: PlanMoney, of: string) =>
  money.payments.some((payment) => payment.id === of) ? ("card_payment" as const) : ("collection" as const);

/** The money with one refund changed. */
function withRefund(money: PlanMoney, of: string, change: Partial<MoneyRefund>): PlanMoney {
  return {
    ...money,
    refunds: money.refunds.map((refund) => (refund.of === of ? { ...refund, ...change } : refund)),
  };
}

/**
 * A refund still owed, asked of the provider again: nothing changes but the call that follows, under
 * the same key. One that failed at the provider is owed again, and asked for as a new attempt.
 */
function sendRefundAgain(money: PlanMoney, of: string): MoneyTransition {
  const refund = money.refunds.find((candidate) => candidate.of === of);
  // Withdrawn: the customer's bank gave the money back, so sending it too would repay it twice.
  if (!refund || refund.status === "withdrawn") return refused(409, purchaseMessages.refundNotOwed);
  if (refund.status === "refunded") return refused(409, purchaseMessages.refundAlreadyRefunded);
  const kind = refundKindOf(money, of);
  if (refund.status === "failed") {
    const attempt = refund.attempt + 1;
    return {
      ok: true,
      money: withRefund(money, of, { status: "owed", attempt }),
      effects: [{ type: "refund", of, kind, amount: refund.amount, attempt }],
    };
  }
  return {
    ok: true,
    money,
    effects: [{ type: "refund", of, kind, amount: refund.amount, attempt: refund.attempt }],
  };
}

/**
 * The provider could not give a refund back (issue 46 item 3): we hold the money again, the
 * customer is told once, and the refund waits for finance (sent again, or repaid by transfer).
 * Told again (a replay, reconciliation), nothing more.
 */
function refundFailed(money: PlanMoney, of: string): MoneyTransition {
  const refund = money.refunds.find((candidate) => candidate.of === of);
  // A refund withdrawn (the bank gave the money back) is not ours to make, so its failing is not ours either.
  if (
    !refund ||
    refund.status === "failed" ||
    refund.status === "withdrawn" ||
    refund.transferReference !== null
  )
    return unchanged(money);
  return {
    ok: true,
    money: withRefund(money, of, { status: "failed" }),
    effects: [{ type: "email", email: { kind: "refund-failed", of, amount: refund.amount } }],
  };
}

/** Finance repaid a failed refund by bank transfer: it is refunded, with the transfer's reference. */
function refundPaidByTransfer(money: PlanMoney, of: string, reference: string): MoneyTransition {
  const refund = money.refunds.find((candidate) => candidate.of === of);
  if (!refund) return refused(409, purchaseMessages.refundNotOwed);
  if (refund.status === "refunded") return refused(409, purchaseMessages.refundAlreadyRefunded);
  if (refund.status !== "failed") return refused(409, purchaseMessages.refundNotFailed);
  return {
    ok: true,
    money: withRefund(money, of, { status: "refunded", transferReference: reference }),
    effects: [],
  };
}

function refuseIfClosed(money: PlanMoney): MoneyTransition | null {
  if (money.funeralRequested) return refused(409, messages.funeralRequested);
  if (money.cancelled) return refused(409, purchaseMessages.planCancelled);
  if (takenInFull(money) || liveMandate(money)) return refused(409, purchaseMessages.planAlreadyPaid);
  return null;
}

function choose(money: PlanMoney, choice: PaymentChoice): MoneyTransition {
  const closed = refuseIfClosed(money);
  if (closed) return closed;
  if (sameChoice(money.choice, choice)) return { ok: true, money, effects: [] };
  // Money paid towards a way of paying is part of it: paying again continues from it (the rest by
  // card, or a new Direct Debit for what is left), never a new choice from the start.
  if (moneyHeld(money) > 0) return refused(409, purchaseMessages.choiceFixedOncePaidTowards);
  // Changing how to pay cancels the payment opened for the old way, so it can never be taken too.
  const { payments, effects } = dropOpenPayments(money.payments);
  return { ok: true, money: { ...money, choice, payments }, effects };
}

/**
 * The price agreed is cleared: the payment opened at it is cancelled with the provider, and the
 * next request for money opens one at the price the plan shows now. A plan bought or closed keeps
 * its price for good, so it is refused in the person's words.
 */
function reopenPrice(money: PlanMoney): MoneyTransition {
  const closed = refuseIfClosed(money);
  if (closed) return closed;
  // Money taken at the agreed price settles it, even once the Direct Debit that took it has ended.
  if (moneyHeld(money) > 0) return refused(409, purchaseMessages.planPaidCannotChange);
  const { payments, effects } = dropOpenPayments(money.payments);
  return { ok: true, money: { ...money, payments }, effects };
}

function openPayment(
  money: PlanMoney,
  payment: { id: string; option: PaymentOption; amount: Pence },
): MoneyTransition {
  if (money.funeralRequested) return refused(409, messages.funeralRequested);
  if (money.cancelled) return refused(409, purchaseMessages.planCancelled);
  if (!money.choice) return refused(422, purchaseMessages.paymentChoiceNeeded);
  // The rest by card, for a plan paid by instalments that holds money and has no Direct Debit
  // standing (its payments stopped, say): the whole of what is left, as a payment in full.
  const theRest = payment.option === "full" && mayPayTheRestByCard(money);
  if (money.choice.option !== payment.option && !theRest)
    return refused(422, purchaseMessages.paymentOptionDiffers);
  if (takenInFull(money) || (payment.option === "deposit" && depositTaken(money))) {
    return refused(409, purchaseMessages.planAlreadyPaid);
  }
  if (payment.option === "full" && liveMandate(money))
    return refused(409, purchaseMessages.directDebitAlreadySetUp);
  // A payment still open for another amount (the price changed) is cancelled: one open at a time.
  const dropped = dropOpenPayments(money.payments);
  // The rest is what the plan does not hold now: a collection not yet taken (submitted before its
  // Direct Debit ended, or failed and perhaps retried) is no longer wanted, and is given back if
  // it is taken all the same, so the plan never holds more than its price (issue 46 item 2).
  const collections = theRest
    ? money.collections.map((collection) =>
        collection.wanted && collection.status !== "collected"
          ? { ...collection, wanted: false }
          : collection,
      )
    : money.collections;
  return {
    ok: true,
    money: {
      ...money,
      payments: [...dropped.payments, { ...payment, status: "pending", wanted: true }],
      collections,
    },
    effects: dropped.effects,
  };
}

/**
 * Whether the rest of a plan paid by instalments may be paid by card now: it holds money (its
 * deposit, or collections taken) and no Direct Debit stands to collect the rest.
 */
export function mayPayTheRestByCard(money: PlanMoney): boolean {
  return (
    money.choice?.option === "deposit" &&
    !money.cancelled &&
    !money.funeralRequested &&
    !liveMandate(money) &&
    moneyHeld(money) > 0
  );
}

function setUpDirectDebit(
  money: PlanMoney,
  mandateId: string,
  collections: readonly { id: string; amount: Pence }[],
): MoneyTransition {
  if (money.funeralRequested) return refused(409, messages.funeralRequested);
  if (money.cancelled) return refused(409, purchaseMessages.planCancelled);
  if (money.choice?.option !== "deposit") return refused(422, purchaseMessages.directDebitNotNeeded);
  if (liveMandate(money)) return refused(409, purchaseMessages.directDebitAlreadySetUp);
  if (takenInFull(money)) return refused(409, purchaseMessages.planAlreadyPaid);
  // A card payment for the whole price may not stay open beside a Direct Debit.
  const dropped = dropOpenPayments(money.payments, (payment) => payment.option === "deposit");
  return {
    ok: true,
    money: {
      ...money,
      payments: dropped.payments,
      mandates: [...money.mandates, { id: mandateId, status: "pending_submission", wanted: true }],
      collections: [
        ...money.collections,
        ...collections.map((collection) => ({
          ...collection,
          mandateId,
          status: "scheduled" as const,
          wanted: true,
        })),
      ],
    },
    effects: [
      ...dropped.effects,
      ...collections.map((collection) => ({
        type: "create_collection" as const,
        collectionId: collection.id,
      })),
      { type: "email", email: { kind: "direct-debit-notice", mandateId } },
    ],
  };
}

function cancel(money: PlanMoney, cause: "customer" | "staff"): MoneyTransition {
  // Once the funeral is asked for, the plan is being used: what the family pays or gets back is
  // settled with them by phone (docs/decisions/028-telling-us-of-a-death.md), never by this button.
  if (money.funeralRequested) return refused(409, messages.funeralRequested);
  // Cancelling again changes nothing: the refunds owed are already on their way.
  if (money.cancelled) return { ok: true, money, effects: [] };
  const effects: MoneyEffect[] = [];
  let refunds: MoneyRefund[] = [...money.refunds];
  const owe = (of: string, kind: "card_payment" | "collection", amount: Pence) => {
    const owed = oweRefund({ ...money, refunds }, of, kind, amount);
    refunds = owed.refunds;
    effects.push(...owed.effects);
  };
  const payments = money.payments.map((payment) => {
    if (payment.status === "confirmed") owe(payment.id, "card_payment", payment.amount);
    if (mayStillBeTaken(payment) && payment.wanted)
      effects.push({ type: "cancel_card_payment", paymentId: payment.id });
    return { ...payment, wanted: false };
  });
  const collections = money.collections.map((collection) => {
    if (collection.status === "collected") owe(collection.id, "collection", collection.amount);
    if (isCollectionToCome(collection) && collection.wanted) {
      effects.push({ type: "cancel_collection", collectionId: collection.id });
    }
    return { ...collection, wanted: false };
  });
  const mandates = money.mandates.map((mandate) => {
    if (isLiveMandate(mandate)) effects.push({ type: "cancel_mandate", mandateId: mandate.id });
    return { ...mandate, wanted: false };
  });
  const next: PlanMoney = { ...money, cancelled: true, payments, collections, mandates, refunds };
  effects.push({
    type: "email",
    email: { kind: "plan-cancelled", refundOwed: refundOwed(next), byStaff: cause === "staff" },
  });
  return { ok: true, money: next, effects };
}

/**
 * The person covered has died and the funeral is asked for: everything still to come stops at
 * once (open card payments, collections not yet taken, the mandate), and what was taken is kept
 * for the funeral. A cancelled plan has nothing to provide, and telling us twice changes nothing.
 */
function requestFuneral(money: PlanMoney): MoneyTransition {
  if (money.cancelled || money.funeralRequested) return unchanged(money);
  const effects: MoneyEffect[] = [];
  const dropped = dropOpenPayments(money.payments);
  effects.push(...dropped.effects);
  const collections = money.collections.map((collection) => {
    if (!collection.wanted || !isCollectionToCome(collection)) return collection;
    effects.push({ type: "cancel_collection", collectionId: collection.id });
    return { ...collection, wanted: false };
  });
  const mandates = money.mandates.map((mandate) => {
    if (!isLiveMandate(mandate)) return mandate;
    effects.push({ type: "cancel_mandate", mandateId: mandate.id });
    return { ...mandate, wanted: false };
  });
  return {
    ok: true,
    money: { ...money, funeralRequested: true, payments: dropped.payments, collections, mandates },
    effects,
  };
}

/**
 * Where each provider status may go next: a late or repeated event never undoes a later one, and
 * money taken is never ignored (issue 46 item 2). A declined card payment stays open at the
 * provider, so it may still be taken (in an old tab) or cancelled; one cancelled may have been
 * taken all the same (finished as our cancellation reached the provider), as reconciliation finds.
 */
const nextCardPaymentStatuses: Record<CardPaymentStatus, readonly CardPaymentStatus[]> = {
  pending: ["requires_action", "confirmed", "failed", "cancelled"],
  requires_action: ["confirmed", "failed", "cancelled"],
  // Disputed by the customer at their bank; or told at once that it was lost (reconciliation).
  confirmed: ["disputed", "charged_back"],
  failed: ["confirmed", "cancelled"],
  cancelled: ["confirmed"],
  // Won (the money comes back to us) or lost (it goes back to the customer).
  disputed: ["confirmed", "charged_back"],
  charged_back: [],
};
const nextMandateStatuses: Record<MandateStatus, readonly MandateStatus[]> = {
  pending_submission: ["active", "failed", "cancelled"],
  active: ["failed", "cancelled"],
  failed: [],
  cancelled: [],
};
/**
 * As for card payments: a failed collection may be retried by the provider (GoCardless submits it
 * again) and taken later, and one cancelled may have been taken as the cancellation reached the
 * provider. A collection taken can still bounce (an indemnity claim, a charge back): told it
 * failed, it is charged back, and never taken again (a late "taken" cannot undo the bounce).
 */
const nextCollectionStatuses: Record<CollectionStatus, readonly CollectionStatus[]> = {
  scheduled: ["submitted", "collected", "failed", "cancelled"],
  submitted: ["collected", "failed", "cancelled"],
  collected: ["charged_back"],
  // Not back to submitted: the retry's own "submitted" cannot be told from the first one's
  // arriving late, so only the money taken counts.
  failed: ["collected"],
  cancelled: ["collected"],
  charged_back: [],
};

const unchanged = (money: PlanMoney): MoneyTransition => ({ ok: true, money, effects: [] });

function cardPaymentEvent(
  money: PlanMoney,
  id: string,
  status: Extract<MoneyEvent, { type: "card_payment" }>["status"],
): MoneyTransition {
  const payment = money.payments.find((candidate) => candidate.id === id);
  if (!payment || !nextCardPaymentStatuses[payment.status].includes(status)) return unchanged(money);
  const payments = money.payments.map((candidate) =>
    candidate.id === id ? { ...candidate, status } : candidate,
  );
  const next = { ...money, payments };
  if (status === "disputed" || status === "charged_back") return returnedByBank(next, id);
  if (payment.status === "disputed") return disputeWon(next, payment);
  if (status !== "confirmed") return { ok: true, money: next, effects: [] };
  // Taken after the plan was cancelled or the customer chose another way to pay: given back.
  if (!payment.wanted) {
    return givenBack(next, payment, "card_payment", { alreadyPaid: alreadyPaidFor(money, payment) });
  }
  // Taken for a part of the price already paid (a declined payment finished in an old tab after
  // another payment took it): no longer wanted, and given back, so nothing is paid twice.
  if (alreadyPaidFor(money, payment)) {
    return givenBack(unwant(next, id), payment, "card_payment", { alreadyPaid: true });
  }
  // The rest of a plan already bought (its deposit taken, its Direct Debit ended since): the plan
  // was confirmed, and its funeral director appointed, when the deposit was taken.
  // A payment taken once counts, even one the customer's bank took back since (issue 46 item 5):
  // paying again after a dispute was lost does not buy the plan a second time.
  const alreadyBought = money.payments.some((other) => other.id !== id && other.wanted && wasTaken(other));
  if (alreadyBought) return { ok: true, money: next, effects: [] };
  return {
    ok: true,
    money: next,
    effects: [{ type: "email", email: { kind: "plan-confirmed", paymentId: id } }],
  };
}

/**
 * Whether the part of the price a card payment is for was paid already, or is being paid another
 * way: the deposit taken by another payment; the whole (or the rest) paid, or a Direct Debit set up
 * since to collect it.
 */
function alreadyPaidFor(money: PlanMoney, payment: MoneyCardPayment): boolean {
  if (takenInFull(money)) return true;
  if (payment.option === "deposit") return depositTaken(money);
  return paidByInstalments(money) || liveMandate(money) !== undefined;
}

/**
 * Whether a collection taken late (after it failed, or was submitted under a Direct Debit that has
 * ended since) is more than the plan still needs: the plan was paid the rest by card, or a newer
 * Direct Debit was set up for what was left without it.
 */
function collectedBeyondSchedule(money: PlanMoney, collection: MoneyCollection): boolean {
  return takenInFull(money) || latestMandate(money)?.id !== collection.mandateId;
}

/** The money with one payment or collection no longer wanted. */
function unwant(money: PlanMoney, id: string): PlanMoney {
  return {
    ...money,
    payments: money.payments.map((payment) => (payment.id === id ? { ...payment, wanted: false } : payment)),
    collections: money.collections.map((collection) =>
      collection.id === id ? { ...collection, wanted: false } : collection,
    ),
  };
}

function mandateEvent(
  money: PlanMoney,
  id: string,
  status: "active" | "failed" | "cancelled",
): MoneyTransition {
  const mandate = money.mandates.find((candidate) => candidate.id === id);
  if (!mandate || !nextMandateStatuses[mandate.status].includes(status)) return unchanged(money);
  const next: PlanMoney = {
    ...money,
    mandates: money.mandates.map((candidate) => (candidate.id === id ? { ...candidate, status } : candidate)),
  };
  if (status === "active" || !mandate.wanted || money.cancelled || money.funeralRequested) {
    return { ok: true, money: next, effects: [] };
  }
  return mandateEnded(next, id);
}

/**
 * A Direct Debit we wanted ended without our asking (issue 46 item 1): the bank or the customer
 * at their bank cancelled it, or it failed or expired. Its collections not yet submitted are no
 * longer wanted (the provider cancels them with it; we ask too, as that call is idempotent); one
 * already submitted may still be taken, and is kept if it is. What was paid is kept. If the plan
 * is not paid by then, its payments have stopped: the customer is emailed what they can do (and
 * finance's work queue of Direct Debits ended lists the plan, read from these same rows).
 */
function mandateEnded(money: PlanMoney, mandateId: string): MoneyTransition {
  const effects: MoneyEffect[] = [];
  const collections = money.collections.map((collection) => {
    if (collection.mandateId !== mandateId || !collection.wanted || collection.status !== "scheduled") {
      return collection;
    }
    effects.push({ type: "cancel_collection", collectionId: collection.id });
    return { ...collection, wanted: false };
  });
  const next = { ...money, collections };
  if (paymentsStopped(next)) {
    effects.push({ type: "email", email: { kind: "direct-debit-ended", mandateId } });
  }
  return { ok: true, money: next, effects };
}

function collectionEvent(
  money: PlanMoney,
  id: string,
  status: "submitted" | "collected" | "failed" | "cancelled",
): MoneyTransition {
  const collection = money.collections.find((candidate) => candidate.id === id);
  if (!collection) return unchanged(money);
  // Told that a collection taken failed: it bounced (an indemnity claim, a charge back).
  const becomes: CollectionStatus =
    status === "failed" && collection.status === "collected" ? "charged_back" : status;
  if (!nextCollectionStatuses[collection.status].includes(becomes)) return unchanged(money);
  const collections = money.collections.map((candidate) =>
    candidate.id === id ? { ...candidate, status: becomes } : candidate,
  );
  const next = { ...money, collections };
  if (becomes === "collected" && !collection.wanted) {
    const alreadyPaid = collectedBeyondSchedule(money, collection);
    return givenBack(next, collection, "collection", { alreadyPaid });
  }
  if (becomes === "collected" && collectedBeyondSchedule(money, collection)) {
    return givenBack(unwant(next, id), collection, "collection", { alreadyPaid: true });
  }
  if (becomes === "charged_back") return returnedByBank(next, id);
  return { ok: true, money: next, effects: [] };
}

/**
 * The customer's bank took back money we had taken, or holds it in a dispute (issue 46 item 5):
 * a refund of it not yet made is withdrawn (they have the money, or will if the dispute is lost),
 * and never sent; one already made stays, as a refund made (the money was repaid twice, for
 * finance to recover: `repaidTwice`). Nothing is deleted.
 */
function returnedByBank(money: PlanMoney, of: string): MoneyTransition {
  const refund = money.refunds.find((candidate) => candidate.of === of);
  if (!refund || refund.status === "refunded" || refund.status === "withdrawn") {
    return { ok: true, money, effects: [] };
  }
  return { ok: true, money: withRefund(money, of, { status: "withdrawn" }), effects: [] };
}

/**
 * A dispute won: the money is ours again. A refund withdrawn when the dispute opened is owed again
 * (a new attempt, under a new key); money we no longer want (the plan was cancelled meanwhile) is
 * given back.
 */
function disputeWon(money: PlanMoney, payment: MoneyCardPayment): MoneyTransition {
  const refund = money.refunds.find((candidate) => candidate.of === payment.id);
  if (refund?.status === "withdrawn") {
    const attempt = refund.attempt + 1;
    return {
      ok: true,
      money: withRefund(money, payment.id, { status: "owed", attempt }),
      effects: [{ type: "refund", of: payment.id, kind: "card_payment", amount: refund.amount, attempt }],
    };
  }
  if (!refund && !payment.wanted) return givenBack(money, payment, "card_payment");
  return { ok: true, money, effects: [] };
}

function refundedEvent(money: PlanMoney, of: string): MoneyTransition {
  const refund = money.refunds.find((candidate) => candidate.of === of);
  // A refund that failed stays failed until finance acts: a late or replayed "refunded" was the
  // attempt that failed (Stripe says a refund is made before it can fail). One withdrawn (the
  // bank gave the money back) that the provider made all the same is made: repaid twice.
  if (refund?.status === "refunded" || refund?.status === "failed") return unchanged(money);
  if (refund) {
    return {
      ok: true,
      money: {
        ...money,
        refunds: money.refunds.map((candidate) =>
          candidate.of === of ? { ...candidate, status: "refunded" as const } : candidate,
        ),
      },
      effects: [],
    };
  }
  // Refunded at the provider without our asking (from its dashboard, say): kept as refunded.
  const taken =
    money.payments.find((payment) => payment.id === of && payment.status === "confirmed") ??
    money.collections.find((collection) => collection.id === of && collection.status === "collected");
  if (!taken) return unchanged(money);
  return {
    ok: true,
    money: {
      ...money,
      refunds: [
        ...money.refunds,
        { of, amount: taken.amount, status: "refunded", attempt: 1, transferReference: null },
      ],
    },
    effects: [],
  };
}
