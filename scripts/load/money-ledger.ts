// The run's books, plan by plan: what the provider took and gave back, from the sandbox's own
// tables (what a real provider's dashboard would show), against what the API tells the customer
// (`GET /api/plan/{id}/payments`), and the emails the customer got. A plan is wrong when the two
// books differ, when a cancelled plan still holds money or owes a refund, when more than the
// price is held, when a cancelled plan's card payment is still open at the provider, or when an
// email came more often than once (the cancellation's exactly once for a cancelled plan).
import type pg from "pg";
import { planPaymentsSchema, type PlanPaymentsResponse } from "@kindred/contracts";
import { formatPrice } from "@kindred/domain";
import { readOutboxFolder } from "../../apps/api/test/support/outbox";
import { expectStatus } from "./balancer";
import { describeScript, type PlanRun } from "./payer";
import { table } from "./report";

/** The provider's books for one plan, in pence. */
export interface ProviderBooks {
  taken: number;
  refunded: number;
  held: number;
  /** Card payments the customer could still finish (requires_payment_method or requires_action). */
  open: number;
  /** Each payment's status in the provider's words, by the provider's id. */
  statuses: Map<string, string>;
}

/** What the API tells the customer, in pence. */
export interface OurBooks {
  state: string;
  cancelled: boolean;
  held: number;
  refunded: number;
  refundOwed: number;
  /** Card payments whose status is not what the provider says of them (yet). */
  outOfStep: number;
}

export interface LedgerEntry {
  run: PlanRun;
  provider: ProviderBooks;
  ours: OurBooks;
  emails: { confirmed: number; cancelled: number };
  wrong: string[];
}

const takenStatuses = new Set(["succeeded", "refunded", "paid_out"]);
const openStatuses = new Set(["requires_payment_method", "requires_action"]);
/** The sandbox's words for a card payment, in the API's (refunded: given back in full here). */
const ourWordFor: Record<string, string> = {
  requires_payment_method: "pending",
  requires_action: "requires_action",
  succeeded: "confirmed",
  refunded: "refunded",
  declined: "failed",
  canceled: "cancelled",
};

interface ProviderRow {
  plan_id: string;
  id: string;
  status: string;
  amount_pence: number;
  refunded_pence: number;
}

/**
 * Card payments name their plan in their description; collections come under the plan's mandate,
 * whose reference is made from the plan's id (apps/api/src/modules/payments/direct-debit.ts).
 */
const providerRowsQuery = `
  select p.plan_id, s.id, s.status, s.amount_pence, s.refunded_pence
    from unnest($1::text[]) as p(plan_id)
    join sandbox_payments s on s.kind = 'card' and strpos(s.description, p.plan_id) > 0
  union all
  select p.plan_id, s.id, s.status, s.amount_pence, s.refunded_pence
    from unnest($1::text[]) as p(plan_id)
    join sandbox_mandates m on m.reference = 'KND-' || upper(substr(p.plan_id, 1, 8))
    join sandbox_payments s on s.kind = 'collection' and s.mandate_id = m.id`;

export async function providerBooks(
  database: pg.Client,
  planIds: string[],
): Promise<Map<string, ProviderBooks>> {
  const { rows } = await database.query<ProviderRow>(providerRowsQuery, [planIds]);
  const books = new Map<string, ProviderBooks>(
    planIds.map((id) => [id, { taken: 0, refunded: 0, held: 0, open: 0, statuses: new Map() }]),
  );
  for (const row of rows) {
    const book = books.get(row.plan_id)!;
    if (takenStatuses.has(row.status)) book.taken += row.amount_pence;
    book.refunded += row.refunded_pence;
    book.held = book.taken - book.refunded;
    if (openStatuses.has(row.status)) book.open += 1;
    book.statuses.set(row.id, row.status);
  }
  return books;
}

export function ourBooks(answer: PlanPaymentsResponse, provider: ProviderBooks): OurBooks {
  const taken =
    answer.payments
      .filter((payment) => payment.status === "confirmed" || payment.status === "refunded")
      .reduce((sum, payment) => sum + payment.amount, 0) +
    answer.collections
      .filter((collection) => collection.status === "collected" || collection.status === "refunded")
      .reduce((sum, collection) => sum + collection.amount, 0);
  const outOfStep = answer.payments.filter((payment) => {
    const theirs = payment.providerPaymentId && provider.statuses.get(payment.providerPaymentId);
    return theirs && ourWordFor[theirs] !== payment.status;
  }).length;
  return {
    state: answer.state,
    cancelled: answer.cancelledAt !== null,
    held: taken - answer.refunded,
    refunded: answer.refunded,
    refundOwed: answer.refundOwed,
    outOfStep,
  };
}

