"use client";

import { dateFieldsSchema, ownAccountReadAction, staffAuditQuerySchema } from "@kindred/contracts";
import { normalisePlanReference, realDate, staffMessages, type DateOfBirthFields } from "@kindred/domain";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { Checkbox } from "../../components/checkbox";
import { DateOfBirthField } from "../../components/date-of-birth-field";
import { FormShell } from "../../components/form-shell";
import { useCheckboxField, useFormField, useSchemaForm } from "../../components/schema-form";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { staffQueueScreens } from "./staff-queue-screens";
import { staffQueries, type StaffAuditFilters } from "./staff-requests";
import styles from "./staff.module.css";

/**
 * The audit log's filters (issue 50 item 13): who, what, the plan (by its short reference) and the
 * days from and to, typed as day, month and year; a member opening the back office is left out
 * unless asked for. Held to the API's own query rules, so what the screen refuses the API would.
 */

const query = staffAuditQuerySchema.shape;

/** A day left empty is no filter; a day typed is a real one, its problem said at its first field. */
const optionalDay = dateFieldsSchema((fields: DateOfBirthFields) => {
  if (fields.day.trim() === "" && fields.month === "" && fields.year.trim() === "") return {};
  const date = realDate(fields);
  return date.ok ? {} : { day: [staffMessages.auditDayInvalid] };
}).transform((date) => (date.iso8601 === "" ? undefined : date.iso8601));

const filtersForm = z
  .object({
    who: z.string().transform((who) => who || undefined),
    action: z.string().transform((action) => action || undefined),
    // Sent in its written form (KND-7Q4M-2HX9), however it was typed.
    plan: z
      .string()
      .transform((plan) => plan.trim() || undefined)
      .pipe(query.plan)
      .transform((plan) => (plan === undefined ? undefined : (normalisePlanReference(plan) ?? plan))),
    from: optionalDay,
    to: optionalDay,
    ownAccountReads: z.boolean().transform((shown) => (shown ? ("shown" as const) : ("hidden" as const))),
  })
  .superRefine((filters, context) => {
    if (filters.from && filters.to && filters.from > filters.to) {
      context.addIssue({ code: "custom", path: ["to", "day"], message: staffMessages.auditToBeforeFrom });
    }
  });

const labels = {
  who: "Who",
  action: "What was done",
  plan: "Plan reference",
  "from.day": "From",
  "from.month": "From (month)",
  "from.year": "From (year)",
  "to.day": "To",
  "to.month": "To (month)",
  "to.year": "To (year)",
  ownAccountReads: "Show when staff opened the back office",
} as const;

const noDay = { day: "", month: "", year: "" };

/** What was done, in words, for the list to choose from: refusals, then the rest in order of their words. */
function actionChoices(words: Readonly<Record<string, string>>) {
  const refusals = [
    { value: "request.refused", label: "Refused: a request" },
    { value: "staff.sign-in-refused", label: "Refused: sign-in" },
    { value: "staff.sign-in-slowed", label: "Refused: sign-in, asked to wait after too many tries" },
    { value: "staff.sign-in-locked", label: "Refused: sign-in to a locked account" },
  ];
  const queues = Object.values(staffQueueScreens).map((queue) => ({
    value: `queue.${queue.api}.read`,
    label: `Read the ${queue.title.toLowerCase()} queue`,
  }));
  const rest = [...Object.entries(words).map(([value, label]) => ({ value, label })), ...queues].sort(
    (a, b) => a.label.localeCompare(b.label, "en-GB"),
  );
  return [...refusals, ...rest];
}

/** The filters form: `onFilter` is given those chosen, each left out when not. */
export function AuditFilters({
  words,
  onFilter,
}: {
  words: Readonly<Record<string, string>>;
  onFilter: (filters: StaffAuditFilters) => void;
}) {
  const members = useQuery(staffQueries.members());
  const form = useSchemaForm({
    schema: filtersForm,
    idPrefix: "audit-filters",
    labels,
    defaultValues: { who: "", action: "", plan: "", from: noDay, to: noDay, ownAccountReads: false },
  });
  const who = useFormField(form, "who");
  const action = useFormField(form, "action");
  const plan = useFormField(form, "plan");
  // Each part of a day is checked again as the others change: a date is right or wrong whole.
  const from = {
    day: useFormField(form, "from.day", ["from.month", "from.year"]),
    month: useFormField(form, "from.month", ["from.day", "from.year"]),
    year: useFormField(form, "from.year", ["from.day", "from.month"]),
  };
  const to = {
    day: useFormField(form, "to.day", ["to.month", "to.year", "from.day"]),
    month: useFormField(form, "to.month", ["to.day", "to.year"]),
    year: useFormField(form, "to.year", ["to.day", "to.month"]),
  };
  const ownAccountReads = useCheckboxField(form, "ownAccountReads");
  // Choosing to see members opening the back office shows them whatever the switch says.
  const choseOwnAccountReads = action.value === ownAccountReadAction;

  return (
    <section aria-labelledby="audit-filters-title" className={styles.filters}>
      <h2 id="audit-filters-title">Filter the log</h2>
      <FormShell
        form={form.form}
        summary={form.summary}
        onValid={(filters) => onFilter(filters)}
        submitLabel="Show these entries"
        after={
          <button
            type="button"
            className={`button button--secondary ${styles.clearFilters}`}
            onClick={() => {
              form.form.reset();
              onFilter({});
            }}
          >
            Clear the filters
          </button>
        }
      >
        <SelectField
          {...who}
          label={labels.who}
          placeholder="Anyone"
          options={(members.data?.members ?? []).map((member) => ({ value: member.id, label: member.name }))}
        />
        <SelectField
          {...action}
          label={labels.action}
          placeholder="Anything"
          options={actionChoices(words)}
        />
        <TextField
          {...plan}
          label={labels.plan}
          hint="As it is written on the plan, like KND-7Q4M-2HX9. Capitals and dashes do not matter."
          autoComplete="off"
        />
        <DateOfBirthField
          legend={labels["from.day"]}
          hint="The first day, such as 27 November 2026"
          ownDetails={false}
          {...from}
        />
        <DateOfBirthField
          legend={labels["to.day"]}
          hint="The last day, itself included"
          ownDetails={false}
          {...to}
        />
        {choseOwnAccountReads ? null : (
          <Checkbox
            {...ownAccountReads}
            label={labels.ownAccountReads}
            hint="Each member opening the back office reads their own account. It is left out unless you ask for it."
          />
        )}
      </FormShell>
    </section>
  );
}
