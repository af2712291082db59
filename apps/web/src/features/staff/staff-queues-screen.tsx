"use client";

import {
  arrearsOutcomeBodySchema,
  moveAtNeedCaseBodySchema,
  type ArrearsOutcomeBody,
} from "@kindred/contracts";
import {
  arrearsOutcomeKinds,
  arrearsOutcomeNames,
  type AtNeedCaseStep,
  atNeedCaseStatusLabels,
  deathConfirmationLabels,
  deathConfirmations,
  formatLongDate,
  formatPrice,
  staffMessages,
} from "@kindred/domain";
import type { RowData } from "@tanstack/react-table";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useState, type ReactNode } from "react";
import { z } from "zod";
import { FormShell } from "../../components/form-shell";
import { LoadingSpinner } from "../../components/loading-spinner";
import { Modal } from "../../components/modal";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { SuccessBox } from "../../components/success-box";
import { TextAreaField } from "../../components/text-area-field";
import { useFormFailure } from "../../components/use-form-failure";
import { ViolationsBox } from "../../components/violations-box";
import { violationsOf } from "../../lib/api-query";
import { ConfirmFirst, useOneAtATime } from "./confirm-first";
import { SignedInStaffPage } from "./signed-in-staff-page";
import { staffPaths } from "./staff-navigation";
import { orNothing, staffColumnHelper, StaffPager, StaffTable, type StaffColumns } from "./staff-table";
import { staffQueueScreens, type StaffQueueScreenName } from "./staff-queue-screens";
import {
  markEnquiryFollowedUp,
  moveAtNeedCase,
  recordArrearsOutcome,
  sendRefundAgain,
  staffQueries,
  type SignedInStaff,
  type StaffQueueName,
  type StaffQueuePages,
  type StaffRefund,
} from "./staff-requests";
import { formatMoment } from "./staff-words";
import styles from "./staff.module.css";

const queuePath = (name: StaffQueueScreenName) => `${staffPaths.queues}/${name}`;
/** The plan's own page in the back office. */
const planPath = (planId: string) => `${staffPaths.home}/plans/${encodeURIComponent(planId)}`;

/** A deadline in words: a day ("5 January 2027"), or a moment's day and time for a refund. */
function deadlineText(deadline: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? formatLongDate(deadline) : formatMoment(deadline);
}

// A type, not an interface, so it is a table's row data (an object with string keys).
type Deadlined = { deadline: string };

/** Soonest deadline first; a refund already made goes after every one still to do. */
function byDeadline<Row extends Deadlined>(rows: readonly Row[]): Row[] {
  const done = (row: Row) => ("status" in row && row.status === "refunded" ? 1 : 0);
  const when = (row: Row) =>
    Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(row.deadline) ? `${row.deadline}T23:59:59Z` : row.deadline);
  return [...rows].sort((a, b) => done(a) - done(b) || when(a) - when(b));
}

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
          <QueuePages name={name} />
        </>
      )}
    </SignedInStaffPage>
  );
}

/**
 * Says what an action in a queue's row did, above the table: the row itself may leave the queue
 * (an outcome recorded, an enquiry followed up) once the queue is read again.
 */
const SayDone = createContext<(words: string) => void>(() => {});