/** How many of each email every recipient got. */
export async function emailCounts(
  outbox: string,
): Promise<Map<string, { confirmed: number; cancelled: number }>> {
  const counts = new Map<string, { confirmed: number; cancelled: number }>();
  for (const message of await readOutboxFolder(outbox)) {
    const count = counts.get(message.to) ?? { confirmed: 0, cancelled: 0 };
    if (message.subject.startsWith("Your funeral plan is confirmed")) count.confirmed += 1;
    if (message.subject.startsWith("Your funeral plan has been cancelled")) count.cancelled += 1;
    counts.set(message.to, count);
  }
  return counts;
}

const money = (pence: number) => formatPrice(pence);

export function judge(entry: Omit<LedgerEntry, "wrong">): string[] {
  const { provider, ours, emails, run } = entry;
  const wrong: string[] = [];
  if (provider.held !== ours.held) {
    wrong.push(`the provider holds ${money(provider.held)}, the API says ${money(ours.held)}`);
  }
  if (ours.cancelled && (provider.held !== 0 || ours.held !== 0 || ours.refundOwed !== 0)) {
    wrong.push(
      `cancelled, yet ${money(provider.held)} held at the provider, ${money(ours.held)} by the API, ${money(ours.refundOwed)} refund owed`,
    );
  }
  if (provider.held > run.plan.price) {
    wrong.push(`${money(provider.held)} held, more than the price ${money(run.plan.price)}`);
  }
  if (ours.cancelled && provider.open > 0) {
    wrong.push(`cancelled, yet ${provider.open} card payment(s) still open at the provider`);
  }
  if (run.cancelAcknowledged && !ours.cancelled)
    wrong.push("the cancellation was acknowledged; the plan is not cancelled");
  if (emails.confirmed > 1) wrong.push(`${emails.confirmed} confirmation emails`);
  if (emails.cancelled !== (ours.cancelled ? 1 : 0)) {
    wrong.push(`${emails.cancelled} cancellation emails for a plan ${ours.cancelled ? "" : "not "}cancelled`);
  }
  return wrong;
}

/** Reads both books and the outbox, and judges every plan. */
export async function readLedger(
  database: pg.Client,
  runs: PlanRun[],
  outbox: string,
): Promise<LedgerEntry[]> {
  const books = await providerBooks(
    database,
    runs.map((run) => run.plan.planId),
  );
  const emails = await emailCounts(outbox);
  return Promise.all(
    runs.map(async (run) => {
      const { planId, token, email } = run.plan;
      const answer = await run.api.json("read payments", "GET", `/api/plan/${planId}/payments`, token);
      const provider = books.get(planId)!;
      const ours = ourBooks(
        planPaymentsSchema.parse(expectStatus(answer, [200], "the plan's payments")),
        provider,
      );
      const entry = { run, provider, ours, emails: emails.get(email) ?? { confirmed: 0, cancelled: 0 } };
      return { ...entry, wrong: judge(entry) };
    }),
  );
}

/** Not yet where it will stay: wrong, a payment the API has not caught up with, or a refund owed. */
export const unsettled = (entry: LedgerEntry) =>
  entry.wrong.length > 0 || entry.ours.outOfStep > 0 || entry.ours.refundOwed > 0;

export function ledgerTable(entries: LedgerEntry[]): string {
  const rows = [
    [
      "plan",
      "script",
      "ran",
      "state",
      "price",
      "taken",
      "refunded",
      "held",
      "API held",
      "owed",
      "emails c/x",
      "",
    ],
  ];
  for (const { run, provider, ours, emails, wrong } of entries) {
    rows.push([
      run.plan.planId.slice(0, 8),
      describeScript(run.script),
      run.stopped ? "stopped" : "to the end",
      ours.state,
      money(run.plan.price),
      money(provider.taken),
      money(provider.refunded),
      money(provider.held),
      money(ours.held),
      money(ours.refundOwed),
      `${emails.confirmed}/${emails.cancelled}`,
      wrong.length > 0 ? "WRONG" : ours.outOfStep > 0 ? `${ours.outOfStep} out of step` : "",
    ]);
  }
  return table(rows, (column) => column >= 4 && column <= 9)
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

export function ledgerTotals(entries: LedgerEntry[]): string {
  const sum = (of: (entry: LedgerEntry) => number) => entries.reduce((total, entry) => total + of(entry), 0);
  return (
    `${entries.length} plans, taken ${money(sum((entry) => entry.provider.taken))}, ` +
    `refunded ${money(sum((entry) => entry.provider.refunded))}, ` +
    `held ${money(sum((entry) => entry.provider.held))}, ` +
    `${entries.filter((entry) => entry.wrong.length > 0).length} wrong`
  );
}
