"use client";

import { arrearsOutcomeBodySchema, type ArrearsOutcomeBody } from "@kindred/contracts";
import { arrearsOutcomeKinds, arrearsOutcomeNames, formatLongDate, formatPrice } from "@kindred/domain";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useContext, useState, type ReactNode } from "react";
import { FormShell } from "../../components/form-shell";
import { LoadingSpinner } from "../../components/loading-spinner";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SuccessBox } from "../../components/success-box";
import { TextAreaField } from "../../components/text-area-field";
import { useFormFailure } from "../../components/use-form-failure";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { AtNeedQueue, AtNeedTable } from "./at-need-queue";
import { useOneAtATime } from "./confirm-first";
import { PromptButton } from "./prompt-button";
import { RefundActions } from "./refund-actions";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { staffPaths } from "./staff-navigation";
import {
  byDeadline,
  deadlineColumn,
  deadlineText,
  planColumn,
  RowsTable,
  SayDone,
  useQueuesReload,
  type Deadlined,
} from "./staff-queue-parts";
import { orNothing, staffColumnHelper, StaffPager } from "./staff-table";
import { staffQueueScreens, type StaffQueueScreenName } from "./staff-queue-screens";
import {
  markEnquiryFollowedUp,
  recordArrearsOutcome,
  staffQueries,
  type SignedInStaff,
  type StaffQueueName,
  type StaffQueuePages,
} from "./staff-requests";
import { formatMoment } from "./staff-words";
import styles from "./staff.module.css";

const queuePath = (name: StaffQueueScreenName) => `${staffPaths.queues}/${name}`;

/** What is still to do in a queue's rows (a refund made is shown, but done). */
function stillToDo<Row extends Deadlined>(rows: readonly Row[]): Row[] {
  return byDeadline(rows).filter((row) => !("status" in row && row.status === "refunded"));
}

const screenNames = Object.keys(staffQueueScreens) as StaffQueueScreenName[];

/** /staff/queues: the queues the member's role opens, each with how much is in it and its soonest deadline. */
export function StaffQueuesScreen() {
  return (
    <SignedInStaffPage page="queues" title="Work queues" needs="plans.read">
      {(me) => <QueueList me={me} />}
    </SignedInStaffPage>
  );
}