function QueuePages({ name }: { name: StaffQueueScreenName }) {
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const queue = useQuery(staffQueries.queue(staffQueueScreens[name].api, page));
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
        <p role="status">Nothing is waiting in this queue.</p>
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
      return (
        <RowsTable
          rows={(data as StaffQueuePages["at-need-cases"]).items}
          columns={atNeedColumns}
          caption={caption}
        />
      );
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

/** A queue's rows, soonest deadline first, in the back office's table with its caption above. */
function RowsTable<Row extends Deadlined & RowData>({
  rows,
  columns,
  caption,
}: {
  rows: readonly Row[];
  columns: StaffColumns<Row>;
  caption: string;
}) {
  return <StaffTable rows={byDeadline(rows)} columns={columns} named={{ caption }} sortedBy="deadline" />;
}

/** The deadline, and how it is worked out underneath. */
function deadlineColumn<Row extends Deadlined & { deadlineRule: string }>() {
  const column = staffColumnHelper<Row>();
  return column.display({
    id: "deadline",
    header: "Deadline",
    cell: ({ row }) => (
      <>
        <strong>{deadlineText(row.original.deadline)}</strong>
        <div className={styles.detail}>{row.original.deadlineRule}</div>
      </>
    ),
  });
}

/** The plan's reference, linking to its page. */
function planColumn<Row extends { planId: string | null }>() {
  const column = staffColumnHelper<Row>();
  return column.display({
    id: "plan",
    header: "Plan",
    cell: ({ row }) =>
      row.original.planId === null ? (
        "Not matched to a plan"
      ) : (
        <a className={styles.reference} href={planPath(row.original.planId)}>
          {row.original.planId}
        </a>
      ),
  });
}

type RefundRow = StaffQueuePages["refunds"]["items"][number];
const refundStatusNames: Record<RefundRow["status"], string> = {
  owed: "Owed, waiting to be sent",
  sent_to_provider: "With the payment provider",
  failed_retrying: "Failed, being tried again",
  given_up: "The provider gave up",
  refunded: "Refunded",
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
      const { status, failedAttempts, refundedAt } = row.original;
      if (status === "refunded" && refundedAt !== null) return `Refunded on ${formatLongDate(refundedAt)}`;
      if (status === "failed_retrying") return `${refundStatusNames[status]} (${failedAttempts} failed)`;
      return refundStatusNames[status];
    },
  }),
  planColumn<RefundRow>(),
  refund.display({
    id: "action",
    header: "Action",
    cell: ({ row }) => (row.original.maySendAgain ? <SendRefundAgain refund={row.original} /> : "–"),
  }),
]);

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

type AtNeedRow = StaffQueuePages["at-need-cases"]["items"][number];
const atNeed = staffColumnHelper<AtNeedRow>();
const atNeedColumns = atNeed.columns([
  deadlineColumn<AtNeedRow>(),
  atNeed.accessor("status", {
    header: "Stage",
    cell: ({ row }) => (
      <>
        {atNeedCaseStatusLabels[row.original.status]}
        {row.original.saidNotRight ? (
          <strong className={styles.warning}>
            Someone on the plan says this is not right: call them first.
          </strong>
        ) : null}
      </>
    ),
  }),
  atNeed.accessor("personName", { header: "Who died" }),
  atNeed.display({
    id: "informant",
    header: "Told by",
    cell: ({ row }) => `${row.original.informantName}, ${row.original.informantPhone}`,
  }),
  atNeed.accessor("toldAt", { header: "Told us", cell: (info) => formatMoment(info.getValue()) }),
  planColumn<AtNeedRow>(),
  atNeed.display({
    id: "action",
    header: "Action",
    cell: ({ row }) => <MoveFuneralOn atNeedCase={row.original} />,
  }),
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

/** Reloads every page of every queue: an action may move an item, or take it out. */
function useQueuesReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["staff", "queues"] });
}

/** "Send the refund again", confirmed first; one press sends once, and a refusal is said in the API's words. */
function SendRefundAgain({ refund: owed }: { refund: StaffRefund }) {
  const reload = useQueuesReload();
  const who = owed.customerName ?? "this customer";
  return (
    <ConfirmFirst
      label="Send the refund again"
      busyLabel="Sending…"
      question="Send the refund again?"
      explanation={`This asks the payment provider again to refund ${formatPrice(owed.amountPence)} to ${who}. It is sent once, however often the button is pressed.`}
      failureTitle="The refund was not sent again"
      id={`send-again-${owed.refundId}`}
      onConfirm={async () => {
        await sendRefundAgain(owed.refundId);
        await reload();
      }}
    />
  );
}

