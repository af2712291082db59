"use client";

import {
  closeAtNeedCaseBodySchema,
  matchAtNeedCaseBodySchema,
  type CloseAtNeedCaseBody,
  type MatchAtNeedCaseBody,
} from "@kindred/contracts";
import { useContext, useState } from "react";
import { FormShell } from "../../components/form-shell";
import { Modal } from "../../components/modal";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { TextAreaField } from "../../components/text-area-field";
import { TextField } from "../../components/text-field";
import { useFormFailure } from "../../components/use-form-failure";
import { useOneAtATime } from "./confirm-first";
import { PlanFinder } from "./plan-finder";
import { SayDone, useQueuesReload } from "./staff-queue-parts";
import { closeAtNeedCase, matchAtNeedCase, type StaffQueuePages } from "./staff-requests";
import styles from "./staff.module.css";

/**
 * What staff do with a report of a death that matched no plan (issue 50 item 8): match it to the
 * plan they find (it is then reported, as a report matched online is, and waits to be confirmed:
 * decision 040), or close it as not one of ours, saying why. One press sends once; a refusal (the
 * report matched or closed a moment ago by someone else) is said in the API's words.
 */

type UnmatchedReport = StaffQueuePages["at-need-cases"]["items"][number];
type Action = "match" | "close";

const actionLabels: Record<Action, string> = { match: "Match to a plan", close: "Close as not ours" };

export function UnmatchedReportActions({ report }: { report: UnmatchedReport }) {
  const [open, setOpen] = useState<Action | null>(null);
  return (
    <div className={styles.actions}>
      {(["match", "close"] as const).map((action) => (
        <button
          key={action}
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(action)}
        >
          {actionLabels[action]}
        </button>
      ))}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${actionLabels[open]}: ${report.personName}` : ""}
        type="prompt"
        size="prompt"
      >
        {open === "match" ? <MatchForm report={report} onDone={() => setOpen(null)} /> : null}
        {open === "close" ? <CloseForm report={report} onDone={() => setOpen(null)} /> : null}
      </Modal>
    </div>
  );
}

const matchLabels = { plan: "Plan reference", note: "How you know it is this plan" } as const;

function MatchForm({ report, onDone }: { report: UnmatchedReport; onDone: () => void }) {
  const form = useSchemaForm({
    schema: matchAtNeedCaseBodySchema,
    idPrefix: `match-${report.caseId}`,
    labels: matchLabels,
    defaultValues: { plan: "", note: "" },
  });
  const plan = useFormField(form, "plan");
  const note = useFormField(form, "note");
  const failure = useFormFailure(form.form, ["plan", "note"]);
  const reload = useQueuesReload();
  const sayDone = useContext(SayDone);
  const { run } = useOneAtATime();

  const match = (body: MatchAtNeedCaseBody) =>
    run(async () => {
      failure.clear();
      const matched = await matchAtNeedCase(report.caseId, body);
      onDone();
      sayDone(
        `${report.personName}'s report is matched to plan ${matched.planReference ?? body.plan}. It is now waiting to be confirmed, and everyone on the plan is being emailed.`,
      );
      await reload();
    }, failure.fail);

  return (
    <>
      <PlanFinder
        searchFirst={report.personName}
        onChoose={(chosen) => {
          plan.onChange(chosen);
          form.form.clearErrors("plan");
        }}
      />
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={match}
        submitLabel="Match to this plan"
        busyLabel="Matching…"
        before={
          <>
            <p>
              The report then stands under the plan, as if it had matched when it was sent: everyone on the
              plan is emailed that we were told, with a way to tell us it is not right. Nothing about the plan
              changes until the death is confirmed.
            </p>
            {failure.box("The report was not matched")}
          </>
        }
      >
        <TextField
          {...plan}
          label={matchLabels.plan}
          hint="Choose a plan found above, or paste its reference from the plan's page."
          autoComplete="off"
        />
        <TextAreaField
          id={note.id}
          label={matchLabels.note}
          hint="What you checked: the date of birth, the address, a call to the person who told us. It is kept with the case as written."
          value={note.value}
          onChange={note.onChange}
          error={note.error?.[0]}
        />
      </FormShell>
    </>
  );
}

const closeLabels = { reason: "Why it is not one of our plans" } as const;

function CloseForm({ report, onDone }: { report: UnmatchedReport; onDone: () => void }) {
  const form = useSchemaForm({
    schema: closeAtNeedCaseBodySchema,
    idPrefix: `close-${report.caseId}`,
    labels: closeLabels,
    defaultValues: { reason: "" },
  });
  const reason = useFormField(form, "reason");
  const failure = useFormFailure(form.form, ["reason"]);
  const reload = useQueuesReload();
  const sayDone = useContext(SayDone);
  const { run } = useOneAtATime();

  const close = (body: CloseAtNeedCaseBody) =>
    run(async () => {
      failure.clear();
      await closeAtNeedCase(report.caseId, body);
      onDone();
      sayDone(`${report.personName}'s report is closed as not one of our plans, with your reason.`);
      await reload();
    }, failure.fail);

  return (
    <FormShell
      form={form.form}
      summary={form.summary}
      onValid={close}
      submitLabel="Close as not ours"
      busyLabel="Closing…"
      before={
        <>
          <p>
            The report leaves the queue. It is kept, with your reason, under &ldquo;Closed as not one of our
            plans&rdquo;.
          </p>
          {failure.box("The report was not closed")}
        </>
      }
    >
      <TextAreaField
        id={reason.id}
        label={closeLabels.reason}
        hint="Whom you spoke to and what you found, such as a plan with another provider. It is kept with the case as written."
        value={reason.value}
        onChange={reason.onChange}
        error={reason.error?.[0]}
      />
    </FormShell>
  );
}
