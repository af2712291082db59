"use client";

import { moveAtNeedCaseBodySchema } from "@kindred/contracts";
import {
  type AtNeedCaseStep,
  deathConfirmationLabels,
  deathConfirmations,
  staffMessages,
} from "@kindred/domain";
import { useState } from "react";
import { z } from "zod";
import { FormShell } from "../../components/form-shell";
import { Modal } from "../../components/modal";
import { RadioCards } from "../../components/radio-cards";
import { useFormField, useSchemaForm } from "../../components/schema-form";
import { TextAreaField } from "../../components/text-area-field";
import { useFormFailure } from "../../components/use-form-failure";
import { useQueuesReload } from "./staff-queue-parts";
import { moveAtNeedCase, type StaffQueuePages } from "./staff-requests";
import styles from "./staff.module.css";

type AtNeedRow = StaffQueuePages["at-need-cases"]["items"][number];

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
export function MoveFuneralOn({ atNeedCase }: { atNeedCase: AtNeedRow }) {
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