function QueueList({ me }: { me: SignedInStaff }) {
  const open = screenNames.filter((name) => me.permissions.includes(staffQueueScreens[name].needs));
  const firstPages = useQueries({
    queries: open.map((name) => staffQueries.queue(staffQueueScreens[name].api, 1)),
  });
  return (
    <div className={styles.tableScroll} role="region" aria-label="Your work queues" tabIndex={0}>
      <table className={styles.table}>
        <caption>Your work queues</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            <th scope="col">To do</th>
            <th scope="col">Soonest deadline</th>
          </tr>
        </thead>
        <tbody>
          {open.map((name, index) => {
            const first = firstPages[index];
            let count: ReactNode = "Loading…";
            let soonest: ReactNode = "";
            if (first?.status === "error") {
              count = violationsOf(first.error)
                .map((violation) => violation.title)
                .join(" ");
            } else if (first?.status === "success") {
              const toDo = stillToDo<Deadlined>(first.data.items);
              count = first.data.nextPage === null ? String(toDo.length) : `${toDo.length} or more`;
              soonest = toDo[0] ? deadlineText(toDo[0].deadline) : "–";
            }
            return (
              <tr key={name}>
                <td>
                  <a href={queuePath(name)}>{staffQueueScreens[name].title}</a>
                </td>
                <td>{count}</td>
                <td>{soonest}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** `/staff/queues/<name>`: one queue, a page at a time, soonest deadline first. */
export function StaffQueueScreen({ name }: { name: StaffQueueScreenName }) {
  const { title, needs } = staffQueueScreens[name];
  return (
    <SignedInStaffPage page="queues" title={title} needs={needs}>
      {() => (
        <>
          <p>
            <a href={staffPaths.queues}>All work queues</a>
          </p>
          {name === "at-need" ? (
            // Filtered by stage and age; other filters start again at page 1.
            <AtNeedQueue
              pages={(filters) => <QueuePages key={JSON.stringify(filters)} name={name} filters={filters} />}
            />
          ) : (
            <QueuePages name={name} />
          )}
        </>
      )}
    </SignedInStaffPage>
  );
}

function QueuePages({
  name,
  filters = {},
}: {
  name: StaffQueueScreenName;
  /** The queue's filters, as its address takes them. */
  filters?: Record<string, string>;
}) {
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const queue = useQuery(staffQueries.queue(staffQueueScreens[name].api, page, filters));
  const said = done === null ? null : <SuccessBox>{done}</SuccessBox>;
  if (queue.status === "pending") return <LoadingSpinner label="Loading the queue…" />;
  if (queue.status === "error") {
    return (
      <ViolationsBox title="Sorry, we could not load this queue" violations={violationsOf(queue.error)} />
    );
  }
  const { items, nextPage } = queue.data;
  if (items.length === 0 && page === 1) {
    return (
      <>
        {said}
        <p role="status">
          {Object.keys(filters).length === 0
            ? "Nothing is waiting in this queue."
            : "Nothing in this queue matches these filters."}
        </p>
      </>
    );
  }
  const caption = page === 1 ? "Soonest deadline first" : `Soonest deadline first, page ${page}`;
  return (
    <SayDone value={setDone}>
      {said}
      <QueueTable name={name} data={queue.data} caption={caption} />
      <StaffPager page={page} nextPage={nextPage} onPage={setPage} />
    </SayDone>
  );
}

function QueueTable({
  name,
  data,
  caption,
}: {
  name: StaffQueueScreenName;
  data: StaffQueuePages[StaffQueueName];
  caption: string;
}) {
  switch (name) {
    case "refunds":
      return (
        <RowsTable
          rows={(data as StaffQueuePages["refunds"]).items}
          columns={refundColumns}
          caption={caption}
        />
      );
    case "missed-payments":
      return (
        <RowsTable
          rows={(data as StaffQueuePages["missed-payments"]).items}
          columns={missedPaymentColumns}
          caption={caption}
        />
      );
    case "direct-debits-ended":
      return (
        <RowsTable
          rows={(data as StaffQueuePages["direct-debits-ended"]).items}
          columns={directDebitEndedColumns}
          caption={caption}
        />
      );
    case "appointments":
      return (
        <RowsTable
          rows={(data as StaffQueuePages["appointments"]).items}
          columns={appointmentColumns}
          caption={caption}
        />
      );
    case "at-need":
      return <AtNeedTable page={data as StaffQueuePages["at-need-cases"]} caption={caption} />;
    case "enquiries":
      return (
        <RowsTable
          rows={(data as StaffQueuePages["enquiries"]).items}
          columns={enquiryColumns}
          caption={caption}
        />
      );
  }
}

type RefundRow = StaffQueuePages["refunds"]["items"][number];
const refundStatusNames: Record<RefundRow["status"], string> = {
  owed: "Owed, waiting to be sent",
  sent_to_provider: "With the payment provider",
  failed_retrying: "Failed, being tried again",
  given_up: "The provider gave up",
  failed_at_provider: "Refund failed at the provider",
  refunded: "Refunded",
  withdrawn_by_bank: "Not owed: their bank gave it back",
  repaid_twice: "Repaid twice: their bank gave it back after our refund",
};
const refund = staffColumnHelper<RefundRow>();
const refundColumns = refund.columns([
  deadlineColumn<RefundRow>(),
  refund.accessor("customerName", { header: "Customer", cell: (info) => orNothing(info.getValue()) }),
  refund.accessor("amountPence", { header: "Amount", cell: (info) => formatPrice(info.getValue()) }),
  refund.accessor("of", {
    header: "Of",
    cell: (info) => (info.getValue() === "card_payment" ? "A card payment" : "A Direct Debit collection"),
  }),
  refund.display({
    id: "status",
    header: "Status",
    cell: ({ row }) => {
      const { status, failedAttempts, refundedAt, failureReason, transferReference } = row.original;
      const late = status === "refunded" ? null : lateness(row.original.deadline);
      const words =
        status === "refunded" && refundedAt !== null
          ? `Refunded on ${formatLongDate(refundedAt)}${transferReference ? ` by bank transfer ${transferReference}` : ""}`
          : status === "failed_retrying"
            ? `${refundStatusNames[status]} (${failedAttempts} failed)`
            : refundStatusNames[status];
      return (
        <>
          {words}
          {failureReason ? <div className={styles.detail}>The provider said: {failureReason}</div> : null}
          {late ? (
            <div className={styles.detail}>
              <strong>{late}</strong>
            </div>
          ) : null}
        </>
      );
    },
  }),
  planColumn<RefundRow>(),
  refund.display({
    id: "action",
    header: "Action",
    cell: ({ row }) => <RefundActions refund={row.original} />,
  }),
]);

/** Days before a refund's deadline when the queue starts to say it is near. */
const refundDeadlineNearDays = 5;

/** Whether a refund still to make is past its 30-day deadline, or near it, in words; null if neither. */
function lateness(deadline: string): string | null {
  const daysLeft = (Date.parse(deadline) - Date.now()) / 86_400_000;
  if (daysLeft < 0) return "Past its deadline";
  if (daysLeft <= refundDeadlineNearDays) return "Due within 5 days";
  return null;
}

type MissedPaymentRow = StaffQueuePages["missed-payments"]["items"][number];
const missed = staffColumnHelper<MissedPaymentRow>();
const missedPaymentColumns = missed.columns([
  deadlineColumn<MissedPaymentRow>(),
  missed.accessor("customerName", { header: "Customer", cell: (info) => orNothing(info.getValue()) }),
  missed.accessor("missedPayments", { header: "Payments missed" }),
  missed.accessor("owedPence", { header: "Owed", cell: (info) => formatPrice(info.getValue()) }),
  missed.accessor("statementSentAt", {
    header: "Statement sent",
    cell: (info) => formatLongDate(info.getValue()),
  }),
  planColumn<MissedPaymentRow>(),
  missed.display({
    id: "action",
    header: "Action",
    cell: ({ row }) => <RecordOutcome missed={row.original} />,
  }),
]);

type DirectDebitEndedRow = StaffQueuePages["direct-debits-ended"]["items"][number];
const ended = staffColumnHelper<DirectDebitEndedRow>();
/** Plans whose Direct Debit ended at the bank before they were paid (issue 46 item 1): call the customer. */
const directDebitEndedColumns = ended.columns([
  deadlineColumn<DirectDebitEndedRow>(),
  ended.accessor("customerName", { header: "Customer", cell: (info) => orNothing(info.getValue()) }),
  ended.accessor("ended", {
    header: "How it ended",
    cell: (info) =>
      info.getValue() === "failed" ? "Failed or expired at the bank" : "Cancelled at the bank",
  }),
  ended.accessor("endedAt", { header: "Ended on", cell: (info) => formatLongDate(info.getValue()) }),
  ended.accessor("paidSoFarPence", { header: "Paid so far", cell: (info) => formatPrice(info.getValue()) }),
  ended.accessor("mandateReference", { header: "Direct Debit reference" }),
  planColumn<DirectDebitEndedRow>(),
]);

type AppointmentRow = StaffQueuePages["appointments"]["items"][number];
const reasonNames: Record<AppointmentRow["reason"], string> = {
  no_branch_chosen: "No branch chosen",
  branch_closed_when_bought: "The chosen branch had closed when the plan was bought",
  branch_closed_since: "The appointed branch has closed since",
};
const appointment = staffColumnHelper<AppointmentRow>();
const appointmentColumns = appointment.columns([
  deadlineColumn<AppointmentRow>(),
  appointment.accessor("reason", { header: "Why", cell: (info) => reasonNames[info.getValue()] }),
  appointment.accessor("customerName", { header: "Customer", cell: (info) => orNothing(info.getValue()) }),
  appointment.accessor("coveredPersonName", {
    header: "Plan for",
    cell: (info) => orNothing(info.getValue()),
  }),
  appointment.accessor("chosenBranch", {
    header: "Branch chosen",
    cell: (info) => {
      const branch = info.getValue();
      return branch === null ? "–" : `${branch.name}${branch.open ? "" : " (closed)"}`;
    },
  }),
  appointment.accessor("boughtOn", { header: "Bought", cell: (info) => formatLongDate(info.getValue()) }),
  planColumn<AppointmentRow>(),
]);

type EnquiryRow = StaffQueuePages["enquiries"]["items"][number];
const contactNames = { email: "Email", phone: "Phone", post: "Post" } as const;
const enquiry = staffColumnHelper<EnquiryRow>();
const enquiryColumns = enquiry.columns([
  deadlineColumn<EnquiryRow>(),
  enquiry.accessor("name", { header: "Name" }),
  enquiry.accessor("contactBy", {
    header: "Agreed to hear by",
    cell: (info) =>
      info
        .getValue()
        .map((way) => contactNames[way])
        .join(", "),
  }),
  enquiry.accessor("email", {
    header: "Email",
    cell: (info) => <div className={styles.detail}>{info.getValue()}</div>,
  }),
  enquiry.accessor("phone", { header: "Phone", cell: (info) => orNothing(info.getValue()) }),
  enquiry.accessor("postcode", { header: "Postcode", cell: (info) => orNothing(info.getValue()) }),
  enquiry.accessor("askedAt", { header: "Asked", cell: (info) => formatMoment(info.getValue()) }),
  enquiry.display({
    id: "action",
    header: "Action",
    cell: ({ row }) => <MarkFollowedUp enquiry={row.original} />,
  }),
]);

type OutcomeKind = (typeof arrearsOutcomeKinds)[number];
const outcomeMeanings: Record<OutcomeKind, string> = {
  settled: "The customer has caught up. Nothing about the plan or its payments changes.",
  new_arrangement:
    "The customer agreed another way to pay. Write what was agreed in the note: the payments themselves do not change.",
  cancelled_with_refund: "The plan ends, and everything the customer has paid is given back.",
};
const outcomeLabels = { outcome: "How it ended", note: "Note" } as const;
const noOutcomeYet = { outcome: "", note: "" } as unknown as ArrearsOutcomeBody;

/** "Record the outcome" of a missed-payments case (finance): settled, a new arrangement, or cancelled with a refund. */
function RecordOutcome({ missed: owing }: { missed: MissedPaymentRow }) {
  return (
    <PromptButton label="Record the outcome" title="Record the outcome">
      {(close) => <OutcomeForm owing={owing} onDone={close} />}
    </PromptButton>
  );
}

function OutcomeForm({ owing, onDone }: { owing: MissedPaymentRow; onDone: () => void }) {
  const form = useSchemaForm({
    schema: arrearsOutcomeBodySchema,
    idPrefix: `outcome-${owing.statementId}`,
    labels: outcomeLabels,
    defaultValues: noOutcomeYet,
  });
  const outcome = useFormField(form, "outcome");
  const note = useFormField(form, "note");
  const failure = useFormFailure(form.form, ["outcome", "note"]);
  const reload = useQueuesReload();
  const sayDone = useContext(SayDone);
  const { run } = useOneAtATime();
  const who = owing.customerName ?? "the customer";
  const cancelling = outcome.value === "cancelled_with_refund";

  const record = (body: ArrearsOutcomeBody) =>
    run(async () => {
      failure.clear();
      // An empty note is no note (it is needed only for a new arrangement, which the schema checks).
      const recorded = await recordArrearsOutcome(
        owing.statementId,
        body.note ? body : { outcome: body.outcome },
      );
      onDone();
      sayDone(
        recorded.planCancelled
          ? `Recorded for ${who}: cancelled with a refund. The plan is cancelled and its Direct Debit stopped; everything taken is being refunded, and ${who} is being emailed to say so.`
          : `Recorded for ${who}: ${arrearsOutcomeNames[recorded.outcome].toLowerCase()}${recorded.note ? ", with your note" : ""}.`,
      );
      await reload();
    }, failure.fail);

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={record}
      submitLabel={cancelling ? "Cancel the plan and refund" : "Record the outcome"}
      busyLabel="Saving…"
      before={
        <>
          <p>
            {who} missed {owing.missedPayments} payments and owes {formatPrice(owing.owedPence)}. The
            statement was sent on {formatLongDate(owing.statementSentAt)}.
          </p>
          {failure.box("The outcome was not recorded")}
        </>
      }
    >
      <RadioCards
        name={outcome.id}
        legend={outcomeLabels.outcome}
        options={arrearsOutcomeKinds.map((kind) => ({
          value: kind,
          label: arrearsOutcomeNames[kind],
          description: outcomeMeanings[kind],
        }))}
        value={outcome.value || null}
        onChange={outcome.onChange}
        error={outcome.error?.[0]}
      />
      {cancelling ? (
        <div className="info-box" role="note" aria-label="What cancelling does">
          <p>
            Recording this cancels the plan at once. Its Direct Debit is stopped, so nothing more is
            collected. Every payment and collection taken is refunded to the card or bank account it came
            from, and {who} is emailed to say so. It cannot be undone.
          </p>
        </div>
      ) : null}
      <TextAreaField
        id={note.id}
        label={outcomeLabels.note}
        hint="Required for a new arrangement: what was agreed. It is kept with the case as written."
        value={note.value}
        onChange={note.onChange}
        error={note.error?.[0]}
      />
    </FormShell>
  );
}

/** "Mark as followed up": the enquiry leaves the queue; if someone already had, it says so. */
function MarkFollowedUp({ enquiry: asked }: { enquiry: EnquiryRow }) {
  const { run, busy, failed } = useOneAtATime();
  const reload = useQueuesReload();
  const sayDone = useContext(SayDone);

  const mark = () =>
    run(async () => {
      const answer = await markEnquiryFollowedUp(asked.enquiryId);
      sayDone(
        answer.alreadyFollowedUp
          ? `${asked.name}'s enquiry had already been followed up, by ${answer.followedUpBy} on ${formatMoment(answer.followedUpAt)}. Nothing was changed.`
          : `${asked.name}'s enquiry is marked as followed up.`,
      );
      await reload();
    });

  return (
    <>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void mark()}>
        {busy ? "Saving…" : "Mark as followed up"}
      </button>
      {failed !== null ? (
        <ViolationsBox title="It was not marked as followed up" violations={violationsOf(failed)} />
      ) : null}
    </>
  );
}