/** What staff may do with a case at each stage: confirm or withdraw a report, move a funeral on. */
const nextSteps: Partial<Record<AtNeedRow["status"], AtNeedCaseStep[]>> = {
  reported: ["funeral_requested", "withdrawn"],
  funeral_requested: ["funeral_arranged"],
  funeral_arranged: ["funeral_provided"],
};
const stepLabels: Record<AtNeedCaseStep, string> = {
  funeral_requested: "Confirm the death",
  withdrawn: "Withdraw the report",
  funeral_arranged: "Move to: funeral arranged",
  funeral_provided: "Move to: funeral provided",
};
const stepHints: Record<AtNeedCaseStep, string> = {
  funeral_requested:
    "The certificate's registration district and entry number, or whom you called and when. It is kept with the case as written.",
  withdrawn:
    "How you found the report was not right, and whom you spoke to. It is kept with the case as written.",
  funeral_arranged: "Who you spoke to and what was agreed. It is kept with the case as written.",
  funeral_provided: "Who you spoke to and what was agreed. It is kept with the case as written.",
};
const failedTitles: Record<AtNeedCaseStep, string> = {
  funeral_requested: "The death was not confirmed",
  withdrawn: "The report was not withdrawn",
  funeral_arranged: "The funeral was not moved on",
  funeral_provided: "The funeral was not moved on",
};
/** Staff confirm a death by the certificate or a call; the online confirmation is the nominee's own. */
const staffConfirmations = deathConfirmations.filter((how) => how !== "named_person_online");
const moveForm = z
  .object({
    confirmedBy: z.string(),
    note: moveAtNeedCaseBodySchema.shape.note,
  })
  .superRefine((values, context) => {
    if (values.confirmedBy === "needed") {
      context.addIssue({
        code: "custom",
        path: ["confirmedBy"],
        message: staffMessages.deathConfirmationNeeded,
      });
    }
  });
const moveLabels = { confirmedBy: "How the death was confirmed", note: "What was done" } as const;

/**
 * A case's next steps (issue 24 item 5; decision 040): a reported death confirmed (saying how: the
 * funeral is then requested, its payments stopped and the branch instructed) or withdrawn; a
 * funeral moved on to arranged, then provided. Each with a note, required.
 */
function MoveFuneralOn({ atNeedCase }: { atNeedCase: AtNeedRow }) {
  const [open, setOpen] = useState<AtNeedCaseStep | null>(null);
  const steps = nextSteps[atNeedCase.status];
  if (steps === undefined) return "–";
  return (
    <div className={styles.actions}>
      {steps.map((step) => (
        <button key={step} type="button" className="button button--secondary" onClick={() => setOpen(step)}>
          {stepLabels[step]}
        </button>
      ))}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${stepLabels[open]}?` : ""}
        type="prompt"
        size="prompt"
      >
        {open ? <MoveForm caseId={atNeedCase.caseId} status={open} onDone={() => setOpen(null)} /> : null}
      </Modal>
    </div>
  );
}

function MoveForm({
  caseId,
  status,
  onDone,
}: {
  caseId: string;
  status: AtNeedCaseStep;
  onDone: () => void;
}) {
  const confirming = status === "funeral_requested";
  const form = useSchemaForm({
    schema: moveForm,
    idPrefix: `move-${caseId}-${status}`,
    labels: moveLabels,
    defaultValues: { confirmedBy: confirming ? "needed" : "", note: "" },
  });
  const confirmedBy = useFormField(form, "confirmedBy");
  const note = useFormField(form, "note");
  const failure = useFormFailure(form.form, ["confirmedBy", "note"]);
  const reload = useQueuesReload();

  async function move(values: { confirmedBy: string; note: string }) {
    failure.clear();
    try {
      const how = staffConfirmations.find((confirmation) => confirmation === values.confirmedBy);
      await moveAtNeedCase(caseId, { status, note: values.note, ...(how ? { confirmedBy: how } : {}) });
      onDone();
      await reload();
    } catch (error) {
      failure.fail(error);
    }
  }

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={move}
      submitLabel={confirming ? "Confirm the death and request the funeral" : stepLabels[status]}
      busyLabel="Saving…"
      before={
        <>
          {confirming ? (
            <p>
              Confirming requests the funeral under the plan: its payments still to come are stopped and the
              funeral director is instructed. It cannot be undone.
            </p>
          ) : null}
          {failure.box(failedTitles[status])}
        </>
      }
    >
      {confirming ? (
        <RadioCards
          name={confirmedBy.id}
          legend={moveLabels.confirmedBy}
          options={staffConfirmations.map((how) => ({ value: how, label: deathConfirmationLabels[how] }))}
          value={confirmedBy.value === "needed" ? null : confirmedBy.value}
          onChange={confirmedBy.onChange}
          error={confirmedBy.error?.[0]}
        />
      ) : null}
      <TextAreaField
        id={note.id}
        label={moveLabels.note}
        hint={stepHints[status]}
        value={note.value}
        onChange={note.onChange}
        error={note.error?.[0]}
      />
    </FormShell>
  );
}

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
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Record the outcome
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Record the outcome"
        type="prompt"
        size="prompt"
      >
        <OutcomeForm owing={owing} onDone={() => setOpen(false)} />
      </Modal>
    </>
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
